/**
 * An estimate's result: the headline (what a seller walks away with, what a buyer brings to closing), a bar
 * from the price to the net (or of the cash to close) by group, the table of lines (item, who pays, amount,
 * how it was computed) that is the chart's text alternative, the totals, the flat fee next to 3 %, the notes
 * and the schedule it used. Whole dollars on screen (the spec's format); the lines are cents inside.
 * It lists what `listedLines` lists (no $0 line of an amount left blank; a seller's payoffs apart from the
 * costs) and says first what is missing (`missingSentence`): the API keeps every line (app/lib/estimate.ts).
 */
import type { Estimate, EstimateLine, LineGroup } from "~/lib/estimate";
import { listedLines, missingSentence, scheduleSentence } from "~/lib/estimate";
import { formatMoney } from "~/lib/money";

const GROUPS: Record<LineGroup, { label: string; colour: string }> = {
  fee: { label: "Our fee", colour: "#1565c0" },
  agents: { label: "Agents", colour: "#6a1b9a" },
  credits: { label: "Credits", colour: "#ef6c00" },
  taxes: { label: "Taxes", colour: "#c62828" },
  "title-escrow": { label: "Title and escrow", colour: "#2e7d32" },
  "hoa-other": { label: "HOA and other", colour: "#795548" },
  loan: { label: "Down payment and loan", colour: "#0277bd" },
  payoffs: { label: "Loan payoffs", colour: "#546e7a" },
};

const PAYER = { seller: "Seller", buyer: "Buyer" } as const;

export function EstimateResult({ estimate: e, headingLevel = 2 }: { estimate: Estimate; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div data-testid="estimate-result">
      <Heading className="text-xl font-bold text-brand-900" data-testid="estimate-headline">
        {e.side === "seller"
          ? `You walk away with about ${formatMoney(e.totals.net)}`
          : `You bring about ${formatMoney(e.totals.cashToClose)} to closing`}
      </Heading>
      {missingSentence(e) ? (
        <p
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="estimate-missing"
        >
          {missingSentence(e)}
        </p>
      ) : null}
      {e.side === "seller" && e.withholding ? (
        <p className="text-sm text-slate-700">
          {formatMoney(e.totals.cashAtClosing)} at closing: {formatMoney(e.totals.withholding)} of California
          withholding is held back for your income tax.
        </p>
      ) : null}
      <Bar estimate={e} />
      <LinesTable estimate={e} />
      {e.side === "seller" ? (
        <div className="mt-4 grid gap-3 sm:grid-cols-3" data-testid="estimate-compare">
          <Figure label="With our flat fee" value={e.totals.net} strong />
          <Figure label="With a 3% commission" value={e.totals.traditionalNet} />
          <Figure label="You keep" value={e.totals.savings} />
        </div>
      ) : null}
      <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {e.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
        <li>{scheduleSentence(e)}</li>
      </ul>
    </div>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div
      className={`rounded-lg border p-3 text-center ${strong ? "border-brand-100 bg-brand-50" : "border-slate-200"}`}
    >
      <p className="text-xs font-semibold text-slate-600">{label}</p>
      <p className="text-lg font-bold">{formatMoney(value)}</p>
    </div>
  );
}

function LinesTable({ estimate: e }: { estimate: Estimate }) {
  const { costs, payoffs } = listedLines(e);
  const incomplete = (e.missing ?? []).length > 0;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="estimate-lines">
        <caption className="sr-only">The lines of the estimate</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Item
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Who pays
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Amount
            </th>
            <th scope="col" className="hidden py-2 font-semibold sm:table-cell">
              How
            </th>
          </tr>
        </thead>
        <tbody>
          {costs.map((l) => (
            <Line key={l.key} line={l} />
          ))}
        </tbody>
        {e.side === "seller" ? (
          <>
            <tbody className="font-semibold">
              <Total label="Costs" value={e.totals.costs} testId="estimate-costs" />
            </tbody>
            {payoffs.length > 0 ? (
              <tbody data-testid="estimate-payoffs">
                {payoffs.map((l) => (
                  <Line key={l.key} line={l} />
                ))}
              </tbody>
            ) : null}
            <tfoot className="font-semibold">
              {payoffs.length > 0 ? (
                <Total label="Loan payoffs" value={e.totals.loanPayoffs} testId="estimate-loan-payoffs" />
              ) : null}
              <Total
                label={incomplete ? "Net to you (incomplete)" : "Net to you"}
                value={e.totals.net}
                testId="estimate-net"
              />
              {e.withholding ? <Line line={e.withholding} /> : null}
              {e.withholding ? <Total label="Cash at closing" value={e.totals.cashAtClosing} /> : null}
            </tfoot>
          </>
        ) : (
          <tfoot className="font-semibold">
            <Total
              label={incomplete ? "Cash to close (incomplete)" : "Cash to close"}
              value={e.totals.cashToClose}
              testId="estimate-cash-to-close"
            />
          </tfoot>
        )}
      </table>
    </div>
  );
}

function Line({ line: l }: { line: EstimateLine }) {
  return (
    <tr className="border-b border-slate-100 align-top font-normal" data-key={l.key}>
      <th scope="row" className="py-2 pr-3 font-medium">
        {l.label}
        <span className="block text-xs font-normal text-slate-600 sm:hidden">{l.note}</span>
      </th>
      <td className="py-2 pr-3">{PAYER[l.payer]}</td>
      <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(l.amount)}</td>
      <td className="hidden py-2 text-xs text-slate-600 sm:table-cell">{l.note}</td>
    </tr>
  );
}

function Total({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <tr>
      <th scope="row" colSpan={2} className="py-2 pr-3">
        {label}
      </th>
      <td className="py-2 pr-3 text-right tabular-nums" data-testid={testId}>
        {formatMoney(value)}
      </td>
      <td className="hidden sm:table-cell" />
    </tr>
  );
}

/**
 * One bar: a seller's price split into what each group of costs takes, the payoffs and the net; a buyer's
 * cash to close split by group. Credits are in the table (a negative part has no place on a bar). The table
 * below is its text alternative.
 */
function Bar({ estimate: e }: { estimate: Estimate }) {
  const byGroup = new Map<LineGroup, number>();
  for (const l of e.lines) if (l.amount > 0) byGroup.set(l.group, (byGroup.get(l.group) ?? 0) + l.amount);
  const parts = [...byGroup].map(([group, cents]) => ({ ...GROUPS[group], cents }));
  if (e.side === "seller" && e.totals.net > 0)
    parts.push({ label: "Net to you", colour: "#43a047", cents: e.totals.net });
  const total = parts.reduce((sum, p) => sum + p.cents, 0);
  if (total <= 0) return null;
  let x = 0;
  return (
    <figure className="mt-4">
      <svg
        viewBox="0 0 1000 40"
        className="h-10 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${e.side === "seller" ? "The price, from costs to the net" : "The cash to close"} by group; the table below gives every figure`}
      >
        {parts.map((p) => {
          const width = (p.cents / total) * 1000;
          const rect = <rect key={p.label} x={x} y={0} width={width} height={40} fill={p.colour} />;
          x += width;
          return rect;
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {parts.map((p) => (
          <span key={p.label} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ background: p.colour }} />
            {p.label}: {formatMoney(p.cents)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
