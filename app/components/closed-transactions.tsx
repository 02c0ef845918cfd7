/**
 * The portal's "Your closed transactions": each completed or cancelled purchase or sale of the client,
 * its address, when it closed and at what price, and its agent, opening its read-only view
 * (app/routes/client-portal_.closed.$id.tsx).
 */
import { Link } from "@remix-run/react";
import { PageSection } from "~/components/page-section";
import { formatMoney } from "~/lib/money";
import { formatDayWords } from "~/lib/plain-date";

export type ListedClosedTransaction = {
  id: number;
  type: "buying" | "selling";
  status: "completed" | "cancelled";
  address: string;
  closedOn: string | null;
  closingPriceCents: number | null;
  agentName: string | null;
};

/** "Sold on March 3, 2027 for $845,000", "Bought on ...", "Cancelled on ...". */
export function closedLine(t: ListedClosedTransaction) {
  const verb = t.status === "cancelled" ? "Cancelled" : t.type === "selling" ? "Sold" : "Bought";
  const on = t.closedOn ? ` on ${formatDayWords(t.closedOn)}` : "";
  const price = t.closingPriceCents !== null ? ` for ${formatMoney(t.closingPriceCents)}` : "";
  return `${verb}${on}${price}`;
}

export function ClosedTransactions({ list }: { list: ListedClosedTransaction[] }) {
  if (list.length === 0) return null;
  return (
    <PageSection id="closed-transactions" title="Your closed transactions">
      <ul
        className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200"
        data-testid="closed-transactions"
      >
        {list.map((t) => (
          <li key={t.id} className="px-4 py-3" data-testid="closed-transaction">
            <Link to={`/client-portal/closed/${t.id}`} className="font-medium text-brand-700 underline">
              {t.address}
            </Link>
            <p className="text-sm text-slate-700">
              {closedLine(t)}
              {t.agentName ? ` · Your agent: ${t.agentName}` : ""}
            </p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
