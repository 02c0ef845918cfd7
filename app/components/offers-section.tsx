/**
 * A transaction's offers (the portal and the workspace; app/sections/offers.server.ts prepares
 * them): on a sale the open offers compared by net (app/components/offer-compare.tsx), on a purchase the
 * offers made on saved homes; the rest (accepted, rejected, …) below; one opened with its rounds, history
 * and forms (app/components/offer-detail.tsx); a new offer's form: staff record one, a buying client
 * requests one on a saved home. What it shows is typed in app/lib/offer-view.ts.
 */
import { BuyerAgreementNotice } from "~/components/buyer-agreement-notice";
import { PageSection } from "~/components/page-section";
import { Form, Link } from "@remix-run/react";
import { Countdown } from "~/components/countdown";
import { EstimateFields } from "~/components/estimate-fields";
import { FieldShell, inputClass } from "~/components/field-shell";
import { OfferCompare, offerName } from "~/components/offer-compare";
import { OfferDetail } from "~/components/offer-detail";
import { OfferTermsFields } from "~/components/offer-terms-fields";
import { buttonOutline, buttonPrimary, SubmitButton } from "~/components/submit-button";
import { formatMoney, moneyInput } from "~/lib/money";
import { offerIntents } from "~/lib/intents";
import { OFFER_STATUS_LABELS } from "~/lib/offer-rules";
import type { ListedOffer, OfferFormAnswer, OffersData } from "~/lib/offer-view";
import { countOf } from "~/lib/plural";

export function OffersSection({ data, answer }: { data: OffersData; answer?: OfferFormAnswer }) {
  const selling = data.side === "selling";
  const creating = data.creating || answer?.offer === "new";
  return (
    <PageSection
      id="offers"
      title="Offers"
      aside={
        data.canCreate && (data.staff || data.listings.length) ? (
          <Link to="?offer=new#offers" preventScrollReset className={buttonOutline}>
            {data.staff ? "Record an offer" : "Make an offer"}
          </Link>
        ) : null
      }
    >
      <p className="mt-1 text-sm text-slate-600">
        {selling
          ? data.staff
            ? "Offers on this home, compared by what each would leave the seller after the costs of the sale, the credits, the buyer's agent's pay and the seller's own figures."
            : "Every offer on your home, compared by what it would leave you after the costs of the sale, the credits, the buyer's agent's pay and your own figures."
          : data.staff
            ? "The offers the client makes on their saved homes, and what came back."
            : "The offers you make on your saved homes, and what came back."}
      </p>
      {data.figures ? <SellerFigures figures={data.figures} staff={data.staff} answer={answer} /> : null}
      {data.stillOpen ? (
        <p role="status" className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="still-open">
          {countOf(data.stillOpen, "other offer")} still open: withdraw them
          {data.staff
            ? " (record each withdrawal: the listing agent is e-mailed)."
            : " (your agent records each withdrawal with the seller's side)."}
        </p>
      ) : null}
      {data.open.length === 0 && data.others.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          {selling
            ? "No offers yet."
            : data.listings.length
              ? "No offers yet."
              : "No offers yet. Save a home below to make one."}
        </p>
      ) : null}
      {data.open.length ? (
        selling ? (
          <>
            <p className="mt-3 text-sm font-semibold">{countOf(data.open.length, "open offer")}</p>
            <OfferCompare
              offers={data.open}
              sort={data.sort}
              dir={data.dir}
              now={data.now}
              basis={data.figures?.basis ?? null}
            />
          </>
        ) : (
          <OfferList title="Open" offers={data.open} now={data.now} />
        )
      ) : null}
      {data.others.length ? <OfferList title="Answered and closed" offers={data.others} now={data.now} /> : null}
      {data.opened ? (
        <OfferDetail
          offer={data.opened}
          side={data.side}
          staff={data.staff}
          now={data.now}
          today={data.today}
          defaultExpiresAt={data.defaultExpiresAt}
          answer={answer}
          others={data.open}
          basis={data.figures?.basis ?? null}
        />
      ) : null}
      <BuyerAgreementNotice
        need={data.buyerAgreement}
        staff={data.staff}
        what="An offer"
        testId="buyer-agreement-needed"
      />
      {creating && data.canCreate ? (
        <NewOfferForm data={data} answer={answer?.offer === "new" ? answer : undefined} />
      ) : null}
    </PageSection>
  );
}

/**
 * A sale's seller figures (their payoffs, property tax, HOA, …), folded: every net above is worked out with
 * them. Where they come from is said (saved, the newest saved estimate, or nothing yet).
 */
function SellerFigures({
  figures,
  staff,
  answer,
}: {
  figures: NonNullable<OffersData["figures"]>;
  staff: boolean;
  answer?: OfferFormAnswer;
}) {
  const mine = answer?.offer === "figures" ? answer : undefined;
  const your = staff ? "the seller's" : "your";
  return (
    <details
      id="seller-figures"
      className="mt-3 scroll-mt-32 rounded-md border border-slate-200 px-3 py-1"
      open={mine ? true : undefined}
    >
      <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-2 text-sm">
        <span className="font-semibold text-brand-700">{staff ? "The seller's figures" : "Your figures"}</span>
        <span className="text-slate-600" data-testid="figures-basis">
          (nets {figures.basis})
        </span>
      </summary>
      <p className="mt-1 text-sm text-slate-700" data-testid="figures-source">
        {figures.source === "saved"
          ? `Every net here counts ${your} loan payoffs, property tax, HOA and other costs as saved below.`
          : figures.source === "estimate"
            ? `Taken from ${your} saved estimate "${figures.estimateName}": change them here, and every net follows.`
            : `Not entered yet: enter ${your} loan payoffs, property tax and other costs for nets that match ${your} net sheet.`}
      </p>
      {mine?.refusal?.toast ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {mine.refusal.toast.description}
        </p>
      ) : null}
      <Form method="post" preventScrollReset className="mt-2 pb-3" aria-label="Seller figures">
        <EstimateFields
          side="figures"
          values={mine ? mine.values : figures.values}
          errors={mine?.errors ?? {}}
          idPrefix="figures"
          costs={figures.costs}
        />
        <SubmitButton intent={offerIntents.figures} pendingLabel="Saving..." className={`mt-3 ${buttonPrimary}`}>
          Save figures
        </SubmitButton>
      </Form>
    </details>
  );
}

function OfferList({ title, offers, now }: { title: string; offers: ListedOffer[]; now: string }) {
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold uppercase text-slate-600">{title}</h3>
      <ul className="mt-1 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="offer-list">
        {offers.map((o) => (
          <li
            key={o.id}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-2"
            data-testid="offer-item"
          >
            <Link to={`?offer=${o.id}#offer`} preventScrollReset className="font-semibold text-brand-700 underline">
              {offerName(o)}
            </Link>
            <span className="text-sm text-slate-700">
              {formatMoney(o.latest.priceCents)}
              {o.net !== null ? ` · nets ${formatMoney(o.net)}` : ""} · {OFFER_STATUS_LABELS[o.status]}
              {o.backupPosition ? ` ${o.backupPosition}` : ""}
              {o.expiresAt && ["submitted", "received", "countered", "awaiting_final_signature"].includes(o.status) ? (
                <>
                  {" · "}
                  <Countdown until={o.expiresAt} now={now} />
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function NewOfferForm({ data, answer }: { data: OffersData; answer?: OfferFormAnswer }) {
  const values = (answer?.values ?? {}) as Record<string, string>;
  const errors = answer?.errors ?? {};
  const buying = data.side === "buying";
  const chosen = values.listingId ?? (data.chosenListing ? String(data.chosenListing) : "");
  const listingPrice = data.listings.find((l) => String(l.id) === chosen)?.priceCents;
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-6 rounded-lg border border-slate-200 p-4"
      aria-label={data.staff ? "Record an offer" : "Make an offer"}
    >
      <h3 className="font-semibold">{data.staff ? "Record an offer" : "Make an offer"}</h3>
      {answer?.refusal?.toast ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {answer.refusal.toast.description}
        </p>
      ) : null}
      <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {buying ? (
          <Text label="Home*" name="listingId" errors={errors}>
            <select id="offer-new-listingId" name="listingId" defaultValue={chosen} required className={inputClass}>
              <option value="">Choose a saved home</option>
              {data.listings.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.address} ({formatMoney(l.priceCents)})
                </option>
              ))}
            </select>
          </Text>
        ) : (
          <>
            <Text label="Buyer's name*" name="buyerName" errors={errors}>
              <input
                id="offer-new-buyerName"
                name="buyerName"
                required
                maxLength={100}
                defaultValue={values.buyerName}
                className={inputClass}
              />
            </Text>
            <Text label="Buyer's agent" name="buyerAgent" errors={errors}>
              <input
                id="offer-new-buyerAgent"
                name="buyerAgent"
                maxLength={100}
                defaultValue={values.buyerAgent}
                className={inputClass}
              />
            </Text>
          </>
        )}
        {data.staff ? (
          <Text label={buying ? "Listing agent's e-mail" : "Buyer's agent's e-mail"} name="agentEmail" errors={errors}>
            <input
              id="offer-new-agentEmail"
              name="agentEmail"
              type="email"
              maxLength={254}
              defaultValue={values.agentEmail}
              className={inputClass}
            />
          </Text>
        ) : null}
      </div>
      <OfferTermsFields
        idPrefix="offer-new"
        priceRequired
        staff={data.staff}
        values={{
          price: listingPrice ? moneyInput(listingPrice) : "",
          ...(data.staff ? { expiresAt: data.defaultExpiresAt } : {}),
          ...values,
        }}
        errors={errors}
        placeholders={{}}
      />
      {data.staff && data.documents.length ? (
        <fieldset className="mt-2">
          <legend className="text-sm font-semibold">Attach documents</legend>
          {data.documents.map((d) => (
            <label key={d.id} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name="documentIds" value={d.id} />
              {d.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      {data.staff ? (
        <label className="mt-2 flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="shared" value="true" defaultChecked={values.shared === "true"} />
          Share with the client now (they are e-mailed)
        </label>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <SubmitButton intent={offerIntents.create} pendingLabel="Saving..." className={buttonPrimary}>
          {data.staff ? "Record offer" : "Ask my agent to make it"}
        </SubmitButton>
        <Link to="?#offers" preventScrollReset className={buttonOutline}>
          Close
        </Link>
      </div>
    </Form>
  );
}

/** A field of the new offer's form: its frame (app/components/field-shell.tsx) around the control. */
function Text({
  label,
  name,
  errors,
  children,
}: {
  label: string;
  name: string;
  errors: Record<string, string[]>;
  children: React.ReactNode;
}) {
  return (
    <FieldShell id={`offer-new-${name}`} label={label} error={errors[name]?.[0]}>
      {children}
    </FieldShell>
  );
}
