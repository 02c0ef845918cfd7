/**
 * A seller's net sheet and a buyer's cash to close, from San Diego County's rules and a filed title
 * schedule (docs/domain.md, "The money and the offer"; docs/decisions/028-estimates.md). One framework-free
 * module: the public pages (recalculating in the browser), the saved estimates, their PDF and the API all
 * call `estimate`. Money is whole cents; each line says who pays it by default and how it was computed.
 */
import type { Party } from "~/domain/enums";
import { amountOf, formatMoney, formatMoneyExact, formatPercentMilli, mulDiv, type PercentOrCents } from "~/lib/money";
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

export type { PercentOrCents };

export type OtherCost = { label: string; cents: number };

export type SellerInputs = {
  side: "seller";
  /** Whole dollars, in cents. */
  price: number;
  closingDate: PlainDate;
  loanPayoffs: number;
  /** How many loans the payoffs close (each one's release is recorded); null: one when there are payoffs. */
  loansPaidOff: number | null;
  /** The payoff loan's yearly rate, thousandths of a percent: its interest since the last payment; null: none. */
  payoffInterestRateMilli: number | null;
  assumedLoan: number;
  /** Null: not entered (counted as $0, and the estimate says it is missing). */
  buyerAgentPay: PercentOrCents | null;
  sellerCredit: number;
  ownerPolicy: OwnerPolicy;
  /** The seller's yearly bill, or null: no proration. */
  annualPropertyTax: number | null;
  hoaDocuments: number;
  hoaTransferFee: number;
  /** Reconveyance and recording of each loan's release, in cents; null: the agency's figure (if it set one). */
  reconveyancePerLoan: number | null;
  /** Notary and courier; null: the agency's figure (if any). */
  notaryCourier: number | null;
  /** The natural hazard disclosure report; null: the agency's figure (if any). */
  nhdReport: number | null;
  /** A home warranty for the buyer; null: the agency's figure (if any). */
  homeWarranty: number | null;
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
  /** The lender's fees and points; null: not entered (counted as $0, and said to be missing with a loan). */
  loanCosts: number | null;
  buyerAgentPay: PercentOrCents;
  sellerPaysBuyerAgent: PercentOrCents;
  sellerCredit: number;
  annualPropertyTax: number | null;
  /** Recording the deed and the loan; null: not entered (counted as $0, and said to be missing). */
  recordingFees: number | null;
  /** The first year of homeowner's insurance, paid at closing. */
  homeownersInsurance: number;
  /** Impounds: the lender's reserve of property tax and insurance, paid at closing. */
  impounds: number;
  /** The initial deposit already paid into escrow: credited against the cash to close. */
  deposit: number;
  otherCosts: OtherCost[];
};

export type EstimateInputs = SellerInputs | BuyerInputs;

/** The agency's escrow estimate (its settings): a base and an amount per $1,000 of the price, in cents. */
export type EscrowRates = { baseCents: number; perThousandCents: number };
export const DEFAULT_ESCROW: EscrowRates = { baseCents: 25_000, perThousandCents: 200 };

/**
 * What the agency's settings give an estimate: the escrow rates, and the usual figures of the seller's
 * costs a seller may leave blank (cents; null: none until the broker sets one, so no line).
 */
export type AgencyCosts = {
  escrow: EscrowRates;
  reconveyancePerLoanCents: number | null;
  notaryCourierCents: number | null;
  nhdReportCents: number | null;
  homeWarrantyCents: number | null;
};
export const DEFAULT_COSTS: AgencyCosts = {
  escrow: DEFAULT_ESCROW,
  reconveyancePerLoanCents: null,
  notaryCourierCents: null,
  nhdReportCents: null,
  homeWarrantyCents: null,
};

/** An input an estimate needs to be complete, left empty (the estimate counts it as $0 and says so). */
export type MissingInput = "annualPropertyTax" | "buyerAgentPay" | "loanCosts" | "recordingFees";

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
      /** What was left empty that the figure needs (optional: a result saved before it existed has none). */
      missing?: MissingInput[];
      schedule: typeof TITLE_SCHEDULE;
      escrow: EscrowRates;
    }
  | {
      side: "buyer";
      lines: EstimateLine[];
      withholding: null;
      totals: BuyerTotals;
      notes: string[];
      missing?: MissingInput[];
      schedule: typeof TITLE_SCHEDULE;
      escrow: EscrowRates;
    };

// ---- exact arithmetic -------------------------------------------------------------------------------------

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

export function estimate(inputs: EstimateInputs, costs: AgencyCosts = DEFAULT_COSTS): Estimate {
  return inputs.side === "seller" ? sellerEstimate(inputs, costs) : buyerEstimate(inputs, costs);
}

/**
 * Interest on the loans paid off since their last payment: a mortgage's payment on the 1st pays the month
 * before, so the payoff adds the days from the 1st of the closing month to the closing day, both counted.
 */
export function payoffInterest(payoffCents: number, rateMilli: number, closingDate: PlainDate) {
  const days = Number(closingDate.slice(8, 10));
  return { cents: mulDiv(payoffCents, rateMilli * days, 100_000 * 365), days };
}

/** A cost the seller may leave blank for the agency's usual figure: the amount and where it came from. */
const agencyFigure = (entered: number | null, usual: number | null) =>
  entered !== null
    ? { cents: entered, note: "as entered" }
    : usual !== null
      ? { cents: usual, note: "the agency's usual figure; enter yours to change it" }
      : null;

function sellerEstimate(i: SellerInputs, costs: AgencyCosts): Estimate {
  const { escrow } = costs;
  const price = i.price;
  const tier = tierFor(price);
  const escrowFee = escrowFeeCents(price, escrow);
  const taxable = Math.max(0, price - i.assumedLoan);
  const loans = i.loansPaidOff ?? (i.loanPayoffs > 0 ? 1 : 0);
  const perLoan = i.reconveyancePerLoan ?? costs.reconveyancePerLoanCents;
  const interest =
    i.payoffInterestRateMilli !== null && i.loanPayoffs > 0
      ? payoffInterest(i.loanPayoffs, i.payoffInterestRateMilli, i.closingDate)
      : null;
  const notary = agencyFigure(i.notaryCourier, costs.notaryCourierCents);
  const nhd = agencyFigure(i.nhdReport, costs.nhdReportCents);
  const warranty = agencyFigure(i.homeWarranty, costs.homeWarrantyCents);
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
      i.buyerAgentPay === null ? 0 : amountOf(i.buyerAgentPay, price),
      "seller",
      "agents",
      i.buyerAgentPay === null ? "not entered: counted as $0" : describeShare(i.buyerAgentPay, price),
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
    ...(loans > 0 && perLoan !== null
      ? [
          line(
            "reconveyance",
            "Reconveyance and recording",
            loans * perLoan,
            "seller",
            "title-escrow",
            `${loans} loan${loans > 1 ? "s" : ""} paid off × ${formatMoneyExact(perLoan)} (${i.reconveyancePerLoan === null ? "the agency's usual figure" : "as entered"}): the release of each loan, recorded`,
          ),
        ]
      : []),
    ...(notary
      ? [line("notaryCourier", "Notary and courier", notary.cents, "seller", "title-escrow", notary.note)]
      : []),
    ...(i.annualPropertyTax === null ? [] : [prorationLine(i.annualPropertyTax, i.closingDate, "seller")]),
    ...(interest
      ? [
          line(
            "payoffInterest",
            "Interest on the payoff",
            interest.cents,
            "seller",
            "payoffs",
            `${formatMoneyExact(i.loanPayoffs)} × ${formatPercentMilli(i.payoffInterestRateMilli!)} ÷ 365 × ${interest.days} days since the payment of the 1st; the lender's payoff statement prevails`,
          ),
        ]
      : []),
    line("hoaDocuments", "HOA documents", i.hoaDocuments, "seller", "hoa-other", "as entered"),
    line("hoaTransferFee", "HOA transfer fee", i.hoaTransferFee, "seller", "hoa-other", "as entered"),
    ...(nhd ? [line("nhdReport", "Natural hazard disclosure report", nhd.cents, "seller", "hoa-other", nhd.note)] : []),
    ...(warranty
      ? [line("homeWarranty", "Home warranty for the buyer", warranty.cents, "seller", "hoa-other", warranty.note)]
      : []),
    ...otherLines(i.otherCosts, "seller"),
  ];
  // The payoffs and their interest are the seller's own debt, not a cost of the sale: shown apart.
  const costs_ = lines.filter((l) => l.group !== "payoffs").reduce((sum, l) => sum + l.amount, 0);
  const payoffTotal = i.loanPayoffs + (interest?.cents ?? 0);
  const payoffs = line("loanPayoffs", "Loan payoffs", i.loanPayoffs, "seller", "payoffs", "as entered");
  const net = price - costs_ - payoffTotal;
  const withheld = withholdingOf(i);
  const withholding = withheld.cents
    ? line("withholding", "California withholding (FTB Form 593)", withheld.cents, "seller", "taxes", withheld.note)
    : null;
  const traditionalCommission = mulDiv(price, TRADITIONAL_COMMISSION_PERCENT, 100);
  const traditionalNet = net + tier.feeCents - traditionalCommission;
  const missing: MissingInput[] = [
    ...(i.annualPropertyTax === null ? (["annualPropertyTax"] as const) : []),
    ...(i.buyerAgentPay === null ? (["buyerAgentPay"] as const) : []),
  ];
  return {
    side: "seller",
    lines: [...lines.filter((l) => l.group !== "payoffs"), payoffs, ...lines.filter((l) => l.group === "payoffs")],
    withholding,
    totals: {
      price,
      costs: costs_,
      loanPayoffs: payoffTotal,
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
    missing,
    schedule: TITLE_SCHEDULE,
    escrow,
  };
}

function buyerEstimate(i: BuyerInputs, costs: AgencyCosts): Estimate {
  const { escrow } = costs;
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
    line(
      "loanCosts",
      "Lender fees and points",
      i.loanCosts ?? 0,
      "buyer",
      "loan",
      i.loanCosts === null ? "not entered: counted as $0" : "from your Loan Estimate, as entered",
    ),
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
      i.recordingFees ?? 0,
      "buyer",
      "title-escrow",
      i.recordingFees === null ? "not entered: counted as $0" : "the deed and the loan, as entered",
    ),
    // The usual buyer lines of a loan's closing, none unless entered.
    ...(i.homeownersInsurance
      ? [
          line(
            "homeownersInsurance",
            "Homeowner's insurance (first year)",
            i.homeownersInsurance,
            "buyer",
            "hoa-other",
            "as entered; the lender asks for it paid at closing",
          ),
        ]
      : []),
    ...(i.impounds
      ? [
          line(
            "impounds",
            "Impounds (tax and insurance reserve)",
            i.impounds,
            "buyer",
            "loan",
            "as entered, from your Loan Estimate",
          ),
        ]
      : []),
    ...otherLines(i.otherCosts, "buyer"),
    ...(i.deposit
      ? [
          line(
            "deposit",
            "Your deposit (already paid into escrow)",
            -i.deposit,
            "buyer",
            "credits",
            "the initial deposit, credited at closing",
          ),
        ]
      : []),
  ];
  const missing: MissingInput[] = [
    ...(i.annualPropertyTax === null ? (["annualPropertyTax"] as const) : []),
    ...(i.loanCosts === null && loan > 0 ? (["loanCosts"] as const) : []),
    ...(i.recordingFees === null ? (["recordingFees"] as const) : []),
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
    missing,
    schedule: TITLE_SCHEDULE,
    escrow,
  };
}

// ---- what a page lists ------------------------------------------------------------------------------------

/** Lines whose amount a person gives: at $0 a page or the PDF does not list them (the API keeps every line). */
const GIVEN_AMOUNTS = new Set([
  "buyerAgentPay",
  "sellerCredit",
  "hoaDocuments",
  "hoaTransferFee",
  "loanPayoffs",
  "loanCosts",
  "recordingFees",
  "homeownersInsurance",
  "impounds",
  "deposit",
]);

/**
 * The lines a page and the PDF list: every line but a $0 one of an amount the person gives (a credit,
 * HOA fees, payoffs: $0 is what a blank means); the seller's payoffs apart from the costs (`payoffs`).
 */
export function listedLines(e: Estimate): { costs: EstimateLine[]; payoffs: EstimateLine[] } {
  const missing = new Set<string>(e.missing ?? []);
  // A seller who enters 0 for the buyer's agent pays none: that line says so. Left blank, the banner says it.
  const shown = (l: EstimateLine) =>
    l.amount !== 0 ||
    (l.key === "buyerAgentPay" && e.side === "seller" && !missing.has(l.key)) ||
    !(GIVEN_AMOUNTS.has(l.key) || l.key.startsWith("other"));
  const listed = e.lines.filter(shown);
  return {
    costs: listed.filter((l) => l.group !== "payoffs"),
    payoffs: listed.filter((l) => l.group === "payoffs"),
  };
}

/** What a missing input is, as a page says it. */
export const MISSING_WORDS: Record<MissingInput, string> = {
  annualPropertyTax:
    "the yearly property tax (from the tax bill: Proposition 13 ties it to the purchase, not the price)",
  buyerAgentPay: "the buyer's agent pay (enter 0 if you pay none)",
  loanCosts: "the lender's fees and points (from your Loan Estimate)",
  recordingFees: "the recording fees (the deed and the loan)",
};

/**
 * What an estimate leaves out, in one sentence ("This net is incomplete: it leaves out the yearly property
 * tax (…) and the buyer's agent pay (…)."), or null when nothing is missing.
 */
export function missingSentence(e: Estimate): string | null {
  const missing = e.missing ?? [];
  if (missing.length === 0) return null;
  const words = missing.map((m) => MISSING_WORDS[m]);
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
  const what = e.side === "seller" ? "This net" : "This cash to close";
  return `${what} is incomplete: it leaves out ${list}.`;
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
