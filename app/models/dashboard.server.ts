/**
 * The back office's dashboard: its four summary cards, the transaction search and the charts. Admins see
 * the agency's (from the kept counts); an agent their own: the transactions assigned to them and their
 * leads, each read by an index led by the agent (docs/decisions/030-team.md). A transaction an agent only
 * collaborates on is listed apart (`collaborations`).
 */
import { and, count, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { leadHours, transactionCounts, transactions, users } from "~/db/schema";
import { TRANSACTION_TYPES, type TransactionType } from "~/domain/enums";
import { STEP_BANDS, stepBand, type StepBand } from "~/lib/progress";
import { isAgentOnly, type Actor } from "~/models/actor.server";
import { countContactSubmissions } from "~/models/lead.server";
import { inIds, searchIds } from "~/models/search.server";
import { collaborationsOf } from "~/models/transaction.server";
import { assertStaff } from "~/models/permissions.server";

export const ADMIN_PAGE_SIZE = 50;
/** The dashboard's transactions table: 25 a page, beside its cards and charts (the lists have 50). */
export const DASHBOARD_PAGE_SIZE = 25;

/** Transactions per (status, type, step), kept by triggers (migration 0005): a few dozen rows at most. */
const transactionCountRows = (db: Db) =>
  db
    .select({
      status: transactionCounts.status,
      type: transactionCounts.type,
      step: transactionCounts.currentStep,
      n: transactionCounts.n,
    })
    .from(transactionCounts);

const sumOf = (rows: Array<{ n: number }>) => rows.reduce((total, row) => total + row.n, 0);

/** An agent's transactions per (status, type, step), by the index (assigned_agent_id, status, type, step). */
const agentCountRows = (db: Db, agentId: string) =>
  db
    .select({
      status: transactions.status,
      type: transactions.type,
      step: transactions.currentStep,
      n: count(),
    })
    .from(transactions)
    .where(eq(transactions.assignedAgentId, agentId))
    .groupBy(transactions.status, transactions.type, transactions.currentStep);

/** The counts the cards and charts read: the agency's kept counts, or an agent's own. */
const countRowsOf = (db: Db, actor: Actor) =>
  isAgentOnly(actor) ? agentCountRows(db, actor.id).all() : transactionCountRows(db).all();

/** The dashboard's four cards, from the kept counts (an agent's: counted in their index). */
export function adminSummary(db: Db, actor: Actor) {
  assertStaff(actor);
  const rows = countRowsOf(db, actor);
  const active = (type: TransactionType) => sumOf(rows.filter((r) => r.status === "active" && r.type === type));
  return {
    totalTransactions: sumOf(rows),
    activeBuyers: active("buying"),
    activeSellers: active("selling"),
    contactSubmissions: countContactSubmissions(db, actor),
  };
}

/**
 * Transactions for the dashboard table, newest first, 25 a page: a
 * case-insensitive substring of the property address, the client's user id,
 * name or e-mail (the trigram index `transactions_fts`), and an optional type.
 * A page's ids are picked in an index alone (created-at, or type and created-at), then its 25 rows are read.
 * `capped`: the search matched more than MAX_SEARCH_MATCHES (search.server.ts); the newest are listed.
 */
export function searchTransactions(
  db: Db,
  actor: Actor,
  options: { q?: string; type?: TransactionType; page?: number } = {},
) {
  assertStaff(actor);
  const conditions: SQL[] = [];
  const agent = isAgentOnly(actor);
  if (agent) conditions.push(eq(transactions.assignedAgentId, actor.id));
  const q = options.q?.trim().toLowerCase();
  let capped = false;
  if (q) {
    const found = searchIds(db, "transactions_fts", q);
    capped = found.capped;
    conditions.push(inIds(transactions.id, found.ids));
  }
  if (options.type) conditions.push(eq(transactions.type, options.type));
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Math.max(1, Math.floor(options.page ?? 1));

  const total =
    q || agent
      ? db.select({ n: count() }).from(transactions).where(where).get()!.n
      : sumOf(
          transactionCountRows(db)
            .all()
            .filter((r) => !options.type || r.type === options.type),
        );
  const ids = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(DASHBOARD_PAGE_SIZE)
    .offset((page - 1) * DASHBOARD_PAGE_SIZE)
    .all()
    .map((row) => row.id);
  const found = ids.length
    ? db
        .select({
          id: transactions.id,
          userId: transactions.userId,
          type: transactions.type,
          propertyAddress: transactions.propertyAddress,
          homeValueCents: transactions.homeValueCents,
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
        .where(inArray(transactions.id, ids))
        .all()
    : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.map((id) => byId.get(id)!).filter(Boolean);
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / DASHBOARD_PAGE_SIZE)), capped };
}

const HOUR_MS = 3600 * 1000;
const WEEK_HOURS = 7 * 24;

type LeadWeeks = Array<{ weekStart: Date; count: number }>;

/**
 * New leads (contact submissions) in each of the last `weeks` 7-day periods, the last one ending now: summed
 * from the counts per hour triggers keep (lead_hours, migration 0016), by its index on the hour (an agent's:
 * its key, led by the agent), so the cost is the same whatever arrived. The periods start at a whole hour
 * (a San Diego hour too); the last one runs on to now.
 */
export function leadsPerWeek(db: Db, actor: Actor, now: Date = new Date(), weeks = 12): LeadWeeks {
  assertStaff(actor);
  const start = Math.floor(now.getTime() / HOUR_MS) - weeks * WEEK_HOURS;
  const bounds = Array.from({ length: weeks }, (_, i) => start + i * WEEK_HOURS);
  const hour = leadHours.hour;
  const counts = db
    .select(
      Object.fromEntries(
        bounds.map((from, i) => [
          `week${i}`,
          i === weeks - 1
            ? sql<number>`coalesce(sum(${leadHours.n}) filter (where ${hour} >= ${from}), 0)`
            : sql<number>`coalesce(sum(${leadHours.n}) filter (where ${hour} >= ${from} and ${hour} < ${from + WEEK_HOURS}), 0)`,
        ]),
      ),
    )
    .from(leadHours)
    .where(and(isAgentOnly(actor) ? eq(leadHours.agentId, actor.id) : undefined, gte(hour, start)))
    .get() as Record<string, number>;
  return bounds.map((from, i) => ({ weekStart: new Date(from * HOUR_MS), count: counts[`week${i}`] ?? 0 }));
}

/** Active transactions by type and step band (early, middle, closing). */
export function activeByStepBand(db: Db, actor: Actor) {
  assertStaff(actor);
  const rows = countRowsOf(db, actor).filter((r) => r.status === "active");
  const out = TRANSACTION_TYPES.flatMap((type) => STEP_BANDS.map((band) => ({ type, band, count: 0 })));
  for (const r of rows) {
    const band: StepBand = stepBand(r.step, r.type);
    out.find((o) => o.type === r.type && o.band === band)!.count += r.n;
  }
  return out;
}

/** The transactions an agent collaborates on (not theirs, shared with them), listed apart on their dashboard. */
export function collaborations(db: Db, actor: Actor) {
  if (!isAgentOnly(actor)) return [];
  const ids = collaborationsOf(db, actor.id);
  if (ids.length === 0) return [];
  return db
    .select({ id: transactions.id, propertyAddress: transactions.propertyAddress, status: transactions.status })
    .from(transactions)
    .where(inArray(transactions.id, ids.slice(0, 200)))
    .orderBy(desc(transactions.id))
    .all();
}
