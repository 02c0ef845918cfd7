/**
 * The leads offered to an agent under first to claim (app/models/routing.server.ts `offeredLeads`), where
 * they work: the dashboard's line "3 leads waiting to be claimed" and the list on /admin/leads, each with
 * its Claim page (the alert e-mail's link). Nothing when none is open.
 */
import { Link } from "@remix-run/react";
import { countOf } from "~/lib/plural";

export type OfferedLead = { id: number; name: string; createdAt: string; claimUntil: string };

const claimPath = (id: number) => `/admin/leads/${id}/claim`;

/** The dashboard's line, linking to the list. */
export function OfferedLeadsLine({ total }: { total: number }) {
  if (total === 0) return null;
  return (
    <p
      className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-900"
      data-testid="offered-leads-count"
    >
      <Link to="/admin/leads#offered" className="underline">
        {countOf(total, "lead")} waiting to be claimed
      </Link>
    </p>
  );
}

/** The list on /admin/leads: who, when they wrote, until when the claim is open. */
export function OfferedLeadsList({ rows, total }: { rows: OfferedLead[]; total: number }) {
  if (total === 0) return null;
  return (
    <section
      id="offered"
      aria-labelledby="offered-title"
      className="mt-4 scroll-mt-20 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="offered-title" className="text-lg font-semibold text-amber-900">
        {countOf(total, "lead")} waiting to be claimed
      </h2>
      <p className="text-sm text-slate-700">
        The first agent to claim a lead has it; unclaimed in time, the admins do.
      </p>
      <ul className="mt-2 grid gap-2">
        {rows.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="offered-lead">
            <span>
              <span className="font-semibold">{r.name}</span>{" "}
              <span className="text-sm text-slate-600">
                wrote {r.createdAt}; open until {r.claimUntil}
              </span>
            </span>
            <Link
              to={claimPath(r.id)}
              className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
              aria-label={`Claim ${r.name}`}
            >
              Claim
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
