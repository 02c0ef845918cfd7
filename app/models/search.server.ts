/** Substring search over the trigram FTS5 tables of migration 0004 (transactions_fts, contact_submissions_fts). */

/** FTS5's trigram index answers substrings of 3 characters or more; shorter ones are matched with LIKE. */
export const TRIGRAM_MIN = 3;

/** A search text as one FTS5 phrase: inside double quotes everything is literal ("" is a quote). */
export const ftsPhrase = (q: string) => `"${q.replace(/"/g, '""')}"`;

/** A LIKE pattern's own characters escaped (with `escape '\'`). */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search lists at most this many matches, the newest (by id, as the index is read); the page says
 * when there were more, so the person refines the search. It bounds the cost of a text that matches
 * nearly every row ("San Diego").
 */
export const MAX_SEARCH_MATCHES = 500;

/** What a list says of its count: the count, or that a search matched more than it lists. */
export const matchSummary = (total: number, capped: boolean, noun: string) =>
  capped
    ? `More than ${MAX_SEARCH_MATCHES.toLocaleString("en-US")} ${noun} match; the newest ${MAX_SEARCH_MATCHES.toLocaleString("en-US")} are listed. Refine the search to see others.`
    : `${total} ${noun}`;
