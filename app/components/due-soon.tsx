/** Staff's "Due in the next 7 days" card on /admin: open deadlines of every active transaction, soonest first. */
import { Link } from "@remix-run/react";
import { relativeDay } from "~/components/deadlines";
import { formatPlainDate } from "~/lib/plain-date";
import { tabPath } from "~/lib/workspace-tabs";

export type DueSoonRow = {
  id: number;
  transactionId: number;
  title: string;
  dueOn: string;
  propertyAddress: string | null;
  clientName: string;
};

export function DueSoonCard({ rows, today, className }: { rows: DueSoonRow[]; today: string; className: string }) {
  return (
    <section className={className} aria-labelledby="due-soon-title" data-testid="due-soon">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="due-soon-title" className="text-lg font-semibold">
          Due in the next 7 days
        </h2>
        <Link to="/admin/holidays" className="text-sm text-brand-700 underline">
          Holidays and the staff calendar
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No contract deadline in the next 7 days.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 text-sm">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <Link
                to={`${tabPath(r.transactionId, "contract")}#contract`}
                className="font-semibold text-brand-700 underline"
              >
                {r.title} — {r.propertyAddress ?? "Address to be confirmed"}
              </Link>
              <span className="text-slate-700">
                <time dateTime={r.dueOn}>{formatPlainDate(r.dueOn)}</time> · {relativeDay(today, r.dueOn)} ·{" "}
                {r.clientName}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
