/**
 * /admin/transactions/{id}/history: the transaction's History tab (admins, and its agent and
 * collaborators for their own; anyone else 404): who opened, downloaded or changed what in it, newest
 * first, 50 a page by id.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AuditTable } from "~/components/audit-table";
import { TransactionTabs } from "~/components/transaction-tabs";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { idParam, modelCall, parseId } from "~/infra/http.server";
import { NotFoundError } from "~/lib/errors";
import { formatDateTime } from "~/lib/format";
import { privatePageMeta } from "~/lib/seo";
import { listAudit, mayReadHistory, toAuditRow } from "~/models/audit.server";
import { getTransaction } from "~/models/transaction.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privatePageMeta(data ? `History: ${data.title}` : "History");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const db = getDb();
  const id = idParam(params.id);
  const transaction = modelCall(() => {
    if (!mayReadHistory(db, staff, id)) throw new NotFoundError("Transaction not found");
    return getTransaction(db, staff, id);
  });
  const before = parseId(new URL(request.url).searchParams.get("before")) ?? undefined;
  const page = listAudit(db, staff, { transactionId: id, before });
  return {
    id,
    title: transaction.propertyAddress ?? `Transaction ${id}`,
    events: page.events.map((e) => toAuditRow(e, formatDateTime)),
    next: page.next,
    canExport: staff.isAdmin,
  };
}

export default function TransactionHistory() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl">
      <Link to={`/admin/transactions/${d.id}`} className="text-sm">
        Back to the transaction
      </Link>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">History: {d.title}</h1>
        {d.canExport ? (
          <a href={`/admin/transactions/${d.id}/export`} download className="text-sm">
            Export the file (ZIP)
          </a>
        ) : null}
      </div>
      <TransactionTabs id={d.id} current="History" />
      <p className="mt-3 text-sm text-slate-600">
        Every view and download of a document, every change and who made it, newest first. Kept for good: nothing here
        can be changed or removed.
      </p>
      <AuditTable events={d.events} olderHref={d.next ? `?before=${d.next}` : null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
