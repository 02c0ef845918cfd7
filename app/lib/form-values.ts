/** Normalisations shared by the zod schemas of forms and JSON bodies. */
import { z } from "zod";

/** null, undefined and blank strings are "not given". */
export const blankToUndefined = (v: unknown) =>
  v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : v;

/**
 * A number as people type it, in every number field (the browser's validation and the server's are the
 * same schema): "1650", "1,650", "$849,000", " 2.5 " (spaces around, a leading "$" and thousands commas in
 * their places). Numbers pass as they are; blank is "not given"; anything else ("2,5", "12abc") stays
 * text, for the schema to refuse.
 */
export const numberInput = (v: unknown) => {
  const value = blankToUndefined(v);
  if (typeof value !== "string") return value;
  const cleaned = value.trim().replace(/^\$\s*/, "");
  if (/^-?\d+(\.\d+)?$/.test(cleaned)) return Number(cleaned);
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(cleaned)) return Number(cleaned.replace(/,/g, ""));
  return value;
};

/** A money amount as a string of digits: numbers become strings; "$", commas and spaces are dropped. */
export const moneyDigits = (v: unknown) =>
  typeof v === "number" ? String(v) : typeof v === "string" ? v.replace(/[$,\s]/g, "") : v;

/** Only web links: http:// or https:// (never javascript:, data:, ftp:, ...). */
export const isHttpUrl = (v: string) => /^https?:\/\//i.test(v);
/** Images are shown from https only: the CSP's img-src blocks http:// (and browsers flag mixed content). */
export const isHttpsUrl = (v: string) => /^https:\/\//i.test(v);
export const IMAGE_URL_MESSAGE = "Use an image address that starts with https://";

/** Longest text a field takes: names, e-mail, phone, messages and notes, URLs, addresses. */
export const MAX_LENGTH = { name: 100, email: 254, phone: 40, text: 5000, url: 2048, address: 300 } as const;

/** A record id sent by a form or a query: a canonical positive integer ("1", never "01", "1e3" or "0x10"). */
export const idField = z
  .string({ required_error: "Required" })
  .regex(/^[1-9]\d{0,11}$/, "Invalid id")
  .transform(Number);

/** Control characters (C0 and DEL): never part of a search, a name or a path. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** A list's search text (`?q=`): at most 200 characters, control characters dropped; anything else is "". */
export const searchText = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(CONTROL_CHARACTERS, "").slice(0, 200) : ""),
  z.string(),
);

/** A page number of a paginated list: 1 when absent or not a page, at most MAX_PAGE. */
export const MAX_PAGE = 100_000;
export const pageField = z.preprocess(
  (v) => (typeof v === "string" && /^[1-9]\d{0,5}$/.test(v) ? Math.min(Number(v), MAX_PAGE) : 1),
  z.number().int().min(1).max(MAX_PAGE),
);
