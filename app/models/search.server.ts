/** Substring search over the trigram FTS5 tables of migration 0004 (transactions_fts, contact_submissions_fts). */

/** FTS5's trigram index answers substrings of 3 characters or more; shorter ones are matched with LIKE. */
export const TRIGRAM_MIN = 3;

/** A search text as one FTS5 phrase: inside double quotes everything is literal ("" is a quote). */
export const ftsPhrase = (q: string) => `"${q.replace(/"/g, '""')}"`;

/** A LIKE pattern's own characters escaped (with `escape '\'`). */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
