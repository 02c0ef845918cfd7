/** The admin dashboard: its four summary cards and the transaction search. Admins only. */
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contactSubmissions, transactions, users } from "~/db/schema";
import { TRANSACTION_TYPES, type TransactionType } from "~/lib/enums";
import { STEP_BANDS, stepBand, type StepBand } from "~/lib/progress";
import { assertAdmin, type Actor } from "~/models/actor.server";
import { countContactSubmissions } from "~/models/contact.server";
import { ftsPhrase, likeEscape, TRIGRAM_MIN } from "~/models/search.server";

export const ADMIN_PAGE_SIZE = 50;

/** The dashboard's four cards, counted in SQL. */
export function adminSummary(db: Db, actor: Actor) {
  assertAdmin(actor);
  // Each count is answered from an index (transactions_status_idx), not by reading every row.
  const active = (type: TransactionType) =>
    db.select({ n: count() }).from(transactions).where(and(eq(transactions.status, "active"), eq(transactions.type, type))).get()!.n;
  return {
    totalTransactions: db.select({ n: count() }).from(transactions).get()!.n,
    activeBuyers: active("buying"),
    activeSellers: active("selling"),
    contactSubmissions: countContactSubmissions(db, actor),
  };
}

/**
 * Transactions for the dashboard table, newest first, 50 a page: a
 * case-insensitive substring of the property address, the client's user id,
 * name or e-mail (the trigram index `transactions_fts`), and an optional type.
 * A deep page skips rows in the created-at index alone, then joins its 50 rows.
 */
export function searchTransactions(
  db: Db,
  actor: Actor,
  options: { q?: string; type?: TransactionType; page?: number } = {},
) {
  assertAdmin(actor);
  const conditions: SQL[] = [];
  const q = options.q?.trim().toLowerCase();
  if (q && q.length >= TRIGRAM_MIN) {
    conditions.push(sql`${transactions.id} in (select rowid from transactions_fts where transactions_fts match ${ftsPhrase(q)})`);
  } else if (q) {
    const pattern = `%${likeEscape(q)}%`;
    conditions.push(
      sql`${transactions.id} in (select rowid from transactions_fts where lower(address) like ${pattern} escape '\\'
        or lower(user_id) like ${pattern} escape '\\' or lower(email) like ${pattern} escape '\\' or lower(name) like ${pattern} escape '\\')`,
    );
  }
  if (options.type) conditions.push(eq(transactions.type, options.type));
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Math.max(1, Math.floor(options.page ?? 1));

  const total = db.select({ n: count() }).from(transactions).where(where).get()!.n;
  const pageIds = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const rows = db
    .select({
      id: transactions.id,
      userId: transactions.userId,
      type: transactions.type,
      propertyAddress: transactions.propertyAddress,
      homeValue: transactions.homeValue,
      status: transactions.status,
      currentStep: transactions.currentStep,
      createdAt: transactions.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      milestonesTotal: transactions.milestonesTotal,
      milestonesCompleted: transactions.milestonesCompleted,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(inArray(transactions.id, pageIds))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .all();
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)) };
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** New leads (contact submissions) in each of the last `weeks` 7-day periods, the last one ending now. */
export function leadsPerWeek(db: Db, actor: Actor, now: Date = new Date(), weeks = 12) {
  assertAdmin(actor);
  const start = now.getTime() - weeks * WEEK_MS;
  const rows = db
    .select({ bucket: sql<number>`cast((${contactSubmissions.createdAt} - ${start}) / ${WEEK_MS} as integer)`, n: count() })
    .from(contactSubmissions)
    .where(sql`${contactSubmissions.createdAt} >= ${start} and ${contactSubmissions.createdAt} <= ${now.getTime()}`)
    .groupBy(sql`1`)
    .all();
  return Array.from({ length: weeks }, (_, i) => ({
    weekStart: new Date(start + i * WEEK_MS),
    count: rows.find((r) => r.bucket === i)?.n ?? 0,
  }));
}

/** Active transactions by type and step band (early, middle, closing). */
export function activeByStepBand(db: Db, actor: Actor) {
  assertAdmin(actor);
  const rows = db
    .select({ type: transactions.type, step: transactions.currentStep, n: count() })
    .from(transactions)
    .where(eq(transactions.status, "active"))
    .groupBy(transactions.type, transactions.currentStep)
    .all();
  const out = TRANSACTION_TYPES.flatMap((type) => STEP_BANDS.map((band) => ({ type, band, count: 0 })));
  for (const r of rows) {
    const band: StepBand = stepBand(r.step, r.type);
    out.find((o) => o.type === r.type && o.band === band)!.count += r.n;
  }
  return out;
}
