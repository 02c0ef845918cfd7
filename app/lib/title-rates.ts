/**
 * Title insurance premiums from one insurer's filed schedule (app/lib/title-rates/README.md): the owner's
 * policy on the price and the lender's extended concurrent policy on the loan, in whole dollars as the
 * schedule rounds them, returned in cents. Framework-free: the public estimate recalculates in the browser.
 */
import { centsOf } from "~/lib/money";
import concurrentLoanTable from "~/lib/title-rates/or-alta-loan-extended-concurrent-2025-03-17.json";
import insuranceRateTable from "~/lib/title-rates/or-insurance-rate-2025-03-17.json";

/** The schedule an estimate names. */
export const TITLE_SCHEDULE = {
  name: "Old Republic's filed California schedule",
  insurer: "Old Republic National Title Insurance Company",
  effectiveDate: "2025-03-17",
} as const;

export type RateTable = {
  table: string;
  /** [from, to, premium], whole dollars, inclusive and contiguous from 0. */
  bands: [number, number, number][];
  /** Above the last band: `addUsd` for each `perStep` dollars or fraction over `from`. */
  above: { from: number; perStep: number; addUsd: number };
};

export const INSURANCE_RATE = insuranceRateTable as RateTable;
export const EXTENDED_CONCURRENT_LOAN = concurrentLoanTable as RateTable;

export const OWNER_POLICIES = ["standard", "homeowners", "extended"] as const;
export type OwnerPolicy = (typeof OWNER_POLICIES)[number];

/** Rule 1.1: the owner's policy as a percentage of the OR Insurance Rate. */
export const OWNER_POLICY_PERCENT: Record<OwnerPolicy, number> = { standard: 100, homeowners: 110, extended: 125 };

export const OWNER_POLICY_LABELS: Record<OwnerPolicy, string> = {
  standard: "CLTA/ALTA Standard",
  homeowners: "Homeowner's Policy",
  extended: "ALTA Extended",
};

/** A table's premium, whole dollars, for an amount of insurance in whole dollars (a fraction counts up). */
export function tablePremium(table: RateTable, amount: number): number {
  if (amount > table.above.from) {
    const steps = Math.ceil((amount - table.above.from) / table.above.perStep);
    return tablePremium(table, table.above.from) + steps * table.above.addUsd;
  }
  let low = 0;
  let high = table.bands.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (table.bands[middle]![1] < amount) low = middle + 1;
    else high = middle;
  }
  return table.bands[low]![2];
}

/** Whole dollars of an amount in cents, a fraction of a dollar counting as one more (insurance covers it). */
const dollarsUp = (cents: number) => Math.ceil(cents / 100);

/** The owner's policy on the price, in cents: the rate × its percentage, rounded up to the dollar (11.14). */
export function ownerPolicyCents(priceCents: number, policy: OwnerPolicy): number {
  const premium = tablePremium(INSURANCE_RATE, dollarsUp(priceCents));
  return centsOf(Math.ceil((premium * OWNER_POLICY_PERCENT[policy]) / 100));
}

/** The lender's extended policy issued with a Standard or Homeowner's owner's policy (2.1), in cents. */
export function lenderPolicyCents(loanCents: number): number {
  return loanCents > 0 ? centsOf(tablePremium(EXTENDED_CONCURRENT_LOAN, dollarsUp(loanCents))) : 0;
}
