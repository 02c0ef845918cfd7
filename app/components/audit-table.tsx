/**
 * Audit events as a table (a transaction's History tab, /admin/audit): when, who (and their role), what,
 * on which record, from which address, and the change (each field's before → after). Newest first; the
 * pager is a plain "Older" link by id (`before`), so it works without JavaScript and at millions of rows.
 */
import { Link } from "@remix-run/react";
import { AdminTable } from "~/components/admin-table";

export type AuditRow = {
  id: number;
  at: string;
  actor: { id: string | null; name: string; role: string };
  action: string;
  subject: { type: string; id: string | null };
  transactionId: number | null;
  ip: string | null;
  changes: string;
};

export function AuditTable({
  events,
  olderHref,
  showTransaction = false,
}: {
  events: AuditRow[];
  /** The next (older) page, or null on the last one. */
  olderHref: string | null;
  showTransaction?: boolean;
}) {
  if (events.length === 0) return <p className="mt-4 text-slate-600">Nothing recorded yet.</p>;
  return (
    <>
      <AdminTable
        columns={["When", "Who", "What", ...(showTransaction ? ["Transaction"] : []), "Change", "From"]}
        cardsOnPhone
      >
        {events.map((e) => (
          <tr key={e.id} className="border-b border-slate-100 align-top last:border-0" data-testid="audit-row">
            {/* Each cell's content is one element: on a phone a cell is a grid of its label and that one element. */}
            <td data-label="When" className="px-3 py-2 sm:whitespace-nowrap">
              {e.at}
            </td>
            <td data-label="Who" className="px-3 py-2">
              <span className="break-words">
                {e.actor.name} <span className="text-slate-500">({e.actor.role})</span>
              </span>
            </td>
            <td data-label="What" className="px-3 py-2">
              <span className="break-words">
                <code data-testid="audit-action">{e.action}</code>
                {e.subject.id ? (
                  <span className="text-slate-500">
                    {" "}
                    · {e.subject.type} {e.subject.id}
                  </span>
                ) : null}
              </span>
            </td>
            {showTransaction ? (
              <td data-label="Transaction" className="px-3 py-2">
                {e.transactionId ? <Link to={`/admin/transactions/${e.transactionId}`}>{e.transactionId}</Link> : "—"}
              </td>
            ) : null}
            <td data-label="Change" className="max-w-md break-words px-3 py-2 text-slate-700 [overflow-wrap:anywhere]">
              {e.changes || "—"}
            </td>
            <td data-label="From" className="px-3 py-2 text-slate-500">
              {e.ip ?? "—"}
            </td>
          </tr>
        ))}
      </AdminTable>
      {olderHref ? (
        <nav aria-label="Pages" className="mt-4 text-sm">
          <Link to={olderHref}>Older →</Link>
        </nav>
      ) : null}
    </>
  );
}
