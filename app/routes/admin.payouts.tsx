/**
 * /admin/payouts (docs/payouts.md): the agents' earnings from completed transactions, by the plan at the
 * time of each. An admin sees every agent's, per agent and per month, and downloads the year as CSV (for the
 * 1099s); an agent sees their own: the year so far and how much of their plan year's cap the brokerage's share has
 * reached. `?year=` (four digits; this year by default).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AdminTable } from "~/components/admin-table";
import { card } from "~/components/card";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { fullName } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { formatPlainDate } from "~/lib/plain-date";
import { privatePageMeta } from "~/lib/seo";
import { capSoFar, listPayouts, payoutYear } from "~/models/commission.server";
import { listTeam } from "~/models/team.server";

export const meta: MetaFunction = () => privatePageMeta("Payouts");

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const db = getDb();
  const year = payoutYear(new URL(request.url).searchParams.get("year")) ?? payoutYear(null)!;
  const { items, totals } = listPayouts(db, staff, { year });
  const names = staff.isAdmin
    ? new Map(listTeam(db, staff).map((p) => [p.id, p.name]))
    : new Map([[staff.id, fullName(staff) || staff.email]]);
  // Per agent, per month (the agent's own: one row).
  const rows = new Map<string, number[]>();
  for (const p of items) {
    const key = p.agentId ?? "";
    const months = rows.get(key) ?? Array<number>(12).fill(0);
    months[Number(p.closedOn.slice(5, 7)) - 1]! += p.agentCents;
    rows.set(key, months);
  }
  const cap = staff.isAdmin ? null : capSoFar(db, staff);
  return {
    year,
    admin: staff.isAdmin,
    byAgent: [...rows].map(([id, months]) => ({
      name: names.get(id) ?? "(no longer on the team)",
      months: months.map((c) => (c ? formatMoney(c) : "")),
      total: formatMoney(months.reduce((a, b) => a + b, 0)),
    })),
    items: staff.isAdmin
      ? []
      : items.map((p) => ({
          id: p.transactionId,
          title: p.title,
          closedOn: formatPlainDate(p.closedOn),
          gross: formatMoney(p.grossCents),
          agent: formatMoney(p.agentCents),
        })),
    totals: { agent: formatMoney(totals.agentCents), brokerage: formatMoney(totals.brokerageCents + totals.feeCents) },
    cap: cap
      ? {
          from: formatPlainDate(cap.from),
          paid: formatMoney(cap.paidCents),
          of: cap.capCents === null ? null : formatMoney(cap.capCents),
          reached: cap.reached,
        }
      : null,
  };
}

export default function Payouts() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-bold text-brand-900">Payouts {d.year}</h1>
      <nav aria-label="Years" className="mt-2 flex flex-wrap gap-4 text-sm">
        <Link to={`?year=${d.year - 1}`}>{d.year - 1}</Link>
        <Link to={`?year=${d.year + 1}`}>{d.year + 1}</Link>
        {d.admin ? (
          <a href={`/admin/payouts.csv?year=${d.year}`} download>
            Download {d.year} as CSV (for the 1099s)
          </a>
        ) : null}
      </nav>
      <p className="mt-3 text-slate-700" data-testid="payout-totals">
        {d.admin
          ? `Agents earned ${d.totals.agent} in ${d.year}; the brokerage kept ${d.totals.brokerage}.`
          : `You earned ${d.totals.agent} in ${d.year}.`}
      </p>
      {d.cap ? (
        <p className="mt-1 text-slate-700" data-testid="payout-cap">
          {d.cap.of === null
            ? `Your plan has no cap; the brokerage's share since ${d.cap.from}: ${d.cap.paid}.`
            : d.cap.reached
              ? `Cap reached: the brokerage's share since ${d.cap.from} is ${d.cap.paid} of ${d.cap.of}; you keep 100 % until your next anniversary.`
              : `The brokerage's share since ${d.cap.from}: ${d.cap.paid} of your ${d.cap.of} cap.`}
        </p>
      ) : null}
      {d.byAgent.length === 0 ? (
        <p className={`mt-6 ${card} p-6 text-slate-600`}>No payouts in {d.year}.</p>
      ) : (
        <AdminTable columns={["Agent", ...MONTHS, "Year"]} cardsOnPhone>
          {d.byAgent.map((row) => (
            <tr key={row.name} className="border-b border-slate-100" data-testid="payout-row">
              <td data-label="Agent" className="px-3 py-2 font-semibold">
                {row.name}
              </td>
              {row.months.map((m, i) => (
                <td
                  key={i}
                  data-label={MONTHS[i]}
                  className={`px-2 py-2 text-right tabular-nums ${m ? "" : "max-sm:hidden"}`}
                >
                  {m}
                </td>
              ))}
              <td data-label="Year" className="px-3 py-2 text-right font-semibold tabular-nums">
                {row.total}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {d.items.length ? (
        <ul className="mt-6 space-y-1 text-sm">
          {d.items.map((p) => (
            <li key={p.id}>
              {p.closedOn}: <Link to={`/admin/transactions/${p.id}`}>{p.title}</Link>, commission {p.gross}, yours{" "}
              {p.agent}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
