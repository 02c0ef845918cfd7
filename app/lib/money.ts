/**
 * Money, in one place (docs/decisions/031-the-deals-rules.md): every amount in code and in the database is a
 * whole number of cents (columns `…_cents`, fields `…Cents`), exact, never a binary fraction. Dollars exist
 * only in what a person types and reads, and in the API's documented shapes; these functions are the only
 * way between them.
 */

const wholeDollarFormat = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const centFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const groupedDollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Cents rounded half away from zero to whole dollars (-0 is 0). */
export function roundToDollars(cents: number): number {
  const dollars = Math.sign(cents) * Math.floor((Math.abs(cents) + 50) / 100);
  return dollars === 0 ? 0 : dollars;
}

/** Whole dollars as cents (a tier's fee, a typed whole-dollar amount). */
export const centsOf = (dollars: number) => dollars * 100;

/** Dollars as typed, with at most two decimals (1250.5), as cents (125050): rounded, so 0.1 + 0.2 is 30. */
export const centsOfDollars = (dollars: number) => Math.round(dollars * 100);

/**
 * Whether a typed number has at most `places` decimals, read as a person typed it: 0.29 dollars are whole cents and
 * 1.001 % whole thousandths, though 0.29 * 100 is 28.999999999999996 in binary floating point.
 */
export const hasAtMostDecimals = (n: number, places: number) =>
  Math.abs(n * 10 ** places - Math.round(n * 10 ** places)) < 1e-6;

/** "$1,234,567" or "-$5,000": the spec's display, US dollars with no decimals (rounded half away from zero). */
export const formatMoney = (cents: number) => wholeDollarFormat.format(roundToDollars(cents));

/** "$1,100.55": to the cent, where the cents are the point (a rule's note, a line of an estimate's PDF). */
export const formatMoneyExact = (cents: number) => centFormat.format(cents / 100);

/** What a form's field shows: "1,150,000", or "1,250.50" when there are cents. */
export function moneyInput(cents: number): string {
  if (cents % 100 === 0) return groupedDollars.format(cents / 100);
  return (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The API's dollars and cents: "1234.56", "-5.00" (exact; a string, as JSON numbers are binary). */
export function apiDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * The API's dollars with cents as a JSON number (118750 → 1187.5): the figures of the commission, the CDA and the
 * payouts, which their API documents as numbers. One helper, so every answer names an amount the same way.
 */
export const apiDollars = (cents: number) => cents / 100;

/** A rate as typed in percent with at most two decimals (70.5) in basis points (7050), and back. */
export const basisPointsOf = (percent: number) => Math.round(percent * 100);
export const percentOfBasisPoints = (bp: number) => bp / 100;

/** The API's whole dollars as a string of digits (docs/spec.md §3: a home value, a price): "850000". */
export const apiWholeDollars = (cents: number) => String(roundToDollars(cents));

/**
 * An amount as a person typed it, shown the one way a form shows amounts ("1150000", "$1,150,000" →
 * "1,150,000"; "1250.5" → "1,250.50"); what is not an amount of dollars and cents stays as typed (its field
 * says what is wrong).
 */
export function typedMoney(typed: string): string {
  const cleaned = typed.trim().replace(/^\$\s*/, "");
  const plain = /^\d+(\.\d{1,2})?$/.test(cleaned) || /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(cleaned);
  if (!plain) return typed;
  const dollars = Number(cleaned.replace(/,/g, ""));
  return Number.isSafeInteger(Math.round(dollars * 100)) ? moneyInput(Math.round(dollars * 100)) : typed;
}

/** A percentage of the price (up to three decimals, as thousandths of a percent) or an amount in cents. */
export type PercentOrCents = { percentMilli: number } | { cents: number };

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
