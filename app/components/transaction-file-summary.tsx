/**
 * summary.html of a transaction's exported file (app/routes/admin.transactions.$id_.export.tsx): a readable
 * cover, one page with its own small stylesheet, opened from the ZIP in any browser: the parties, the
 * property, the dates, the milestones, the key dates, the offers and their rounds, the estimates and the
 * list of files. Codes are shown in words (the statuses, the financing), amounts as money, and the close of
 * escrow is the key dates' (moved off a weekend or holiday), as the transaction page shows it.
 */
import type { Financing, MilestoneStatus, OfferStatus } from "~/domain/enums";
import { centsOfDollars, formatMoney } from "~/lib/money";
import { OFFER_STATUS_LABELS } from "~/lib/offer-rules";
import { FINANCING_LABELS } from "~/lib/offer-schema";
import { formatPlainDate } from "~/lib/plain-date";
import { MILESTONE_STATUS_LABELS } from "~/lib/progress";
type Person = { name: string; licenseNumber?: string | null } | null;

/** What the cover shows (app/models/transaction-file.server.ts gives it, with more). */
export type TransactionFileData = {
  exportedAt: string;
  transaction: {
    id: number;
    type: string;
    status: string;
    propertyAddress: string | null;
    homeValue: string | null;
    createdAt: string;
    closedAt: string | null;
  };
  client: { name: string | null; email: string } | null;
  agent: Person;
  collaborators: Person[];
  contract: {
    acceptedOn: string | null;
    closingOn: string | null;
    deadlines: Array<{ key: string; title: string; dueOn: string; status: string }>;
  };
  milestones: Array<{
    step: number;
    title: string;
    status: MilestoneStatus;
    completedAt: string | null;
    notes: string | null;
  }>;
  offers: Array<{
    id: number;
    status: OfferStatus;
    buyerName: string | null;
    listingAddress: string | null;
    net: string | null;
    rounds: Array<{ number: number; by: string; price: string; financing: Financing; createdAt: string }>;
  }>;
  estimates: Array<{
    name: string;
    side: string;
    scheduleDate: string;
    totals: Record<string, string>;
  }>;
  messages: unknown[];
  documents: Array<{ id: number; path: string; uploadedAt: string; removedAt: string | null }>;
};

const TRANSACTION_STATUS: Record<string, string> = { active: "Active", completed: "Completed", cancelled: "Cancelled" };
const DEADLINE_STATUS: Record<string, string> = { open: "Open", done: "Done", waived: "Waived" };
/** A date of the contract ("2026-12-28") as the key dates show it: "Mon, Dec 28, 2026". */
const day = (date: string | null | undefined) => (date ? formatPlainDate(date) : "—");

const css = `body{font:14px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
h1{font-size:1.6rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #cbd5e1}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.3rem .5rem;text-align:left;vertical-align:top}
.muted{color:#475569}`;

export function TransactionFileSummary({
  data,
  formatAt,
  agency,
}: {
  data: TransactionFileData;
  formatAt: (iso: string) => string;
  agency: { name: string; license: string };
}) {
  const t = data.transaction;
  const money = (dollars: string | null | undefined) =>
    dollars === null || dollars === undefined ? "—" : formatMoney(centsOfDollars(Number(dollars)));
  const closing = data.contract.deadlines.find((d) => d.key === "close_of_escrow")?.dueOn ?? data.contract.closingOn;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{`Transaction ${t.id}: ${t.propertyAddress ?? "no address"}`}</title>
        <style>{css}</style>
      </head>
      <body>
        <p className="muted">
          {agency.name} · {agency.license} · exported {formatAt(data.exportedAt)}
        </p>
        <h1>
          Transaction {t.id}: {t.propertyAddress ?? "no address yet"}
        </h1>
        <table>
          <tbody>
            <tr>
              <th>Party</th>
              <td>{t.type === "buying" ? "Buyer" : "Seller"}</td>
            </tr>
            <tr>
              <th>Status</th>
              <td>{TRANSACTION_STATUS[t.status] ?? t.status}</td>
            </tr>
            <tr>
              <th>Home value</th>
              <td>{money(t.homeValue)}</td>
            </tr>
            <tr>
              <th>Client</th>
              <td>{data.client ? `${data.client.name ?? ""} <${data.client.email}>` : "—"}</td>
            </tr>
            <tr>
              <th>Agent</th>
              <td>
                {data.agent
                  ? `${data.agent.name}${data.agent.licenseNumber ? `, DRE #${data.agent.licenseNumber}` : ""}`
                  : "None (the broker's)"}
              </td>
            </tr>
            <tr>
              <th>Collaborators</th>
              <td>{data.collaborators.map((c) => c?.name).join(", ") || "—"}</td>
            </tr>
            <tr>
              <th>Opened</th>
              <td>{formatAt(t.createdAt)}</td>
            </tr>
            <tr>
              <th>Closed</th>
              <td>{t.closedAt ? formatAt(t.closedAt) : "—"}</td>
            </tr>
            <tr>
              <th>Acceptance</th>
              <td>{day(data.contract.acceptedOn)}</td>
            </tr>
            <tr>
              <th>Close of escrow</th>
              <td>{day(closing)}</td>
            </tr>
          </tbody>
        </table>

        <h2>Milestones</h2>
        <table>
          <tbody>
            {data.milestones.map((m) => (
              <tr key={m.step}>
                <td>{m.step}</td>
                <td>{m.title}</td>
                <td>{MILESTONE_STATUS_LABELS[m.status].label}</td>
                <td>{m.completedAt ? formatAt(m.completedAt) : ""}</td>
                <td>{m.notes ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <h2>Key dates</h2>
        {data.contract.deadlines.length ? (
          <table>
            <tbody>
              {data.contract.deadlines.map((d) => (
                <tr key={d.key}>
                  <td>{d.title}</td>
                  <td>{day(d.dueOn)}</td>
                  <td>{DEADLINE_STATUS[d.status] ?? d.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>No contract entered.</p>
        )}

        <h2>Offers</h2>
        {data.offers.length ? (
          data.offers.map((o) => (
            <div key={o.id}>
              <h3>
                Offer {o.id}
                {o.buyerName ? ` from ${o.buyerName}` : ""}
                {o.listingAddress ? ` on ${o.listingAddress}` : ""}: {OFFER_STATUS_LABELS[o.status]}
                {o.net !== null ? ` · nets ${money(o.net)}` : ""}
              </h3>
              <table>
                <tbody>
                  {o.rounds.map((r) => (
                    <tr key={r.number}>
                      <td>Round {r.number}</td>
                      <td>by the {r.by}</td>
                      <td>{money(r.price)}</td>
                      <td>{FINANCING_LABELS[r.financing]}</td>
                      <td>{formatAt(r.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))
        ) : (
          <p>No offers.</p>
        )}

        <h2>Estimates</h2>
        {data.estimates.length ? (
          <table>
            <tbody>
              {data.estimates.map((e, i) => (
                <tr key={i}>
                  <td>{e.name}</td>
                  <td>{e.side === "seller" ? "Net sheet" : "Cash to close"}</td>
                  <td>
                    {e.side === "seller"
                      ? `Net ${money(e.totals.net)}`
                      : `Cash to close ${money(e.totals.cashToClose)}`}
                  </td>
                  <td>title rates of {e.scheduleDate}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>No estimates.</p>
        )}

        <h2>Files</h2>
        <p className="muted">
          {data.messages.length} messages in messages.txt; who did what in audit.csv; every document in documents/
          (removed ones included).
        </p>
        <table>
          <tbody>
            {data.documents.map((d) => (
              <tr key={d.id}>
                <td>{d.path}</td>
                <td>{formatAt(d.uploadedAt)}</td>
                <td>{d.removedAt ? `removed ${formatAt(d.removedAt)}` : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </body>
    </html>
  );
}
