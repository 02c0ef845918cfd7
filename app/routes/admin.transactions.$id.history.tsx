/**
 * /admin/transactions/{id}/history, the workspace's History tab (admins, and its agent and collaborators for their
 * own; anyone else 404): who opened, downloaded or changed what in it, newest first, 50 a page by id.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AuditTable } from "~/components/audit-table";
import { PageSection } from "~/components/page-section";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { idParam, modelCall, parseId } from "~/infra/http.server";
import { NotFoundError } from "~/lib/errors";
import { formatDateTime } from "~/lib/format";
import { workspaceMeta } from "~/lib/workspace-tabs";
import { listAudit, mayReadHistory, toAuditRow } from "~/models/audit.server";

export const handle = { tab: "history" };

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, "History");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const db = getDb();
  const id = idParam(params.id);
  modelCall(() => {
    if (!mayReadHistory(db, staff, id)) throw new NotFoundError("Transaction not found");
  });
  const before = parseId(new URL(request.url).searchParams.get("before")) ?? undefined;
  const page = listAudit(db, staff, { transactionId: id, before });
  return {
    id,
    events: page.events.map((e) => toAuditRow(e, formatDateTime)),
    next: page.next,
    canExport: staff.isAdmin,
  };
}

export default function TransactionHistory() {
  const d = useLoaderData<typeof loader>();
  return (
    <PageSection
      id="history"
      title="History"
      aside={
        d.canExport ? (
          <a href={`/admin/transactions/${d.id}/export`} download className="text-sm">
            Export the file (ZIP)
          </a>
        ) : null
      }
    >
      <p className="mt-2 text-sm text-slate-600">
        Every view and download of a document, every change and who made it, newest first. Kept for good: nothing here
        can be changed or removed.
      </p>
      <AuditTable events={d.events} olderHref={d.next ? `?before=${d.next}` : null} />
    </PageSection>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
