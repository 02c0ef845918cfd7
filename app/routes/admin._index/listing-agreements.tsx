/**
 * The dashboard's listing agreements to act on: not signed by everyone yet (where each stands, in words), or ending
 * within 30 days (app/models/agreement-lists.server.ts).
 */
import { Link } from "@remix-run/react";
import { formatPlainDate } from "~/lib/plain-date";
import { panel } from "./panel";

export type ListingWarning = {
  id: number;
  title: string;
  warning: "unsigned" | "ending";
  state: string;
  endsOn: string | null;
  href: string;
};

export function ListingAgreements({ rows }: { rows: ListingWarning[] }) {
  if (rows.length === 0) return null;
  return (
    <section className={`${panel} mt-6`} aria-labelledby="listing-agreements-title" data-testid="listing-agreements">
      <h2 id="listing-agreements-title" className="text-lg font-semibold">
        Listing agreements to act on
      </h2>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {rows.map((r) => (
          <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <Link to={r.href} className="font-semibold text-brand-700 underline">
              {r.title}
            </Link>
            <span className={r.warning === "unsigned" ? "text-amber-800" : "text-slate-600"}>
              {r.state}
              {r.endsOn ? ` · ends ${formatPlainDate(r.endsOn)}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
