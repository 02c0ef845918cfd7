/**
 * /admin/transactions/{id}: a transaction's workspace (docs/workspace.md). This layout holds what every tab shows
 * (Back to Dashboard, the address, the Buyer or Seller label, the client, the tab bar); the overview
 * (`admin.transactions.$id._index.tsx`) and each part of the deal (`admin.transactions.$id.offers.tsx`, …) load
 * only their own data and hold their own forms. An old anchor of the one-page workspace (`#offers`, in e-mails
 * sent before the tabs) opens its tab with JavaScript; without it the overview's summary line of that part, which
 * carries the anchor, links to the tab.
 */
import type { LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, useMatches, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { TransactionTabs } from "~/components/transaction-tabs";
import { fullName } from "~/lib/format";
import { homeTitle } from "~/lib/home-name";
import { tabOfAnchor, tabPath, type TabKey } from "~/lib/workspace-tabs";
import { getUserById } from "~/models/user.server";
import { openWorkspace } from "~/sections/workspace.server";

export type WorkspaceData = SerializeFrom<typeof loader>;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, transaction } = await openWorkspace(request, params);
  const client = getUserById(db, transaction.userId);
  return {
    id: transaction.id,
    title: homeTitle(transaction),
    type: transaction.type,
    status: transaction.status,
    client: client
      ? {
          name: fullName(client) || null,
          email: client.email,
          firstName: client.firstName ?? "",
          lastName: client.lastName ?? "",
        }
      : null,
  };
}

export default function TransactionWorkspace() {
  const { id, title, type, status, client } = useLoaderData<typeof loader>();
  const current = (useMatches().at(-1)?.handle as { tab?: TabKey } | undefined)?.tab ?? "overview";
  const location = useLocation();
  const navigate = useNavigate();
  // An old anchor of the one-page workspace: its part is a tab now.
  useEffect(() => {
    const tab = current === "overview" ? tabOfAnchor(location.hash) : null;
    if (tab) navigate(`${tabPath(id, tab)}${location.search}${location.hash}`, { replace: true });
  }, [current, id, location.hash, location.search, navigate]);
  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/admin" className="inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold">
        Back to Dashboard
      </Link>
      <div className="mt-4 flex flex-wrap items-baseline gap-3">
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        <span
          className="rounded-full bg-brand-100 px-3 py-0.5 text-sm font-semibold text-brand-700"
          data-testid="role-label"
        >
          {type === "buying" ? "Buyer" : "Seller"}
        </span>
        <span className="text-sm capitalize text-slate-600">{status}</span>
      </div>
      {client ? (
        <p className="mt-1 text-sm text-slate-600">
          Client: {client.name ? `${client.name} · ` : ""}
          <a className="text-brand-700 underline" href={`mailto:${client.email}`}>
            {client.email}
          </a>
        </p>
      ) : null}
      <TransactionTabs id={id} current={current} selling={type === "selling"} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
