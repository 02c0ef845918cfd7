/**
 * Staff's "Waiting for your signature" (the dashboard and /admin/agreements): every agreement whose next signer is
 * this member of staff (app/models/agreement-lists.server.ts `waitingForStaff`), with who signed already and since
 * when, each linking to its signing page.
 */
import { Link } from "@remix-run/react";
import { formatDateTime } from "~/lib/format";

export type WaitingRow = {
  id: number;
  title: string;
  forBroker: boolean;
  signedBy: string[];
  since: string | null;
  href: string;
};

export function WaitingForSignature({ rows, className = "" }: { rows: WaitingRow[]; className?: string }) {
  return (
    <section className={className} aria-labelledby="waiting-title" data-testid="waiting-for-signature">
      <h2 id="waiting-title" className="text-lg font-semibold">
        Waiting for your signature
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing waits for your signature.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <Link to={r.href} className="font-semibold text-brand-700 underline">
                {r.title}
              </Link>
              <span className="text-slate-600">
                {r.signedBy.length ? `Signed by ${r.signedBy.join(" and ")}` : "Ready for you"}
                {r.since ? ` · since ${formatDateTime(r.since)}` : ""}
                {r.forBroker ? " · for the broker" : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
