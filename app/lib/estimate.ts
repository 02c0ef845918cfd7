/**
 * A seller's net sheet and a buyer's cash to close, from San Diego County's rules and a filed title
 * schedule (docs/domain.md, "The money and the offer"; docs/decisions/028-estimates.md). One framework-free
 * module: the public pages (recalculating in the browser), the saved estimates, their PDF and the API all
 * call `estimate`. Money is whole cents; each line says who pays it by default and how it was computed.
 */
import type { Party } from "~/domain/enums";
import { formatMoney, formatMoneyExact } from "~/lib/money";
import { daysBetween, plainDate, type PlainDate } from "~/lib/plain-date";
import { TRADITIONAL_COMMISSION_PERCENT, tierFor } from "~/lib/pricing";
import {
  lenderPolicyCents,
  OWNER_POLICY_LABELS,
  OWNER_POLICY_PERCENT,
  ownerPolicyCents,
  TITLE_SCHEDULE,
  type OwnerPolicy,
} from "~/lib/title-rates";

/** A percentage of the price (up to three decimals, as thousandths of a percent) or an amount in cents. */
export type PercentOrCents = { percentMilli: number } | { cents: number };

export type OtherCost = { label: string; cents: number };

export type SellerInputs = {
  side: "seller";
  /** Whole dollars, in cents. */
  price: number;
  closingDate: PlainDate;
  loanPayoffs: number;
  assumedLoan: number;
  buyerAgentPay: PercentOrCents;
  sellerCredit: number;
  ownerPolicy: OwnerPolicy;
  /** The seller's yearly bill, or null: no proration. */
  annualPropertyTax: number | null;
  hoaDocuments: number;
  hoaTransferFee: number;
  otherCosts: OtherCost[];
  principalResidence: boolean;
  /**
   * The gain-based withholding the seller elects instead of 3⅓ % of the price (FTB Form 593's alternative
   * calculation, from their own figures), in cents; null: 3⅓ %.
   */
  withholdingOnGain: number | null;
};

export type BuyerInputs = {
  side: "buyer";
  price: number;
  closingDate: PlainDate;
  downPayment: PercentOrCents;
  /** The loan's yearly rate, thousandths of a percent (6.875 % = 6875). */
  interestRateMilli: number;
  loanCosts: number;
  buyerAgentPay: PercentOrCents;
  sellerPaysBuyerAgent: PercentOrCents;
  sellerCredit: number;
  annualPropertyTax: number | null;
  recordingFees: number;
  otherCosts: OtherCost[];
};

export type EstimateInputs = SellerInputs | BuyerInputs;

/** The agency's escrow estimate (its settings): a base and an amount per $1,000 of the price, in cents. */
export type EscrowRates = { baseCents: number; perThousandCents: number };
export const DEFAULT_ESCROW: EscrowRates = { baseCents: 25_000, perThousandCents: 200 };

/** What the chart groups a line under. */
export type LineGroup = "fee" | "agents" | "credits" | "taxes" | "title-escrow" | "hoa-other" | "loan" | "payoffs";

export type EstimateLine = {
  key: string;
  label: string;
  /** Cents: positive is paid by this side, negative is a credit to it. */
  amount: number;
  payer: Party;
  note: string;
  group: LineGroup;
};

export type SellerTotals = {
  price: number;
  costs: number;
  loanPayoffs: number;
  net: number;
  withholding: number;
  cashAtClosing: number;
  traditionalCommission: number;
  traditionalNet: number;
  savings: number;
};

export type BuyerTotals = { price: number; loan: number; cashToClose: number };

export type Estimate =
  | {
      side: "seller";
      lines: EstimateLine[];
      /** Withholding is a prepayment of income tax, not a cost: shown apart from the lines. */
      withholding: EstimateLine | null;
      totals: SellerTotals;
      notes: string[];
      schedule: typeof TITLE_SCHEDULE;
      escrow: EscrowRates;
    }
  | {
      side: "buyer";
      lines: EstimateLine[];
      withholding: null;
      totals: BuyerTotals;
      notes: string[];
      schedule: typeof TITLE_SCHEDULE;
      escrow: EscrowRates;
    };

// ---- exact arithmetic -------------------------------------------------------------------------------------

/** round(a × b / c), half up, exactly (BigInt: the products pass 2^53 for large prices); a, b ≥ 0, c > 0. */
export function mulDiv(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((2n * n + d) / (2n * d));
}

/** A percentage given in thousandths, as people write it: 2500 → "2.5%". */
export const formatPercentMilli = (milli: number) => `${Number((milli / 1000).toFixed(3))}%`;

/** The amount of a percentage-or-dollars input, in cents. */
export const amountOf = (value: PercentOrCents, priceCents: number) =>
  "cents" in value ? value.cents : mulDiv(priceCents, value.percentMilli, 100_000);

const describeShare = (value: PercentOrCents, priceCents: number) =>
  "cents" in value ? "as entered" : `${formatPercentMilli(value.percentMilli)} of ${formatMoneyExact(priceCents)}`;

// ---- the rules --------------------------------------------------------------------------------------------

/**
 * County documentary transfer tax (Rev. & Tax. Code §11911; San Diego County): $0.55 for each $500 or
 * fraction of $500 of the price less a loan that stays on the property. The City of San Diego adds none.
 */
export function transferTaxCents(priceCents: number, assumedLoanCents: number): number {
  const taxable = Math.max(0, priceCents - assumedLoanCents);
  return Math.ceil(taxable / 50_000) * 55;
}

/** The escrow company's fee as the agency estimates it (base + per $1,000 of the price), and each half. */
export function escrowFeeCents(priceCents: number, rates: EscrowRates) {
  const total = rates.baseCents + mulDiv(priceCents, rates.perThousandCents, 100_000);
  const seller = Math.floor((total + 1) / 2); // the seller's half takes the odd cent
  return { total, seller, buyer: total - seller };
}

/** The first day of the fiscal year (July 1 – June 30) that holds `date`. */
export function fiscalYearStart(date: PlainDate): PlainDate {
  const year = Number(date.slice(0, 4));
  return date >= `${year}-07-01` ? plainDate(year, 7, 1) : plainDate(year - 1, 7, 1);
}

export type Proration = {
  /** The seller's share of the year's tax: the days from July 1 to the day before closing. */
  owed: number;
  /** The installments due on or before closing (November 1, February 1), as the seller paid them. */
  paid: number;
  days: number;
  yearDays: number;
  installments: PlainDate[];
};

/**
 * Property tax proration at closing: the seller owes the tax of the fiscal year's days before the closing
 * date; an installment (half the year's tax; the first takes the odd cent) due on or before closing counts
 * as paid by the seller. The seller's line is owed − paid: positive is owed, negative a credit.
 */
export function prorateTax(annualCents: number, closingDate: PlainDate): Proration {
  const start = fiscalYearStart(closingDate);
  const year = Number(start.slice(0, 4));
  const yearDays = daysBetween(start, plainDate(year + 1, 7, 1));
  const days = daysBetween(start, closingDate);
  const owed = mulDiv(annualCents, days, yearDays);
  const first = Math.floor((annualCents + 1) / 2);
  const dues: Array<[PlainDate, number]> = [
    [plainDate(year, 11, 1), first],
    [plainDate(year + 1, 2, 1), annualCents - first],
  ];
  const due = dues.filter(([date]) => date <= closingDate);
  return {
    owed,
    paid: due.reduce((sum, [, cents]) => sum + cents, 0),
    days,
    yearDays,
    installments: due.map(([date]) => date),
  };
}

/** Interest from the closing day to the end of its month, both counted: loan × rate / 365 × days. */
export function prepaidInterest(loanCents: number, rateMilli: number, closingDate: PlainDate) {
  const [year, month] = [Number(closingDate.slice(0, 4)), Number(closingDate.slice(5, 7))];
  const lastDay = plainDate(year, month + 1, 0);
  const days = daysBetween(closingDate, lastDay) + 1;
  return { cents: mulDiv(loanCents, rateMilli * days, 100_000 * 365), days };
}

/** California withholding (Rev. & Tax. Code §18662): 3⅓ % of the price (price / 30), to the cent. */
export const withholdingCents = (priceCents: number) => mulDiv(priceCents, 1, 30);

/** No withholding on a sale of $100,000 or less (Rev. & Tax. Code §18662(e)(3)(A)). */
export const WITHHOLDING_THRESHOLD_CENTS = 10_000_000;

/**
 * What escrow withholds from the seller, and which rule gave the figure: none on a principal residence or
 * a sale of $100,000 or less; else the gain-based amount the seller elected, or 3⅓ % of the price.
 */
export function withholdingOf(i: Pick<SellerInputs, "price" | "principalResidence" | "withholdingOnGain">): {
  cents: number;
  note: string;
} {
  if (i.principalResidence) {
    return { cents: 0, note: "No California withholding: the home is the seller's principal residence." };
  }
  if (i.price <= WITHHOLDING_THRESHOLD_CENTS) {
    return {
      cents: 0,
      note: "No California withholding: the price is $100,000 or less (Rev. & Tax. Code §18662(e)(3)(A)).",
    };
  }
  if (i.withholdingOnGain !== null) {
    return {
      cents: i.withholdingOnGain,
      note: `the gain-based amount the seller elected (FTB Form 593's alternative calculation), instead of 3⅓% of ${formatMoneyExact(i.price)}: a prepayment of income tax, not a cost`,
    };
  }
  return {
    cents: withholdingCents(i.price),
    note: `3⅓% of ${formatMoneyExact(i.price)} (Rev. & Tax. Code §18662): a prepayment of income tax, not a cost; none on a principal residence or a sale of $100,000 or less`,
  };
}

// ---- the estimate -----------------------------------------------------------------------------------------

const line = (
  key: string,
  label: string,
  amount: number,
  payer: Party,
  group: LineGroup,
  note: string,
): EstimateLine => ({ key, label, amount, payer, group, note });

const otherLines = (costs: OtherCost[], payer: Party): EstimateLine[] =>
  costs.map((c, i) => line(`otherCosts[${i}]`, c.label, c.cents, payer, "hoa-other", "as entered"));

function prorationLine(annual: number, closingDate: PlainDate, side: Party): EstimateLine {
  const p = prorateTax(annual, closingDate);
  const sellerAmount = p.owed - p.paid;
  const amount = side === "seller" ? sellerAmount : -sellerAmount;
  const paidNote = p.installments.length
    ? `; the installment${p.installments.length > 1 ? "s" : ""} due ${p.installments.join(" and ")} (${formatMoneyExact(p.paid)}) counted as paid by the seller`
    : "; no installment was due before closing";
  // Every line of a sheet is its side's: positive owed, negative a credit (the other sheet has the other side).
  return line(
    "propertyTax",
    side === "seller" ? "Property tax proration" : "Property tax proration (to the seller)",
    amount,
    side,
    "taxes",
    `${formatMoneyExact(annual)} a year × ${p.days} of ${p.yearDays} days of the fiscal year before closing = ${formatMoneyExact(p.owed)} owed by the seller${paidNote}`,
  );
}

export function estimate(inputs: EstimateInputs, escrow: EscrowRates = DEFAULT_ESCROW): Estimate {
  return inputs.side === "seller" ? sellerEstimate(inputs, escrow) : buyerEstimate(inputs, escrow);
}

function sellerEstimate(i: SellerInputs, escrow: EscrowRates): Estimate {
  const price = i.price;
  const tier = tierFor(price);
  const escrowFee = escrowFeeCents(price, escrow);
  const taxable = Math.max(0, price - i.assumedLoan);
  const lines: EstimateLine[] = [
    line(
      "flatFee",
      "Our flat fee",
      tier.feeCents,
      "seller",
      "fee",
      `${tier.name}: homes ${tier.range.replace(/^Homes /, "")}`,
    ),
    line(
      "buyerAgentPay",
      "Buyer's agent pay",
      amountOf(i.buyerAgentPay, price),
      "seller",
      "agents",
      describeShare(i.buyerAgentPay, price),
    ),
    line("sellerCredit", "Credit to the buyer", i.sellerCredit, "seller", "credits", "as entered"),
    line(
      "transferTax",
      "County transfer tax",
      transferTaxCents(price, i.assumedLoan),
      "seller",
      "taxes",
      `$0.55 for each $500 or part of ${formatMoneyExact(taxable)}${i.assumedLoan ? " (the price less the assumed loan)" : ""}`,
    ),
    line(
      "ownerTitlePolicy",
      `Owner's title policy (${OWNER_POLICY_LABELS[i.ownerPolicy]})`,
      ownerPolicyCents(price, i.ownerPolicy),
      "seller",
      "title-escrow",
      `${OWNER_POLICY_PERCENT[i.ownerPolicy]}% of the OR Insurance Rate on ${formatMoneyExact(price)}, rounded up to the dollar`,
    ),
    line(
      "escrowFee",
      "Escrow fee (your half)",
      escrowFee.seller,
      "seller",
      "title-escrow",
      `half of ${formatMoneyExact(escrow.baseCents)} + ${formatMoneyExact(escrow.perThousandCents)} per $1,000 (${formatMoneyExact(escrowFee.total)}); an estimate: the escrow company's fee prevails`,
    ),
    ...(i.annualPropertyTax === null ? [] : [prorationLine(i.annualPropertyTax, i.closingDate, "seller")]),
    line("hoaDocuments", "HOA documents", i.hoaDocuments, "seller", "hoa-other", "as entered"),
    line("hoaTransferFee", "HOA transfer fee", i.hoaTransferFee, "seller", "hoa-other", "as entered"),
    ...otherLines(i.otherCosts, "seller"),
  ];
  const costs = lines.reduce((sum, l) => sum + l.amount, 0);
  const payoffs = line("loanPayoffs", "Loan payoffs", i.loanPayoffs, "seller", "payoffs", "as entered");
  const net = price - costs - i.loanPayoffs;
  const withheld = withholdingOf(i);
  const withholding = withheld.cents
    ? line("withholding", "California withholding (FTB Form 593)", withheld.cents, "seller", "taxes", withheld.note)
    : null;
  const traditionalCommission = mulDiv(price, TRADITIONAL_COMMISSION_PERCENT, 100);
  const traditionalNet = net + tier.feeCents - traditionalCommission;
  return {
    side: "seller",
    lines: [...lines, payoffs],
    withholding,
    totals: {
      price,
      costs,
      loanPayoffs: i.loanPayoffs,
      net,
      withholding: withholding?.amount ?? 0,
      cashAtClosing: net - (withholding?.amount ?? 0),
      traditionalCommission,
      traditionalNet,
      savings: net - traditionalNet,
    },
    notes: [
      ...(i.annualPropertyTax === null
        ? ["Property tax is left out: enter your yearly bill to see what is prorated at closing."]
        : []),
      ...(withholding ? [] : [withheld.note]),
      "An estimate only: escrow's closing statement gives the exact figures.",
    ],
    schedule: TITLE_SCHEDULE,
    escrow,
  };
}

function buyerEstimate(i: BuyerInputs, escrow: EscrowRates): Estimate {
  const price = i.price;
  const down = Math.min(price, amountOf(i.downPayment, price));
  const loan = price - down;
  const escrowFee = escrowFeeCents(price, escrow);
  const interest = prepaidInterest(loan, i.interestRateMilli, i.closingDate);
  const agentPay = amountOf(i.buyerAgentPay, price);
  const covered = Math.min(agentPay, amountOf(i.sellerPaysBuyerAgent, price));
  const lines: EstimateLine[] = [
    line(
      "downPayment",
      "Down payment",
      down,
      "buyer",
      "loan",
      loan === 0
        ? "the whole price: a cash purchase"
        : `${describeShare(i.downPayment, price)}; the loan is ${formatMoneyExact(loan)}`,
    ),
    line("loanCosts", "Lender fees and points", i.loanCosts, "buyer", "loan", "from your Loan Estimate, as entered"),
    ...(loan > 0
      ? [
          line(
            "lenderTitlePolicy",
            "Lender's title policy",
            lenderPolicyCents(loan),
            "buyer",
            "title-escrow",
            `the extended concurrent loan table on ${formatMoneyExact(loan)}`,
          ),
        ]
      : []),
    line(
      "escrowFee",
      "Escrow fee (your half)",
      escrowFee.buyer,
      "buyer",
      "title-escrow",
      `half of ${formatMoneyExact(escrow.baseCents)} + ${formatMoneyExact(escrow.perThousandCents)} per $1,000 (${formatMoneyExact(escrowFee.total)}); an estimate: the escrow company's fee prevails`,
    ),
    ...(loan > 0
      ? [
          line(
            "prepaidInterest",
            "Prepaid interest",
            interest.cents,
            "buyer",
            "loan",
            `${formatMoneyExact(loan)} × ${formatPercentMilli(i.interestRateMilli)} ÷ 365 × ${interest.days} days (closing to the month's end)`,
          ),
        ]
      : []),
    ...(i.annualPropertyTax === null ? [] : [prorationLine(i.annualPropertyTax, i.closingDate, "buyer")]),
    line(
      "buyerAgentPay",
      "Your agent's pay",
      agentPay - covered,
      "buyer",
      "agents",
      covered
        ? `${formatMoneyExact(agentPay)} less ${formatMoneyExact(covered)} the seller pays`
        : describeShare(i.buyerAgentPay, price),
    ),
    line("sellerCredit", "Credit from the seller", -i.sellerCredit, "buyer", "credits", "as entered"),
    line(
      "recordingFees",
      "Recording fees",
      i.recordingFees,
      "buyer",
      "title-escrow",
      "the deed and the loan, as entered",
    ),
    ...otherLines(i.otherCosts, "buyer"),
  ];
  return {
    side: "buyer",
    lines,
    withholding: null,
    totals: { price, loan, cashToClose: lines.reduce((sum, l) => sum + l.amount, 0) },
    notes: [
      ...(i.annualPropertyTax === null
        ? ["Property tax is left out: enter the yearly bill to see what is prorated at closing."]
        : []),
      "After the purchase the county reassesses the home and sends a supplemental property tax bill.",
      "An estimate only: your Closing Disclosure and escrow's statement give the exact figures.",
    ],
    schedule: TITLE_SCHEDULE,
    escrow,
  };
}

// ---- words ------------------------------------------------------------------------------------------------

/** "Net sheet for a $850,000 sale", "Cash to close for a $850,000 purchase". */
export const estimateTitle = (e: Estimate) =>
  e.side === "seller"
    ? `Net sheet for a ${formatMoney(e.totals.price)} sale`
    : `Cash to close for a ${formatMoney(e.totals.price)} purchase`;

/** The totals in words, whole dollars: an e-mail's summary, a lead's message. */
export function estimateSummary(e: Estimate): string[] {
  if (e.side === "buyer") {
    return [
      `Price: ${formatMoney(e.totals.price)}; loan: ${formatMoney(e.totals.loan)}`,
      `Cash to close: about ${formatMoney(e.totals.cashToClose)}`,
    ];
  }
  return [
    `Price: ${formatMoney(e.totals.price)}; costs: ${formatMoney(e.totals.costs)}; loan payoffs: ${formatMoney(e.totals.loanPayoffs)}`,
    `You walk away with about ${formatMoney(e.totals.net)}${e.totals.withholding ? ` (${formatMoney(e.totals.cashAtClosing)} at closing, after ${formatMoney(e.totals.withholding)} of California withholding)` : ""}`,
    `With a 3% commission instead of our flat fee: ${formatMoney(e.totals.traditionalNet)}; you keep ${formatMoney(e.totals.savings)} more`,
  ];
}

const longDate = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });

/** "Title premiums from Old Republic's filed California schedule effective March 17, 2025." */
export const scheduleSentence = (e: Pick<Estimate, "schedule">) => {
  const [y, m, d] = e.schedule.effectiveDate.split("-").map(Number);
  return `Title premiums from ${e.schedule.name} effective ${longDate.format(Date.UTC(y!, m! - 1, d!))}.`;
};
