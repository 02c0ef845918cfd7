/** Substring search over the trigram FTS5 tables of migration 0004 (transactions_fts, contact_submissions_fts). */
import { countOf } from "~/lib/plural";
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { CONTROL_CHARACTERS } from "~/lib/form-values";

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
    ? `More than ${countOf(MAX_SEARCH_MATCHES, noun)} match; the newest ${MAX_SEARCH_MATCHES.toLocaleString("en-US")} are listed. Refine the search to see others.`
    : countOf(total, noun);

const SEARCH_TABLES = {
  transactions_fts: ["address", "user_id", "email", "name"],
  contact_submissions_fts: ["name", "email", "phone"],
} as const;

/**
 * The rows of a search table that contain `q` (lowercase), newest first, at most MAX_SEARCH_MATCHES:
 * FTS5 reads its trigram index in rowid order and stops at the bound, so a text that matches every row
 * costs what a rare one costs. `capped`: there were more.
 */
export function searchIds(db: Db, table: keyof typeof SEARCH_TABLES, text: string): { ids: number[]; capped: boolean } {
  // A control character has no place in a search, and a NUL cuts FTS5's phrase short (a syntax error).
  const q = text.replace(CONTROL_CHARACTERS, "");
  if (!q) return { ids: [], capped: false };
  const fts = sql.raw(table);
  const limit = MAX_SEARCH_MATCHES + 1;
  let where;
  if (q.length >= TRIGRAM_MIN) {
    where = sql`${fts} match ${ftsPhrase(q)}`;
  } else {
    const pattern = `%${likeEscape(q)}%`;
    where = sql.join(
      SEARCH_TABLES[table].map((column) => sql`lower(${sql.raw(column)}) like ${pattern} escape '\\'`),
      sql` or `,
    );
  }
  const ids = db
    .all<{ rowid: number }>(sql`select rowid from ${fts} where ${where} order by rowid desc limit ${limit}`)
    .map((r) => r.rowid);
  return { ids: ids.slice(0, MAX_SEARCH_MATCHES), capped: ids.length > MAX_SEARCH_MATCHES };
}

/**
 * `column IN (ids)` with the ids as one JSON parameter (json_each), not a search's up to 500 ids as as
 * many bound parameters for Drizzle to build into each query that uses them.
 */
export const inIds = (column: SQLiteColumn, ids: number[]): SQL =>
  sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
