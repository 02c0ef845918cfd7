/**
 * Who did what, read (docs/decisions/030-team.md); the write is `recordAudit` (audit-log.server.ts).
 *
 * Reads: `listAudit` (admins; an agent their own transactions' history), newest first, 50 a page by id
 * (`before`), each filter by its own index: person (actor_id, id), action (action, id), transaction
 * (transaction_id, id), date (at).
 */
import { and, asc, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditEvents, staffRow, users, type AuditEvent } from "~/db/schema";
import { csvLine } from "~/lib/csv";
import { fullName } from "~/lib/format";
import { formatDayWords, parsePlainDate } from "~/lib/plain-date";
import { type Actor } from "~/models/actor.server";
import { ForbiddenError } from "~/lib/errors";
import { assertAdmin, findTransaction, getTransaction, isStaffOn } from "~/models/permissions.server";

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = {
  actorId?: string;
  action?: string;
  transactionId?: number;
  /** Events on or after this instant, and before `to`. */
  from?: Date;
  to?: Date;
  /** The page: events with an id below this one (the last one of the page before). */
  before?: number;
};

/**
 * Audit events, newest first, a page of `limit` (+1 to know there is more). Admins: every event; an
 * agent only a transaction's they are staff on (its History tab), and nothing else.
 */
export function listAudit(db: Db, actor: Actor, filter: AuditFilter, limit = AUDIT_PAGE_SIZE) {
  if (!actor.isAdmin) {
    if (filter.transactionId === undefined) throw new ForbiddenError();
    const transaction = getTransaction(db, actor, filter.transactionId);
    if (!isStaffOn(db, actor, transaction)) throw new ForbiddenError();
  }
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditEvents.actorId, filter.actorId));
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.transactionId !== undefined) conditions.push(eq(auditEvents.transactionId, filter.transactionId));
  // Dates become a range of ids (events are appended in time order), so every filter keeps the newest-first
  // walk of one index by id instead of sorting a date range of millions.
  if (filter.from) conditions.push(gte(auditEvents.id, firstIdAtOrAfter(db, filter.from) ?? Number.MAX_SAFE_INTEGER));
  if (filter.to) conditions.push(lt(auditEvents.id, firstIdAtOrAfter(db, filter.to) ?? Number.MAX_SAFE_INTEGER));
  if (filter.before !== undefined) conditions.push(lt(auditEvents.id, filter.before));
  const rows = db
    .select()
    .from(auditEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditEvents.id))
    .limit(limit + 1)
    .all();
  const page = rows.slice(0, limit);
  return { events: page, next: rows.length > limit ? page.at(-1)!.id : null };
}

/** The first event at or after an instant (by the index on `at`): where a date filter starts or ends. */
const firstIdAtOrAfter = (db: Db, at: Date) =>
  db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(gte(auditEvents.at, at))
    .orderBy(asc(auditEvents.at))
    .limit(1)
    .get()?.id;

/** Every event a filter selects, newest first, one at a time (the CSV export streams them). */
export function* eachAudit(db: Db, actor: Actor, filter: AuditFilter, chunk = 500) {
  let before = filter.before;
  for (;;) {
    const { events, next } = listAudit(db, actor, { ...filter, before }, chunk);
    yield* events;
    if (next === null) return;
    before = next;
  }
}

/** The staff, for the audit's filter by person (a client's events are found by their transaction). */
export function auditPeople(db: Db, actor: Actor) {
  assertAdmin(actor);
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(staffRow)
    .orderBy(asc(users.teamPosition), asc(users.email))
    .all()
    .map((u) => ({ id: u.id, name: fullName(u) || u.email }));
}

/** An audit event as the API and the CSV give it. */
export function toAuditJson(e: AuditEvent) {
  return {
    id: e.id,
    actor: { id: e.actorId, name: e.actorName, role: e.actorRole },
    action: e.action,
    subject: { type: e.subjectType, id: e.subjectId },
    transactionId: e.transactionId,
    at: e.at.toISOString(),
    ip: e.ip,
    changes: e.changes ?? null,
  };
}

/**
 * A change as one line of text: "status: open → done; note: …" (the History tab and the CSV). A page gives `day` to
 * write a date ("2026-11-18") in words; the CSV keeps it as stored.
 */
export function describeChanges(
  changes: Record<string, unknown> | null | undefined,
  day: (date: string) => string = (date) => date,
): string {
  if (!changes) return "";
  const show = (v: unknown) =>
    v === null || v === undefined
      ? "(none)"
      : typeof v === "string"
        ? parsePlainDate(v) === v
          ? day(v)
          : v
        : JSON.stringify(v);
  return Object.entries(changes)
    .map(([field, value]) => {
      const pair = value as { before?: unknown; after?: unknown } | null;
      return pair && typeof pair === "object" && "before" in pair && "after" in pair
        ? `${field}: ${show(pair.before)} → ${show(pair.after)}`
        : `${field}: ${show(value)}`;
    })
    .join("; ");
}

/** An audit event as a page shows it (app/components/audit-table.tsx). */
export const toAuditRow = (e: AuditEvent, formatAt: (at: Date) => string) => ({
  ...toAuditJson(e),
  at: formatAt(e.at),
  changes: describeChanges(e.changes as Record<string, unknown> | null, formatDayWords),
});

/** Whether the actor may see a transaction's history (its History tab): admins, and its staff. */
export const mayReadHistory = (db: Db, actor: Actor, transactionId: number) => {
  const t = findTransaction(db, actor, transactionId);
  return Boolean(t && isStaffOn(db, actor, t));
};

/** The audit's CSV (/admin/audit.csv, an export's audit.csv): its header line, then one line an event. */
export const AUDIT_CSV_HEADER = csvLine([
  "id",
  "at",
  "actor_id",
  "actor_name",
  "actor_role",
  "action",
  "subject_type",
  "subject_id",
  "transaction_id",
  "ip",
  "changes",
]);

export const auditCsvLine = (e: AuditEvent) =>
  csvLine([
    e.id,
    e.at.toISOString(),
    e.actorId,
    e.actorName,
    e.actorRole,
    e.action,
    e.subjectType,
    e.subjectId,
    e.transactionId,
    e.ip,
    describeChanges(e.changes as Record<string, unknown> | null),
  ]);
