/**
 * A sale's open offers side by side, compared by what each nets the seller (the net sheet's estimate of
 * its terms): a chart of the nets (an SVG bar each, the best marked) over a table that is its text
 * alternative, sortable by any column with plain links (`?offerSort=&offerDir=`, no JavaScript needed).
 */
import { Link } from "@remix-run/react";
import { Countdown } from "~/components/countdown";
import type { ListedOffer, OfferSortKey } from "~/lib/offer-view";
import { formatMoney } from "~/lib/money";
import { OFFER_STATUS_LABELS } from "~/lib/offer-rules";
import { FINANCING_LABELS } from "~/lib/offer-schema";

const COLUMNS: Array<{ key: OfferSortKey | null; label: string }> = [
  { key: null, label: "Offer" },
  { key: "price", label: "Price" },
  { key: "net", label: "Net to you" },
  { key: null, label: "Vs best" },
  { key: "financing", label: "Financing" },
  { key: "deposit", label: "Deposit" },
  { key: "close", label: "Close" },
  { key: "contingencies", label: "Contingencies" },
  { key: "credits", label: "Credits" },
  { key: "expiry", label: "Time left" },
];

export const offerName = (o: Pick<ListedOffer, "buyerName" | "listingAddress" | "id">) =>
  o.buyerName ?? o.listingAddress ?? `Offer ${o.id}`;

export const contingencyText = (c: ListedOffer["latest"]["contingencies"]) =>
  [c.investigation, c.appraisal, c.loan].every((d) => d === 0)
    ? "none"
    : [c.investigation, c.appraisal, c.loan].map((d) => (d === 0 ? "waived" : `${d} d`)).join(" / ");

export function OfferCompare({
  offers,
  sort,
  dir,
  now,
}: {
  offers: ListedOffer[];
  sort: OfferSortKey;
  dir: "asc" | "desc";
  now: string;
}) {
  const best = Math.max(...offers.map((o) => o.net ?? 0));
  return (
    <div className="mt-4">
      <NetChart offers={offers} best={best} />
      <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full min-w-[56rem] text-left text-sm" data-testid="offer-compare">
          <caption className="sr-only">Open offers, {sortCaption(sort, dir)}</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600">
            <tr>
              {COLUMNS.map((c) => (
                <th key={c.label} scope="col" className="px-3 py-2" aria-sort={ariaSort(c.key, sort, dir)}>
                  {c.key ? (
                    <Link
                      to={`?offerSort=${c.key}&offerDir=${c.key === sort && dir === "desc" ? "asc" : "desc"}#offers`}
                      preventScrollReset
                      className="inline-flex min-h-11 items-center underline"
                    >
                      {c.label}
                      {c.key === sort ? <span aria-hidden="true">{dir === "desc" ? " ↓" : " ↑"}</span> : null}
                    </Link>
                  ) : (
                    c.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {offers.map((o) => (
              <tr key={o.id} data-testid="offer-row">
                <th scope="row" className="px-3 py-2 font-semibold">
                  <Link to={`?offer=${o.id}#offer`} preventScrollReset className="text-brand-700 underline">
                    {offerName(o)}
                  </Link>
                  <span className="block text-xs font-normal text-slate-600">
                    {OFFER_STATUS_LABELS[o.status]}
                    {o.rounds > 1 ? ` · round ${o.rounds}` : ""}
                  </span>
                </th>
                <td className="px-3 py-2">{formatMoney(o.latest.priceCents)}</td>
                <td className="px-3 py-2 font-semibold" data-testid="offer-net">
                  {o.net === null ? "—" : formatMoney(o.net)}
                </td>
                <td className="px-3 py-2">
                  {o.net === null || o.net === best ? "best" : `−${formatMoney(best - o.net)}`}
                </td>
                <td className="px-3 py-2">
                  {FINANCING_LABELS[o.latest.financing]}
                  {o.latest.financing === "cash" ? "" : `, ${o.latest.downPaymentPercent}% down`}
                </td>
                <td className="px-3 py-2">{formatMoney(o.latest.depositCents)}</td>
                <td className="px-3 py-2">{o.latest.closeOfEscrowDays} days</td>
                <td className="px-3 py-2">{contingencyText(o.latest.contingencies)}</td>
                <td className="px-3 py-2">{formatMoney(o.latest.sellerCreditCents + o.latest.buyerAgentPayCents)}</td>
                <td className="px-3 py-2">
                  <Countdown until={o.expiresAt} now={now} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const SORT_WORDS: Record<OfferSortKey, string> = {
  net: "net to you",
  price: "price",
  financing: "financing",
  deposit: "deposit",
  close: "close of escrow",
  contingencies: "contingency days",
  credits: "credits",
  expiry: "time left",
};
const sortCaption = (sort: OfferSortKey, dir: "asc" | "desc") =>
  `by ${SORT_WORDS[sort]}, ${dir === "desc" ? "highest first" : "lowest first"}`;

const ariaSort = (key: OfferSortKey | null, sort: OfferSortKey, dir: "asc" | "desc") =>
  key === null ? undefined : key === sort ? (dir === "desc" ? "descending" : "ascending") : "none";

/** The nets as bars from a common floor, so that close offers still look different; the best in green. */
function NetChart({ offers, best }: { offers: ListedOffer[]; best: number }) {
  const nets = offers.map((o) => o.net ?? 0);
  const low = Math.min(...nets);
  const floor = Math.max(0, low - Math.max((best - low) * 0.5, best * 0.02));
  const width = 600;
  const row = 28;
  const label = 200;
  const ranked = [...offers].sort((a, b) => (b.net ?? 0) - (a.net ?? 0));
  return (
    <figure aria-labelledby="offer-chart-caption">
      <figcaption id="offer-chart-caption" className="text-sm font-semibold text-slate-700">
        Net to you by offer (the table below has the same figures)
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${ranked.length * row + 8}`}
        className="mt-2 h-auto w-full max-w-2xl"
        aria-hidden="true"
        data-testid="offer-chart"
      >
        {ranked.map((o, i) => {
          const net = o.net ?? 0;
          const bar = Math.max(4, ((net - floor) / Math.max(1, best - floor)) * (width - label - 90));
          return (
            <g key={o.id} transform={`translate(0 ${i * row + 4})`}>
              <text x={label - 8} y={17} textAnchor="end" fontSize="13" fill="#334155">
                {offerName(o).slice(0, 26)}
              </text>
              <rect x={label} y={3} width={bar} height={row - 8} rx={3} fill={net === best ? "#15803d" : "#1565c0"} />
              <text x={label + bar + 6} y={17} fontSize="13" fill="#0f172a">
                {formatMoney(net)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
