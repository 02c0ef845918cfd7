/**
 * One offer, opened (`?offer=<id>`): its status and time left, its rounds in order, its documents, the
 * client's wish, its history (never edited), and the forms of the moves the rules allow this person now
 * (computed by the server): staff record counters, acceptances, signatures, rejections and share it; the
 * client answers with a wish. Plain forms (a counter's in a <details>): no JavaScript needed.
 */
import { Form, Link } from "@remix-run/react";
import { Countdown } from "~/components/countdown";
import { agentPayText, contingencyText, offerName } from "~/components/offer-compare";
import { OfferTermsFields } from "~/components/offer-terms-fields";
import type { ListedOffer, OfferFormAnswer, OpenedOffer } from "~/lib/offer-view";
import { buttonOutline, buttonPrimary, buttonSmall, SubmitButton } from "~/components/submit-button";
import { describedBy, FieldShell, inputClass } from "~/components/field-shell";
import type { OfferMove, TransactionType } from "~/domain/enums";
import { formatDateTime } from "~/lib/format";
import { formatMoney, moneyInput } from "~/lib/money";
import { offerIntents } from "~/lib/intents";
import { OFFER_STATUS_LABELS } from "~/lib/offer-rules";
import { FINANCING_LABELS } from "~/lib/offer-schema";

const BUTTONS: Partial<Record<OfferMove, { label: string; pending: string }>> = {
  submit: { label: "Mark as submitted", pending: "Saving..." },
  reject: { label: "Record rejection", pending: "Saving..." },
  backup: { label: "Keep as backup", pending: "Saving..." },
  cancel: { label: "Cancel the accepted offer", pending: "Cancelling..." },
  share: { label: "Share with the client", pending: "Sharing..." },
  unshare: { label: "Hide from the client", pending: "Saving..." },
};

const EVENT_WORDS: Record<string, string> = {
  create: "recorded the offer",
  counter: "recorded a counter",
  accept: "recorded an acceptance",
  final_signature: "recorded the seller's final signature",
  reject: "rejected it",
  withdraw: "withdrew it",
  backup: "kept it as a backup",
  cancel: "cancelled it",
  share: "shared it with the client",
  unshare: "hid it from the client",
  submit: "submitted it",
  wish: "answered",
  expire: "marked it expired",
};

export function OfferDetail({
  offer,
  side,
  staff,
  now,
  today,
  defaultExpiresAt,
  answer,
  others = [],
  basis = null,
}: {
  offer: OpenedOffer;
  side: TransactionType;
  staff: boolean;
  now: string;
  today: string;
  defaultExpiresAt: string;
  answer?: OfferFormAnswer;
  /** A sale's other open offers: the acceptance form lists them, each with "keep as backup". */
  others?: ListedOffer[];
  /** What the net is after ("after your $520,000 payoff"). */
  basis?: string | null;
}) {
  const mine = answer?.offer === String(offer.id) ? answer : undefined;
  const latest = offer.rounds.at(-1)!;
  const has = (move: OfferMove) => offer.moves.includes(move);
  const hidden = (type: OfferMove) => (
    <>
      <input type="hidden" name="offerId" value={offer.id} />
      <input type="hidden" name="type" value={type} />
    </>
  );
  return (
    <article id="offer" className="mt-6 scroll-mt-32 rounded-lg border border-slate-300 p-4" data-testid="opened-offer">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold">{offerName(offer)}</h3>
        <Link to="?#offers" preventScrollReset className={buttonSmall}>
          Close
        </Link>
      </div>
      <p className="text-sm text-slate-700">
        <span className="font-semibold" data-testid="offer-status">
          {OFFER_STATUS_LABELS[offer.status]}
        </span>
        {offer.backupPosition ? ` (backup ${offer.backupPosition})` : ""}
        {offer.acceptedOn ? ` on ${offer.acceptedOn}` : ""}
        {offer.expiresAt &&
        ["submitted", "received", "countered", "awaiting_final_signature"].includes(offer.status) ? (
          <>
            {" · "}
            <Countdown until={offer.expiresAt} now={now} />
          </>
        ) : null}
        {staff ? ` · ${offer.shared ? "shared with the client" : "not shared with the client"}` : ""}
        {offer.buyerAgent ? ` · buyer's agent ${offer.buyerAgent}` : ""}
      </p>
      {offer.net !== null ? (
        <p className="mt-1 text-sm" data-testid="opened-offer-net">
          {staff ? "Net to the seller" : "Net to you"}: <strong>{formatMoney(offer.net)}</strong>
          {basis ? <span className="text-slate-600"> ({basis})</span> : null}
        </p>
      ) : null}
      {mine?.refusal?.toast ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {mine.refusal.toast.description}
        </p>
      ) : null}
      {offer.wish ? (
        <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="offer-wish">
          The client would like to <strong>{offer.wish.wish}</strong>
          {offer.wish.note ? `: ${offer.wish.note}` : ""}
        </p>
      ) : null}

      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">The rounds of this offer, oldest first</caption>
          <thead className="text-xs uppercase text-slate-600">
            <tr>
              {[
                "Round",
                "Price",
                "Financing",
                "Deposit",
                "Close",
                "Contingencies",
                "Credit / agent pay",
                "Expires",
              ].map((h) => (
                <th key={h} scope="col" className="px-2 py-1">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {offer.rounds.map((r) => (
              <tr key={r.id} data-testid="offer-round">
                <th scope="row" className="px-2 py-1 font-semibold">
                  {r.number}. {r.number === 1 ? "Offer" : r.multiple ? "Multiple counter" : "Counter"} ({r.by})
                </th>
                <td className="px-2 py-1">{formatMoney(r.priceCents)}</td>
                <td className="px-2 py-1">
                  {FINANCING_LABELS[r.financing]}
                  {r.financing === "cash" ? "" : `, ${r.downPaymentPercent}%`}
                </td>
                <td className="px-2 py-1">{formatMoney(r.depositCents)}</td>
                <td className="px-2 py-1">{r.closeOfEscrowDays} d</td>
                <td className="px-2 py-1">{contingencyText(r.contingencies)}</td>
                <td className="px-2 py-1">
                  {formatMoney(r.sellerCreditCents)} / {agentPayText(r)}
                </td>
                <td className="px-2 py-1">{r.expiresAt ? formatDateTime(r.expiresAt) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {latest.note ? <p className="mt-2 text-sm text-slate-700">Note: {latest.note}</p> : null}
      {offer.documents.length ? (
        <p className="mt-2 text-sm">
          Documents:{" "}
          {offer.documents.map((d, i) => (
            <span key={d.id}>
              {i > 0 ? ", " : ""}
              <a href={`/documents/${d.id}`} className="text-brand-700 underline">
                {d.name}
              </a>
            </span>
          ))}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap items-start gap-3">
        {(["accept", "final_signature"] as const).filter(has).map((type) => (
          <AcceptForm
            key={type}
            type={type}
            offer={offer}
            round={latest.number}
            roundId={latest.id}
            today={today}
            others={side === "selling" ? others.filter((o) => o.id !== offer.id) : []}
            hidden={hidden(type)}
            error={mine?.move === type ? mine.errors.backups?.[0] : undefined}
          />
        ))}
        {has("withdraw") ? (
          <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2" aria-label="Withdraw">
            {hidden("withdraw")}
            {staff && side === "buying" ? (
              <FieldShell
                id="offer-withdraw-agentEmail"
                label="Listing agent's e-mail (the withdrawal is sent there)"
                error={mine?.move === "withdraw" ? mine.errors.agentEmail?.[0] : undefined}
              >
                <input
                  id="offer-withdraw-agentEmail"
                  name="agentEmail"
                  type="email"
                  maxLength={254}
                  defaultValue={offer.agentEmail ?? ""}
                  aria-invalid={mine?.move === "withdraw" && mine.errors.agentEmail ? true : undefined}
                  aria-describedby={describedBy(
                    "offer-withdraw-agentEmail",
                    undefined,
                    mine?.move === "withdraw" ? mine.errors.agentEmail?.[0] : undefined,
                  )}
                  className={inputClass}
                />
              </FieldShell>
            ) : null}
            <SubmitButton intent={offerIntents.move} pendingLabel="Withdrawing..." className={buttonOutline}>
              {staff ? "Record withdrawal" : "Withdraw"}
            </SubmitButton>
          </Form>
        ) : null}
        {(Object.keys(BUTTONS) as OfferMove[]).filter(has).map((type) => (
          <Form key={type} method="post" preventScrollReset>
            {hidden(type)}
            <SubmitButton intent={offerIntents.move} pendingLabel={BUTTONS[type]!.pending} className={buttonOutline}>
              {BUTTONS[type]!.label}
            </SubmitButton>
          </Form>
        ))}
      </div>

      {has("counter") ? (
        <details className="mt-4 rounded-md border border-slate-200 p-3" open={mine?.move === "counter"}>
          <summary className="cursor-pointer font-semibold">Record a counter</summary>
          <Form method="post" preventScrollReset className="mt-3" aria-label="Record a counter">
            {hidden("counter")}
            <div className="flex flex-wrap gap-4">
              <div>
                <label htmlFor="offer-counter-by" className="block text-sm font-semibold">
                  From
                </label>
                <select
                  id="offer-counter-by"
                  name="by"
                  defaultValue={latest.by === "buyer" ? "seller" : "buyer"}
                  className={inputClass}
                >
                  <option value="seller">The seller</option>
                  <option value="buyer">The buyer</option>
                </select>
              </div>
              <label className="flex min-h-11 items-center gap-2 self-end text-sm">
                <input type="checkbox" name="multiple" value="true" />
                Multiple counter (the seller&apos;s, to several buyers)
              </label>
            </div>
            {mine?.errors.multiple ? <p className="text-xs text-red-700">{mine.errors.multiple[0]}</p> : null}
            <p className="mt-2 text-xs text-slate-600">Leave a term empty to keep it as it was.</p>
            <OfferTermsFields
              idPrefix="offer-counter"
              priceRequired={false}
              staff={staff}
              values={
                mine?.move === "counter" ? (mine.values as Record<string, string>) : { expiresAt: defaultExpiresAt }
              }
              errors={mine?.move === "counter" ? mine.errors : {}}
              placeholders={{
                price: moneyInput(latest.priceCents),
                financing: FINANCING_LABELS[latest.financing],
                downPaymentPercent: String(latest.downPaymentPercent),
                deposit: moneyInput(latest.depositCents),
                closeOfEscrowDays: String(latest.closeOfEscrowDays),
                "contingencies.investigation": String(latest.contingencies.investigation),
                "contingencies.appraisal": String(latest.contingencies.appraisal),
                "contingencies.loan": String(latest.contingencies.loan),
                sellerCredit: moneyInput(latest.sellerCreditCents),
                buyerAgentPay:
                  latest.buyerAgentPayPercent === null
                    ? moneyInput(latest.buyerAgentPayCents)
                    : `${latest.buyerAgentPayPercent}%`,
              }}
            />
            <SubmitButton intent={offerIntents.move} pendingLabel="Saving..." className={buttonPrimary}>
              Record counter
            </SubmitButton>
          </Form>
        </details>
      ) : null}

      {has("wish") ? <WishForm offer={offer} answer={mine} hidden={hidden("wish")} /> : null}

      <h4 className="mt-5 font-semibold">History</h4>
      <ol className="mt-1 space-y-1 text-sm text-slate-700" data-testid="offer-history">
        {offer.events.map((e) => (
          <li key={e.id}>
            <time dateTime={e.at}>{formatDateTime(e.at)}</time>: {e.name} ({e.role}) {EVENT_WORDS[e.type] ?? e.type}
            {e.note ? ` — ${e.note}` : ""}
          </li>
        ))}
      </ol>
    </article>
  );
}

/**
 * Record an acceptance (or the seller's final signature): its date; on a sale the other open offers, each
 * with "Keep as backup" (the rest are rejected, and each buyer's agent is told); when the client's latest
 * answer on this offer was not to accept, a confirmation to tick.
 */
function AcceptForm({
  type,
  offer,
  round,
  roundId,
  today,
  others,
  hidden,
  error,
}: {
  type: "accept" | "final_signature";
  offer: OpenedOffer;
  round: number;
  roundId: number;
  today: string;
  others: ListedOffer[];
  hidden: React.ReactNode;
  error?: string;
}) {
  const disagrees = offer.wish && offer.wish.wish !== "accept";
  return (
    <Form
      method="post"
      preventScrollReset
      className="w-full rounded-md border border-slate-200 p-3"
      aria-label={type === "accept" ? "Record acceptance" : "Record final signature"}
    >
      {hidden}
      <input type="hidden" name="roundId" value={roundId} />
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`offer-${type}-date`} className="block text-xs font-semibold">
            Acceptance date
          </label>
          <input id={`offer-${type}-date`} name="acceptedOn" type="date" defaultValue={today} className={inputClass} />
        </div>
      </div>
      {others.length ? (
        <fieldset className="mt-3" data-testid="accept-others">
          <legend className="text-sm font-semibold">
            The other open {others.length === 1 ? "offer is" : "offers are"} rejected, unless kept as a backup
          </legend>
          <p className="text-xs text-slate-600">Each buyer&apos;s agent with a known e-mail is told either way.</p>
          {others.map((o) => (
            <label key={o.id} className="flex min-h-11 flex-wrap items-center gap-2 text-sm">
              <input type="checkbox" name="backups" value={o.id} />
              Keep as backup: {offerName(o)}, {formatMoney(o.latest.priceCents)}
              {o.agentEmail ? <span className="text-slate-600">({o.agentEmail})</span> : null}
            </label>
          ))}
          {error ? <p className="text-xs text-red-700">{error}</p> : null}
        </fieldset>
      ) : null}
      {disagrees ? (
        <label className="mt-3 flex min-h-11 items-center gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          <input type="checkbox" name="confirmed" value="true" required />
          The client&apos;s latest answer was to {offer.wish!.wish}: I confirm they accept it.
        </label>
      ) : null}
      <SubmitButton intent={offerIntents.move} pendingLabel="Saving..." className={`mt-3 ${buttonPrimary}`}>
        {type === "accept" ? `Record acceptance of round ${round}` : "Record final signature"}
      </SubmitButton>
    </Form>
  );
}

function WishForm({
  offer,
  answer,
  hidden,
}: {
  offer: OpenedOffer;
  answer?: OfferFormAnswer;
  hidden: React.ReactNode;
}) {
  const errors = answer?.move === "wish" ? answer.errors : {};
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-4 rounded-md border border-slate-200 p-3"
      aria-label="Your answer"
    >
      {hidden}
      <fieldset>
        <legend className="font-semibold">Your answer</legend>
        <p className="text-sm text-slate-600">
          Your agent records the binding answer on the signed forms; this tells them what you would like.
        </p>
        <div className="mt-2 flex flex-wrap gap-4">
          {(
            [
              ["accept", "Accept"],
              ["counter", "Counter"],
              ["decline", "Decline"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="wish" value={value} defaultChecked={offer.wish?.wish === value} required />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {errors.wish ? <p className="text-xs text-red-700">{errors.wish[0]}</p> : null}
      <FieldShell
        id="offer-wish-note"
        label="Note (for a counter: what you would ask, e.g. a price)"
        error={errors.note?.[0]}
        className="mt-2"
      >
        <textarea
          id="offer-wish-note"
          name="note"
          rows={2}
          maxLength={5000}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy("offer-wish-note", undefined, errors.note?.[0])}
          className={inputClass}
        />
      </FieldShell>
      <SubmitButton intent={offerIntents.move} pendingLabel="Sending..." className={buttonPrimary}>
        Send to my agent
      </SubmitButton>
    </Form>
  );
}
