/**
 * A transaction's compensation, one rule for every page, e-mail, PDF and API that shows or pays it (docs/payouts.md,
 * docs/proof.md; B&P 10137, 10140, 17500): a sale's signed listing agreement's flat fee; a purchase's signed buyer
 * agreement's compensation (an amount, or a rate of the closing price, else the home value, at most its cap; signed in
 * the portal or recorded from paper: app/models/agreement-record.server.ts); before any agreement
 * is signed, a sale's fee from the tier table, marked `estimated`, and a purchase's none (nothing can be worked out).
 * "Signed" is every signature in (sealed, or its seal being made); a voided or declined agreement never counts.
 * The CDA's gross, the payout, the sold card, the consent e-mail, the savings and the workspace all call it.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { agreements, type Transaction } from "~/db/schema";
import type { CompensationBasis } from "~/domain/enums";
import { structuredCents } from "~/lib/buyer-compensation";
import { compensationCents } from "~/lib/commission";
import { apiDollars, formatMoney } from "~/lib/money";
import { TIERS, tierFor } from "~/lib/pricing";

export type Compensation = {
  cents: number;
  basis: CompensationBasis;
  /** The agreement it comes from (null: estimated). */
  agreementId: number | null;
};

/** What is missing to work a transaction's compensation out, in words. */
export type CompensationMissing = { missing: string };

const SIGNED = ["signed", "sealing"] as const;

/** The newest agreement of this kind on the transaction with every signature in, or null. */
function signedAgreement(db: DbOrTx, transactionId: number, kind: "listing" | "buyer") {
  return (
    db
      .select({ id: agreements.id, fields: agreements.fields, compensation: agreements.compensation })
      .from(agreements)
      .where(
        and(
          eq(agreements.transactionId, transactionId),
          eq(agreements.kind, kind),
          inArray(agreements.status, [...SIGNED]),
        ),
      )
      .orderBy(desc(agreements.createdAt), desc(agreements.id))
      .limit(1)
      .get() ?? null
  );
}

/** The price a rate is taken of: the closing price, else the home value. */
const priceOf = (t: Pick<Transaction, "closingPriceCents" | "homeValueCents">) =>
  t.closingPriceCents ?? t.homeValueCents;

/** A transaction's compensation, or what is missing to work it out. */
export function compensationOf(
  db: DbOrTx,
  t: Pick<Transaction, "id" | "type" | "tier" | "closingPriceCents" | "homeValueCents">,
): Compensation | CompensationMissing {
  const price = priceOf(t);
  if (t.type === "selling") {
    const agreement = signedAgreement(db, t.id, "listing");
    if (agreement) {
      const cents = agreement.compensation
        ? structuredCents(agreement.compensation, price)
        : compensationCents(agreement.fields.flatFee, price);
      return cents === null
        ? { missing: 'the signed listing agreement\'s flat fee as an amount ("$7,500")' }
        : { cents, basis: "listing_agreement", agreementId: agreement.id };
    }
    const fee = TIERS.find((tier) => tier.tier === t.tier)?.feeCents ?? (price ? tierFor(price).feeCents : null);
    return fee === null
      ? { missing: "the home's value (the flat fee's tier)" }
      : { cents: fee, basis: "estimated", agreementId: null };
  }
  const agreement = signedAgreement(db, t.id, "buyer");
  if (!agreement) return { missing: "a signed buyer agreement (its compensation)" };
  // Structured (an amount, or a rate of the price at most its cap); an older agreement's text.
  const cents = agreement.compensation
    ? structuredCents(agreement.compensation, price)
    : compensationCents(agreement.fields.buyerBrokerCompensation, price);
  return cents === null
    ? { missing: 'the buyer agreement\'s compensation as "2.5%" or "$12,000", and the price' }
    : { cents, basis: "buyer_agreement", agreementId: agreement.id };
}

export const isKnown = (c: Compensation | CompensationMissing): c is Compensation => "cents" in c;

/** Where a compensation comes from, in words, beside its figure. */
export const BASIS_WORDS: Record<CompensationBasis, string> = {
  listing_agreement: "the signed listing agreement",
  buyer_agreement: "the signed buyer agreement",
  estimated: "estimated from the tier table: no listing agreement is signed yet",
};

/** "$7,500 (the signed listing agreement)" or what is missing. */
export function compensationWords(c: Compensation | CompensationMissing): string {
  return isKnown(c) ? `${formatMoney(c.cents)} (${BASIS_WORDS[c.basis]})` : `Not known yet: ${c.missing}`;
}

/** `GET /api/transactions/{id}`'s `compensation`: `{ amount, basis }` (dollars with cents), or null when unknown. */
export const toCompensationJson = (c: Compensation | CompensationMissing) =>
  isKnown(c) ? { amount: apiDollars(c.cents), basis: c.basis } : null;
