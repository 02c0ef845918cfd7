/**
 * The admin area's layout: its navigation and page frame around each admin page. Its loader refuses
 * anyone but an admin, so a denied visitor sees the access card without the admin navigation; each page
 * keeps its own `requireAdmin` too, because a parent's loader does not guard its children (their loaders
 * and actions run on their own).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AdminNav } from "~/components/admin-nav";
import { requireAdmin } from "~/infra/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <>
      <AdminNav />
      <div className="px-4 py-10">
        <Outlet />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
