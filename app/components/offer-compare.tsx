/**
 * A sale's open offers side by side, compared by what each nets the seller (the net sheet of its terms
 * with the seller's figures): a chart of the nets (bars from $0, so a 1.6 % difference looks like one; the
 * best in green) over a table that is its text alternative, sortable by any column with plain links
 * (`?offerSort=&offerDir=`, no JavaScript needed). On a phone each row is a card with every term, its
 * label beside it; wider, the table scrolls sideways and says so.
 */
import { Link } from "@remix-run/react";
import { Countdown } from "~/components/countdown";
import type { ListedOffer, OfferSortKey, RoundTerms } from "~/lib/offer-view";
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
  { key: "agentPay", label: "Buyer's agent pay" },
  { key: "expiry", label: "Time left" },
];

export const offerName = (o: Pick<ListedOffer, "buyerName" | "listingAddress" | "id">) =>
  o.buyerName ?? o.listingAddress ?? `Offer ${o.id}`;

export const contingencyText = (c: ListedOffer["latest"]["contingencies"]) =>
  [c.investigation, c.appraisal, c.loan].every((d) => d === 0)
    ? "none"
    : [c.investigation, c.appraisal, c.loan].map((d) => (d === 0 ? "waived" : `${d} d`)).join(" / ");

/** "$29,375 (2.5%)" or "$12,000". */
export const agentPayText = (r: Pick<RoundTerms, "buyerAgentPayCents" | "buyerAgentPayPercent">) =>
  `${formatMoney(r.buyerAgentPayCents)}${r.buyerAgentPayPercent === null ? "" : ` (${r.buyerAgentPayPercent}%)`}`;

/** A cell: a table cell from a phone's width up, a labelled line of a card below it. */
const cell =
  "px-2 py-2 max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:py-1 max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]";

export function OfferCompare({
  offers,
  sort,
  dir,
  now,
  basis,
}: {
  offers: ListedOffer[];
  sort: OfferSortKey;
  dir: "asc" | "desc";
  now: string;
  /** What the nets are after ("after your $520,000 payoff"), said under each. */
  basis: string | null;
}) {
  const best = Math.max(...offers.map((o) => o.net ?? 0));
  const sortLink = (key: OfferSortKey) =>
    `?offerSort=${key}&offerDir=${key === sort && dir === "desc" ? "asc" : "desc"}#offers`;
  return (
    <div className="mt-4">
      <NetChart offers={offers} best={best} />
      <nav aria-label="Sort the offers" className="mt-4 flex flex-wrap gap-x-3 text-sm sm:hidden">
        <span className="text-slate-600">Sort by:</span>
        {COLUMNS.filter((c) => c.key).map((c) => (
          <Link
            key={c.key}
            to={sortLink(c.key!)}
            preventScrollReset
            className="inline-flex min-h-11 items-center underline"
          >
            {c.label}
            {c.key === sort ? <span aria-hidden="true">{dir === "desc" ? " ↓" : " ↑"}</span> : null}
          </Link>
        ))}
      </nav>
      <p className="mt-4 hidden text-xs text-slate-600 sm:block lg:hidden" data-testid="offer-compare-scrolls">
        The table scrolls sideways: every term of each offer is in it.
      </p>
      <div className="mt-1 rounded-lg border-slate-200 sm:overflow-x-auto sm:border">
        <table className="w-full text-left text-sm max-sm:block sm:min-w-[56rem]" data-testid="offer-compare">
          <caption className="sr-only">Open offers, {sortCaption(sort, dir)}</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600 max-sm:hidden">
            <tr>
              {COLUMNS.map((c) => (
                <th key={c.label} scope="col" className="px-2 py-2" aria-sort={ariaSort(c.key, sort, dir)}>
                  {c.key ? (
                    <Link
                      to={sortLink(c.key)}
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
          <tbody className="divide-slate-200 max-sm:block max-sm:space-y-3 sm:divide-y">
            {offers.map((o) => (
              <tr
                key={o.id}
                data-testid="offer-row"
                className="max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:p-3"
              >
                <th scope="row" className="px-3 py-2 font-semibold max-sm:block max-sm:px-0 max-sm:pt-0">
                  <Link to={`?offer=${o.id}#offer`} preventScrollReset className="text-brand-700 underline">
                    {offerName(o)}
                  </Link>
                  <span className="block text-xs font-normal text-slate-600">
                    {OFFER_STATUS_LABELS[o.status]}
                    {o.rounds > 1 ? ` · round ${o.rounds}` : ""}
                  </span>
                </th>
                <td className={cell} data-label="Price">
                  {formatMoney(o.latest.priceCents)}
                </td>
                <td className={`${cell} font-semibold`} data-label="Net to you">
                  <span>
                    <span data-testid="offer-net">{o.net === null ? "—" : formatMoney(o.net)}</span>
                    {basis && o.net !== null ? (
                      <span className="block text-xs font-normal text-slate-600" data-testid="offer-net-basis">
                        {basis}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td className={`${cell} whitespace-nowrap`} data-label="Vs best">
                  {o.net === null || o.net === best ? "best" : `−${formatMoney(best - o.net)}`}
                </td>
                <td className={cell} data-label="Financing">
                  {FINANCING_LABELS[o.latest.financing]}
                  {o.latest.financing === "cash" ? "" : `, ${o.latest.downPaymentPercent}% down`}
                </td>
                <td className={cell} data-label="Deposit">
                  {formatMoney(o.latest.depositCents)}
                </td>
                <td className={cell} data-label="Close">
                  {o.latest.closeOfEscrowDays} days
                </td>
                <td className={cell} data-label="Contingencies">
                  {contingencyText(o.latest.contingencies)}
                </td>
                <td className={cell} data-label="Credits" data-testid="offer-credits">
                  {formatMoney(o.latest.sellerCreditCents)}
                </td>
                <td className={cell} data-label="Buyer's agent pay" data-testid="offer-agent-pay">
                  {agentPayText(o.latest)}
                </td>
                <td className={cell} data-label="Time left">
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
  agentPay: "buyer's agent pay",
  expiry: "time left",
};
const sortCaption = (sort: OfferSortKey, dir: "asc" | "desc") =>
  `by ${SORT_WORDS[sort]}, ${dir === "desc" ? "highest first" : "lowest first"}`;

const ariaSort = (key: OfferSortKey | null, sort: OfferSortKey, dir: "asc" | "desc") =>
  key === null ? undefined : key === sort ? (dir === "desc" ? "descending" : "ascending") : "none";

/**
 * The nets as bars from $0, in HTML (its text stays 14 px on a phone, where an SVG's would shrink with it),
 * highest first, the best in green. The table below is its text alternative.
 */
function NetChart({ offers, best }: { offers: ListedOffer[]; best: number }) {
  const ranked = [...offers].sort((a, b) => (b.net ?? 0) - (a.net ?? 0));
  const top = Math.max(1, best);
  return (
    <figure aria-labelledby="offer-chart-caption">
      <figcaption id="offer-chart-caption" className="text-sm font-semibold text-slate-700">
        Net to you by offer, from $0 (the table below has the same figures)
      </figcaption>
      <ol className="mt-2 max-w-2xl space-y-2" aria-hidden="true" data-testid="offer-chart">
        {ranked.map((o) => {
          const net = o.net ?? 0;
          return (
            <li key={o.id} className="text-sm">
              <div className="flex justify-between gap-3">
                <span className="truncate text-slate-700">{offerName(o)}</span>
                <span className="font-semibold tabular-nums">{formatMoney(net)}</span>
              </div>
              <div className="mt-0.5 h-3 rounded bg-slate-100">
                <div
                  className={`h-3 rounded ${net === best ? "bg-green-700" : "bg-brand-600"}`}
                  style={{ width: `${Math.max(0, (net / top) * 100).toFixed(2)}%` }}
                  data-testid="offer-bar"
                />
              </div>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
