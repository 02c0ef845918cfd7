/**
 * A broker's compensation that can be worked out (NAR's practice rules since August 17, 2024; DOMAIN.md, "Agreements
 * and electronic signatures"): an amount in dollars or a percentage of the purchase price, with an optional cap,
 * never free text nor "negotiable" alone; written out in words and figures in the agreement, with the statement
 * that the broker receives no compensation from any source above it. One schema for the API, the prepare form, the
 * recorded paper agreement and the broker's default (/admin/settings); one rule for its amount at a price.
 */
import numberToWords from "number-to-words";
import { z } from "zod";
import { centsOfDollars, formatMoneyExact, hasAtMostDecimals } from "~/lib/money";

/** number-to-words is CommonJS: Node's ESM loader (the built server) gives its exports as the default only. */
const { toWords } = numberToWords;

export const COMPENSATION_TYPES = ["amount", "percent"] as const;

/** Percent of the price: at most 3 decimal places and 20 %; an amount up to $5,000,000. */
export const MAX_PERCENT = 20;
export const MAX_AMOUNT = 5_000_000;

const NOT_WORKED_OUT =
  'Give the compensation as an amount in dollars or a percentage of the price (e.g. { "type": "percent", "value": 2.5 })';

const number = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.replace(/[$,%\s]/g, "")) : v),
    z.number({ required_error: `Enter the ${label}`, invalid_type_error: `Enter the ${label} as a number` }).finite(),
  );

/** `{ type, value, cap? }`: anything else, a string ("2.5%", "negotiable") included, is a 400 naming the field. */
export const compensationSchema = z
  .object(
    {
      type: z.enum(COMPENSATION_TYPES, { errorMap: () => ({ message: 'Choose "amount" or "percent"' }) }),
      value: number("compensation").refine((v) => v > 0, "The compensation is more than zero"),
      cap: z.preprocess((v) => (v === "" || v === null ? undefined : v), number("cap").optional()),
    },
    { invalid_type_error: NOT_WORKED_OUT, required_error: NOT_WORKED_OUT },
  )
  .strict()
  .superRefine((c, ctx) => {
    if (c.type === "percent") {
      if (c.value > MAX_PERCENT) ctx.addIssue({ code: "custom", path: ["value"], message: `At most ${MAX_PERCENT} %` });
      if (!hasAtMostDecimals(c.value, 3))
        ctx.addIssue({ code: "custom", path: ["value"], message: "At most three decimal places" });
      if (c.cap !== undefined && !(c.cap > 0 && c.cap <= MAX_AMOUNT))
        ctx.addIssue({ code: "custom", path: ["cap"], message: "The cap is an amount in dollars, more than zero" });
    } else {
      if (c.value > MAX_AMOUNT) ctx.addIssue({ code: "custom", path: ["value"], message: "At most $5,000,000" });
      if (c.cap !== undefined)
        ctx.addIssue({ code: "custom", path: ["cap"], message: "A cap is for a percentage, not an amount" });
    }
    for (const key of ["value", "cap"] as const) {
      const v = c[key];
      if (c.type === "amount" || key === "cap") {
        if (v !== undefined && !hasAtMostDecimals(v, 2))
          ctx.addIssue({ code: "custom", path: [key], message: "Dollars and cents at most" });
      }
    }
  });
export type StructuredCompensation = z.infer<typeof compensationSchema>;

/** The compensation's amount at a price, in cents: a percentage of it (at most the cap), or the amount. */
export function structuredCents(c: StructuredCompensation, priceCents: number | null): number | null {
  if (c.type === "amount") return centsOfDollars(c.value);
  if (priceCents === null) return null;
  const cents = Math.round((priceCents * c.value) / 100);
  return c.cap === undefined ? cents : Math.min(cents, centsOfDollars(c.cap));
}

/** "twenty-five thousand dollars and fifty cents". */
export function dollarsInWords(dollars: number): string {
  const whole = Math.floor(dollars);
  const cents = centsOfDollars(dollars - whole);
  const words = `${toWords(whole)} dollar${whole === 1 ? "" : "s"}`;
  return cents ? `${words} and ${toWords(cents)} cent${cents === 1 ? "" : "s"}` : words;
}

/** "two and five tenths" (2.5), "three" (3), "two and seven hundred fifty thousandths" (2.75 reads by its digits). */
export function percentInWords(value: number): string {
  const [whole, decimals = ""] = String(value).split(".");
  const base = toWords(Number(whole));
  if (!decimals) return base;
  const places = ["tenths", "hundredths", "thousandths"][decimals.length - 1]!;
  return `${base} and ${toWords(Number(decimals))} ${Number(decimals) === 1 ? places.slice(0, -1) : places}`;
}

/**
 * The compensation as the agreement writes it, in figures and words: "2.5% (two and five tenths percent) of the
 * purchase price, but not more than $25,000.00 (twenty-five thousand dollars)"; "$12,000.00 (twelve thousand
 * dollars)".
 */
export function compensationText(c: StructuredCompensation): string {
  if (c.type === "amount") return `${formatMoneyExact(centsOfDollars(c.value))} (${dollarsInWords(c.value)})`;
  const rate = `${c.value}% (${percentInWords(c.value)} percent) of the purchase price`;
  return c.cap === undefined
    ? rate
    : `${rate}, but not more than ${formatMoneyExact(centsOfDollars(c.cap))} (${dollarsInWords(c.cap)})`;
}

/** A short line for pages and lists: "2.5% of the price, at most $25,000", "$12,000". */
export function compensationShort(c: StructuredCompensation): string {
  if (c.type === "amount") return formatMoneyExact(centsOfDollars(c.value)).replace(/\.00$/, "");
  const cap = c.cap === undefined ? "" : `, at most ${formatMoneyExact(centsOfDollars(c.cap)).replace(/\.00$/, "")}`;
  return `${c.value}% of the price${cap}`;
}

/** The statement the MLS practice rules ask for: nothing above the amount agreed, from any source. */
export const NO_MORE_THAN_AGREED =
  "Broker will not receive compensation for this transaction from any source that exceeds the amount or rate agreed in this section.";

/**
 * The broker's default of old (/admin/settings, once free text) read as structured, when it can be:
 * "2.5%", "$12,000"; else null (the broker sets it again).
 */
export function parseLegacyCompensation(text: string | null | undefined): StructuredCompensation | null {
  const value = text?.trim() ?? "";
  const percent = value.match(/^(\d{1,2}(?:\.\d{1,3})?)\s*%$/);
  if (percent) return { type: "percent", value: Number(percent[1]) };
  const dollars = value.match(/^\$\s?(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{2}))?$/);
  if (dollars) return { type: "amount", value: Number(dollars[1]!.replace(/,/g, "")) + Number(dollars[2] ?? 0) / 100 };
  return null;
}

/** The prepare and record forms' flat fields (`compensationType`, `compensationValue`, `compensationCap`). */
export function compensationFromForm(form: FormData, prefix = "compensation"): unknown {
  const text = (k: string) => {
    const v = form.get(`${prefix}${k}`);
    return typeof v === "string" ? v.trim() : "";
  };
  if (!text("Type") && !text("Value")) return undefined;
  return { type: text("Type") || undefined, value: text("Value") || undefined, cap: text("Cap") || undefined };
}
