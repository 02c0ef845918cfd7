/**
 * The inputs of an estimate (app/lib/estimate.ts), one schema for the public GET forms, the saved
 * estimates' forms, the browser's live recalculation and the JSON API: amounts as people type them
 * ("850,000", "$1,250.50") or JSON numbers, a share of the price as "2.5%" or dollars, dates as
 * YYYY-MM-DD. A bad value is a field error with the field named (a negative price, a date that does not
 * exist, a percentage over 100, text in a number); nothing is guessed.
 */
import { z } from "zod";
import type { BuyerInputs, EstimateInputs, OtherCost, PercentOrCents, SellerInputs } from "~/lib/estimate";
import { numberInput } from "~/lib/form-values";
import { centsOf, centsOfDollars, moneyInput } from "~/lib/money";
import { addDaysTo, parsePlainDate, type PlainDate } from "~/lib/plain-date";
import { MAX_OTHER_COSTS } from "~/lib/estimate-names";
import { OWNER_POLICIES } from "~/lib/title-rates";

/** The highest price an estimate takes ($100,000,000): every product of the rules stays exact. */
export const MAX_PRICE_DOLLARS = 100_000_000;
/** A closing date defaults to this many days from today (a usual escrow). */
export const DEFAULT_CLOSING_DAYS = 45;
/** The rows of other costs a form shows (the API takes up to MAX_OTHER_COSTS). */
export const OTHER_COST_ROWS = 3;

export const ESTIMATE_MESSAGES = {
  price: "Enter the price in whole dollars, above $0",
  amount: "Enter an amount in dollars, 0 or more",
  percent: "Enter a percentage from 0 to 100, or an amount in dollars",
  rate: "Enter the interest rate as a percentage, from 0 to 30",
  date: "Enter a real date (YYYY-MM-DD) from 2000 to 2099",
  label: "Name this cost",
  loans: "Enter how many loans, from 0 to 10",
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Dollars with at most two decimals, 0 up to the price's maximum, as cents. */
const cents = z.preprocess(
  numberInput,
  z
    .number({ invalid_type_error: ESTIMATE_MESSAGES.amount, required_error: ESTIMATE_MESSAGES.amount })
    .min(0, ESTIMATE_MESSAGES.amount)
    .max(MAX_PRICE_DOLLARS, ESTIMATE_MESSAGES.amount)
    .refine((v) => Number.isInteger(Math.round(v * 1e6) / 1e4), ESTIMATE_MESSAGES.amount)
    .transform(centsOfDollars),
);
const centsOrZero = z.preprocess((v) => (blank(v) ? 0 : v), cents);
const centsOrNull = z.preprocess((v) => (blank(v) ? null : v), cents.nullable());

const price = z.preprocess(
  numberInput,
  z
    .number({ invalid_type_error: ESTIMATE_MESSAGES.price, required_error: ESTIMATE_MESSAGES.price })
    .int(ESTIMATE_MESSAGES.price)
    .positive(ESTIMATE_MESSAGES.price)
    .max(MAX_PRICE_DOLLARS, ESTIMATE_MESSAGES.price)
    .transform(centsOf),
);

/** A percentage with at most three decimals, as thousandths (2.5 → 2500). */
const percentMilli = (max: number, message: string) =>
  z
    .number({ invalid_type_error: message })
    .min(0, message)
    .max(max, message)
    .refine((v) => Number.isInteger(Math.round(v * 1e6) / 1e3), message)
    .transform((v) => Math.round(v * 1000));

const sharePercent = percentMilli(100, ESTIMATE_MESSAGES.percent);

/** "2.5%" (a share of the price), or dollars ("$12,000", 12000). */
const shareOf = z.union([z.string(), z.number()]).transform((v, ctx): PercentOrCents => {
  const text = typeof v === "string" ? v.trim() : null;
  if (text?.endsWith("%")) {
    const parsed = sharePercent.safeParse(numberInput(text.slice(0, -1)));
    if (parsed.success) return { percentMilli: parsed.data };
  } else {
    const parsed = cents.safeParse(v);
    if (parsed.success) return { cents: parsed.data };
  }
  ctx.addIssue({ code: "custom", message: ESTIMATE_MESSAGES.percent });
  return z.NEVER;
});
const percentOrCents = (fallback: string) => z.preprocess((v) => (blank(v) ? fallback : v), shareOf);
/** A share that may be left empty: null (not entered). */
const percentOrCentsOrNull = z.preprocess((v) => (blank(v) ? null : v), shareOf.nullable());

const closingDate = (today: PlainDate) =>
  z.preprocess(
    (v) => (blank(v) ? addDaysTo(today, DEFAULT_CLOSING_DAYS) : v),
    z
      .string({ invalid_type_error: ESTIMATE_MESSAGES.date })
      .refine((v) => parsePlainDate(v) === v && v >= "2000-01-01" && v <= "2099-12-31", ESTIMATE_MESSAGES.date),
  );

const otherCost = z
  .object({ label: z.unknown().optional(), amount: z.unknown().optional() })
  .transform((row, ctx): OtherCost | null => {
    const label = typeof row.label === "string" ? row.label.trim().slice(0, 100) : "";
    if (blank(row.amount)) {
      if (label) ctx.addIssue({ code: "custom", path: ["amount"], message: ESTIMATE_MESSAGES.amount });
      return null;
    }
    const amount = cents.safeParse(row.amount);
    if (!amount.success) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: ESTIMATE_MESSAGES.amount });
      return z.NEVER;
    }
    return { label: label || "Other cost", cents: amount.data };
  });

const otherCosts = z
  .preprocess(
    (v) => (blank(v) ? [] : v),
    z.array(otherCost).max(MAX_OTHER_COSTS, `At most ${MAX_OTHER_COSTS} other costs`),
  )
  .transform((rows) => rows.filter((r): r is OtherCost => r !== null));

/** A yearly rate as a percentage ("6.875" or "6.875%"), as thousandths. */
const rateMilli = z.preprocess(
  (v) => numberInput(typeof v === "string" ? v.replace(/%\s*$/, "") : v),
  percentMilli(30, ESTIMATE_MESSAGES.rate),
);
const rateMilliOrNull = z.preprocess((v) => (blank(v) ? null : v), rateMilli.nullable());

/** How many loans the payoffs close: a whole number from 0 to 10, or null. */
const loanCount = z.preprocess(
  (v) => (blank(v) ? null : numberInput(v)),
  z
    .number({ invalid_type_error: ESTIMATE_MESSAGES.loans })
    .int(ESTIMATE_MESSAGES.loans)
    .min(0, ESTIMATE_MESSAGES.loans)
    .max(10, ESTIMATE_MESSAGES.loans)
    .nullable(),
);

const yesNo = (fallback: boolean) =>
  z.preprocess(
    (v) => (blank(v) ? fallback : v === "yes" || v === "true" ? true : v === "no" || v === "false" ? false : v),
    z.boolean({ invalid_type_error: "Answer yes or no" }),
  );

/**
 * The seller's own figures: everything of a net sheet but the sale's terms (price, credit, buyer's agent
 * pay). A selling transaction keeps them (app/models/seller-figures.server.ts) to net its offers.
 */
export const sellerFigureFields = (today: PlainDate) => ({
  closingDate: closingDate(today),
  loanPayoffs: centsOrZero,
  loansPaidOff: loanCount,
  payoffInterestRate: rateMilliOrNull,
  assumedLoan: centsOrZero,
  ownerPolicy: z.preprocess((v) => (blank(v) ? "homeowners" : v), z.enum(OWNER_POLICIES)),
  annualPropertyTax: centsOrNull,
  hoaDocuments: centsOrZero,
  hoaTransferFee: centsOrZero,
  reconveyancePerLoan: centsOrNull,
  notaryCourier: centsOrNull,
  nhdReport: centsOrNull,
  homeWarranty: centsOrNull,
  otherCosts,
  principalResidence: yesNo(true),
  withholdingOnGain: centsOrNull,
});

/** A sale's seller figures (`PUT /api/transactions/{id}/seller-figures`, the Offers section's form). */
export const sellerFiguresSchema = (today: PlainDate) =>
  z.object(sellerFigureFields(today)).transform(({ payoffInterestRate, ...rest }): SellerFigures => ({
    ...rest,
    payoffInterestRateMilli: payoffInterestRate,
  }));

/** The seller's net sheet. */
export const sellerInputsSchema = (today: PlainDate) =>
  z
    .object({
      side: z.literal("seller"),
      price,
      buyerAgentPay: percentOrCentsOrNull,
      sellerCredit: centsOrZero,
      ...sellerFigureFields(today),
    })
    .superRefine((v, ctx) => {
      if (v.assumedLoan > v.price) {
        ctx.addIssue({ code: "custom", path: ["assumedLoan"], message: "The assumed loan cannot be above the price" });
      }
    })
    .transform(({ payoffInterestRate, ...rest }): SellerInputs => ({
      ...rest,
      payoffInterestRateMilli: payoffInterestRate,
    }));

/** The buyer's cash to close. The rate is `interestRate`, a percentage ("6.875" or "6.875%"). */
export const buyerInputsSchema = (today: PlainDate) =>
  z
    .object({
      side: z.literal("buyer"),
      price,
      closingDate: closingDate(today),
      downPayment: percentOrCents("20%"),
      interestRate: z.preprocess((v) => (blank(v) ? DEFAULT_INTEREST_RATE : v), rateMilli),
      loanCosts: centsOrNull,
      buyerAgentPay: percentOrCents("0"),
      sellerPaysBuyerAgent: percentOrCents("0"),
      sellerCredit: centsOrZero,
      annualPropertyTax: centsOrNull,
      recordingFees: centsOrNull,
      homeownersInsurance: centsOrZero,
      impounds: centsOrZero,
      deposit: centsOrZero,
      otherCosts,
    })
    .transform(({ interestRate, ...rest }): BuyerInputs => ({ ...rest, interestRateMilli: interestRate }));

/** The rate a buyer's estimate starts with when none is given (a form shows it; the line's note names it). */
export const DEFAULT_INTEREST_RATE = 6.5;

/** Either side, by `side` (the API's body); the field errors are those of that side's schema. */
function inputsSchemaOf(today: PlainDate) {
  // Each side's schema is built once per day (building one costs about as much as five parses).
  let seller: ReturnType<typeof sellerInputsSchema> | undefined;
  let buyer: ReturnType<typeof buyerInputsSchema> | undefined;
  return z
    .object({ side: z.enum(["seller", "buyer"], { errorMap: () => ({ message: 'Choose "seller" or "buyer"' }) }) })
    .passthrough()
    .transform((value, ctx): EstimateInputs => {
      const schema =
        value.side === "seller" ? (seller ??= sellerInputsSchema(today)) : (buyer ??= buyerInputsSchema(today));
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: "custom" });
      return z.NEVER;
    });
}

let lastSchema: { today: PlainDate; schema: ReturnType<typeof inputsSchemaOf> } | undefined;

/** An estimate's inputs, either side (the API's body, a page's query), for a closing no earlier than `today`. */
export function estimateInputsSchema(today: PlainDate) {
  if (lastSchema?.today !== today) lastSchema = { today, schema: inputsSchemaOf(today) };
  return lastSchema.schema;
}

const shareInput = (value: PercentOrCents | null) =>
  value === null
    ? ""
    : "cents" in value
      ? moneyInput(value.cents)
      : `${Number((value.percentMilli / 1000).toFixed(3))}%`;
const moneyOrBlank = (cents: number | null) => (cents === null ? "" : moneyInput(cents));
const rateInput = (milli: number | null) => (milli === null ? "" : String(Number((milli / 1000).toFixed(3))));

/**
 * Inputs as a form or the API writes them (dollars, "2.5%", "yes"), which the schema reads back to the same
 * inputs: a saved estimate's form is filled with them, and the API answers them.
 */
export function inputValues(inputs: EstimateInputs): Record<string, unknown> {
  const common = {
    side: inputs.side,
    price: moneyInput(inputs.price),
    closingDate: inputs.closingDate,
    buyerAgentPay: shareInput(inputs.buyerAgentPay),
    sellerCredit: moneyInput(inputs.sellerCredit),
    annualPropertyTax: moneyOrBlank(inputs.annualPropertyTax),
    otherCosts: inputs.otherCosts.map((c) => ({ label: c.label, amount: moneyInput(c.cents) })),
  };
  if (inputs.side === "seller") {
    return {
      ...common,
      ...figureValues(inputs),
    };
  }
  return {
    ...common,
    downPayment: shareInput(inputs.downPayment),
    interestRate: rateInput(inputs.interestRateMilli),
    loanCosts: moneyOrBlank(inputs.loanCosts),
    sellerPaysBuyerAgent: shareInput(inputs.sellerPaysBuyerAgent),
    recordingFees: moneyOrBlank(inputs.recordingFees),
    homeownersInsurance: moneyInput(inputs.homeownersInsurance),
    impounds: moneyInput(inputs.impounds),
    deposit: moneyInput(inputs.deposit),
  };
}

/** A seller's own figures (app/lib/estimate-schema.ts `sellerFigureFields`) as a form or the API writes them. */
export function figureValues(f: SellerFigures): Record<string, unknown> {
  return {
    closingDate: f.closingDate,
    loanPayoffs: moneyInput(f.loanPayoffs),
    loansPaidOff: f.loansPaidOff === null ? "" : String(f.loansPaidOff),
    payoffInterestRate: rateInput(f.payoffInterestRateMilli),
    assumedLoan: moneyInput(f.assumedLoan),
    ownerPolicy: f.ownerPolicy,
    annualPropertyTax: moneyOrBlank(f.annualPropertyTax),
    hoaDocuments: moneyInput(f.hoaDocuments),
    hoaTransferFee: moneyInput(f.hoaTransferFee),
    reconveyancePerLoan: moneyOrBlank(f.reconveyancePerLoan),
    notaryCourier: moneyOrBlank(f.notaryCourier),
    nhdReport: moneyOrBlank(f.nhdReport),
    homeWarranty: moneyOrBlank(f.homeWarranty),
    otherCosts: f.otherCosts.map((c) => ({ label: c.label, amount: moneyInput(c.cents) })),
    principalResidence: f.principalResidence ? "yes" : "no",
    withholdingOnGain: moneyOrBlank(f.withholdingOnGain),
  };
}

const dollars = (cents: number) => cents / 100;
const dollarsOrNull = (cents: number | null) => (cents === null ? null : cents / 100);

/**
 * The figures as the API answers them (`GET /api/transactions/{id}/seller-figures`): amounts in dollars with cents
 * (numbers, as `POST /api/estimates` takes them), the rate a number of percent, the answers booleans; the schema
 * reads them back to the same figures (and still takes the form's strings).
 */
export function figureNumbers(f: SellerFigures) {
  return {
    closingDate: f.closingDate,
    loanPayoffs: dollars(f.loanPayoffs),
    loansPaidOff: f.loansPaidOff,
    payoffInterestRate:
      f.payoffInterestRateMilli === null ? null : Number((f.payoffInterestRateMilli / 1000).toFixed(3)),
    assumedLoan: dollars(f.assumedLoan),
    ownerPolicy: f.ownerPolicy,
    annualPropertyTax: dollarsOrNull(f.annualPropertyTax),
    hoaDocuments: dollars(f.hoaDocuments),
    hoaTransferFee: dollars(f.hoaTransferFee),
    reconveyancePerLoan: dollarsOrNull(f.reconveyancePerLoan),
    notaryCourier: dollarsOrNull(f.notaryCourier),
    nhdReport: dollarsOrNull(f.nhdReport),
    homeWarranty: dollarsOrNull(f.homeWarranty),
    otherCosts: f.otherCosts.map((c) => ({ label: c.label, amount: dollars(c.cents) })),
    principalResidence: f.principalResidence,
    withholdingOnGain: dollarsOrNull(f.withholdingOnGain),
  };
}

/** The figures of a seller's net sheet that are theirs, not the sale's (its price, credit, agent pay). */
export type SellerFigures = Omit<SellerInputs, "side" | "price" | "sellerCredit" | "buyerAgentPay">;

/**
 * Inputs as they were saved (a transaction's estimates keep their inputs as JSON), with a field added
 * since then at what it meant before: no gain-based withholding (3⅓ %), none of the agency's usual costs
 * (blank), no payoff interest, no homeowner's insurance, impounds or deposit.
 */
export function savedInputs(stored: unknown): EstimateInputs {
  const inputs = stored as EstimateInputs;
  if (inputs.side === "seller") {
    return {
      ...inputs,
      withholdingOnGain: inputs.withholdingOnGain ?? null,
      loansPaidOff: inputs.loansPaidOff ?? null,
      payoffInterestRateMilli: inputs.payoffInterestRateMilli ?? null,
      reconveyancePerLoan: inputs.reconveyancePerLoan ?? null,
      notaryCourier: inputs.notaryCourier ?? null,
      nhdReport: inputs.nhdReport ?? null,
      homeWarranty: inputs.homeWarranty ?? null,
    };
  }
  return {
    ...inputs,
    homeownersInsurance: inputs.homeownersInsurance ?? 0,
    impounds: inputs.impounds ?? 0,
    deposit: inputs.deposit ?? 0,
  };
}

/** A saved estimate's form: its name, then the inputs of its side. */
export const ESTIMATE_NAME_MAX = 100;
export const estimateNameSchema = z
  .string({ required_error: "Name this estimate" })
  .trim()
  .min(1, "Name this estimate")
  .max(ESTIMATE_NAME_MAX, `At most ${ESTIMATE_NAME_MAX} characters`);
