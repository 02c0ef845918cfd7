/**
 * The admin area's layout: its navigation and page frame around each admin page. It has no loader of its
 * own (a parent's loader does not guard its children, whose loaders and actions run on their own): each
 * page starts with `requireAdmin` or `requireStaff`, and the navigation shows only to staff (the root
 * loader's user: an agent's has their pages only), so a denied visitor sees the access card alone.
 */
import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AdminNav } from "~/components/admin-nav";
import { linkedStylesheet } from "~/components/inline-styles";
import type { RootData } from "~/root";

export const handle = linkedStylesheet;

export default function AdminLayout() {
  const user = useRouteLoaderData<RootData>("root")?.user;
  return (
    <>
      {user?.isAdmin || user?.isAgent ? <AdminNav admin={user.isAdmin} /> : null}
      {/* Links in the back office's pages look like links (app/tailwind.css `.content-links`). */}
      <div className="content-links px-4 py-10">
        <Outlet />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
