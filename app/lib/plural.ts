/**
 * Counts in words by the language's plural rules (Intl.PluralRules, en-US): "1 lead", "3 leads",
 * "1 lead matches", "2 leads match". Every count a page or an e-mail shows goes through here.
 */
const rules = new Intl.PluralRules("en-US");

/** `one` when `n` takes the singular in English, else `other`. */
export const pluralOf = (n: number, one: string, other = `${one}s`) => (rules.select(n) === "one" ? one : other);

/** The count with its noun: "1 lead", "1,250 leads" (`other` for an irregular plural). */
export const countOf = (n: number, one: string, other?: string) =>
  `${n.toLocaleString("en-US")} ${pluralOf(n, one, other)}`;
