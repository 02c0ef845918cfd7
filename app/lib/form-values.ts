/** Normalisations shared by the zod schemas of forms and JSON bodies. */

/** null, undefined and blank strings are "not given". */
export const blankToUndefined = (v: unknown) =>
  v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : v;

/** A money amount as a string of digits: numbers become strings; "$", commas and spaces are dropped. */
export const moneyDigits = (v: unknown) =>
  typeof v === "number" ? String(v) : typeof v === "string" ? v.replace(/[$,\s]/g, "") : v;

/** Only web links: http:// or https:// (never javascript:, data:, ftp:, ...). */
export const isHttpUrl = (v: string) => /^https?:\/\//i.test(v);
