/**
 * A transaction's contract and its deadlines (app/lib/deadlines.ts has the rules): saving the
 * contract computes every deadline's date and stores it; a deadline is marked done or waived and
 * reopened; the holidays' changes recompute the open ones (app/models/holiday.server.ts). The client of
 * the transaction reads, admins change.
 */
import { and, asc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  deadlines,
  holidayChanges,
  transactionMilestones,
  transactions,
  users,
  type Deadline,
  type Transaction,
} from "~/db/schema";
import type { DeadlineKey, DeadlineStatus } from "~/domain/enums";
import {
  computeDeadlines,
  DEFAULT_DAYS,
  DEADLINE_KEYS,
  ruleOf,
  stepNumberOf,
  type ComputedDeadline,
} from "~/lib/deadlines";
import type { ContractValues } from "~/lib/contract-schema";
import { CONTRACT_MESSAGES } from "~/lib/contract-schema";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { HolidayCalendar } from "~/lib/holidays";
import { BUYING_MILESTONES, SELLING_MILESTONES } from "~/lib/milestone-templates";
import { addDaysTo, todayIn, type PlainDate } from "~/lib/plain-date";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { isAgentOnly, type Actor } from "~/models/actor.server";
import { collaborationsOf } from "~/models/transaction.server";
import { fullName } from "~/lib/format";
import { assertStaff, findTransaction, getTransaction, getTransactionAsStaff } from "~/models/permissions.server";

export type DeadlineView = {
  id: number;
  transactionId: number;
  key: DeadlineKey;
  title: string;
  dueOn: PlainDate;
  rule: { days: number | null; counting: ComputedDeadline["counting"] };
  movedFrom: PlainDate | null;
  movedReason: string | null;
  status: DeadlineStatus;
  doneAt: Date | null;
  milestoneStep: number | null;
  /** Whose task and what to do, in the words of the transaction's side. */
  task: string;
  sequence: number;
};

export type Contract = { acceptedOn: PlainDate | null; closingOn: PlainDate | null; deadlines: DeadlineView[] };

const STEP_TITLES = {
  buying: BUYING_MILESTONES.map((m) => m.title),
  selling: SELLING_MILESTONES.map((m) => m.title),
};

function viewOf(row: Deadline, transaction: Pick<Transaction, "type">): DeadlineView {
  return {
    id: row.id,
    transactionId: row.transactionId,
    key: row.key,
    title: ruleOf(row.key).title,
    dueOn: row.dueOn,
    rule: { days: row.days, counting: row.counting },
    movedFrom: row.movedFrom,
    movedReason: row.movedReason,
    status: row.status,
    doneAt: row.doneAt,
    milestoneStep: stepNumberOf(row.key, transaction.type, STEP_TITLES[transaction.type]),
    task: ruleOf(row.key).task[transaction.type],
    sequence: row.sequence,
  };
}

const order = (a: DeadlineView, b: DeadlineView) =>
  a.dueOn.localeCompare(b.dueOn) || DEADLINE_KEYS.indexOf(a.key) - DEADLINE_KEYS.indexOf(b.key);

/** The holidays the deadlines count with: the table, with the admins' changes. */
export function holidayCalendar(db: DbOrTx): HolidayCalendar {
  return new HolidayCalendar(db.select().from(holidayChanges).all());
}

const deadlineRows = (db: DbOrTx, transactionId: number) =>
  db.select().from(deadlines).where(eq(deadlines.transactionId, transactionId)).all();

/** The contract of a transaction the actor may read: its dates and deadlines, soonest first. */
export function getContract(db: DbOrTx, actor: Actor, transactionId: number): Contract {
  const transaction = getTransaction(db, actor, transactionId);
  return {
    acceptedOn: transaction.acceptedOn,
    closingOn: transaction.closingOn,
    deadlines: deadlineRows(db, transactionId)
      .map((row) => viewOf(row, transaction))
      .sort(order),
  };
}

/** The deadlines of a transaction the actor may read, soonest first; [] before a contract is entered. */
export function listDeadlines(db: DbOrTx, actor: Actor, transactionId: number): DeadlineView[] {
  return getContract(db, actor, transactionId).deadlines;
}

/**
 * Enters or changes the contract (admins): stores the dates, computes every deadline with the current
 * holidays and stores it. Day counts not given keep their earlier values (the RPA's defaults at first).
 * A deadline keeps its status; one whose date changes gets a higher `sequence` (the calendar's update).
 */
export function saveContract(
  db: Db,
  actor: Actor,
  transactionId: number,
  values: ContractValues,
  now = new Date(),
): Contract {
  assertStaff(actor);
  if (values.closingOn && values.closingOn < values.acceptedOn) {
    throw new InvalidInputError(CONTRACT_MESSAGES.closingBeforeAcceptance, {
      closingOn: [CONTRACT_MESSAGES.closingBeforeAcceptance],
    });
  }
  return db.transaction((tx) => {
    const transaction = getTransactionAsStaff(tx, actor, transactionId);
    writeContract(tx, transaction, values, now);
    const changes = changesOf(
      { acceptedOn: transaction.acceptedOn, closingOn: transaction.closingOn } as Record<string, unknown>,
      { acceptedOn: values.acceptedOn, closingOn: values.closingOn, ...values.days },
    );
    recordAudit(tx, actor, {
      action: "contract.update",
      subject: { type: "transaction", id: transaction.id },
      transactionId: transaction.id,
      changes,
      at: now,
    });
    return getContract(tx, actor, transaction.id);
  });
}

/**
 * Stores a contract's dates and computes and stores its deadlines, inside the caller's database
 * transaction: `saveContract`, and an offer's acceptance (app/models/offer-moves.server.ts). `waive`: the
 * deadlines to mark waived at once (an offer's contingency of 0 days).
 */
export function writeContract(
  tx: DbOrTx,
  transaction: Transaction,
  values: ContractValues,
  now: Date,
  waive: DeadlineKey[] = [],
) {
  const transactionId = transaction.id;
  const earlier = new Map(deadlineRows(tx, transactionId).map((row) => [row.key, row]));
  const days = { ...DEFAULT_DAYS };
  for (const key of DEADLINE_KEYS) {
    const kept = earlier.get(key)?.days;
    if (kept !== null && kept !== undefined) days[key] = kept;
    const given = values.days[key];
    if (given !== undefined) days[key] = given;
  }
  tx.update(transactions)
    .set({ acceptedOn: values.acceptedOn, closingOn: values.closingOn, updatedAt: now })
    .where(eq(transactions.id, transactionId))
    .run();
  const computed = computeDeadlines(
    { acceptedOn: values.acceptedOn, closingOn: values.closingOn, days },
    holidayCalendar(tx),
  );
  for (const deadline of computed) storeDeadline(tx, transactionId, deadline, earlier.get(deadline.key), now);
  for (const key of waive.filter((k) => ruleOf(k).waivable)) {
    tx.update(deadlines)
      .set({ status: "waived", doneAt: now, updatedAt: now })
      .where(and(eq(deadlines.transactionId, transactionId), eq(deadlines.key, key), eq(deadlines.status, "open")))
      .run();
  }
}

function storeDeadline(
  tx: DbOrTx,
  transactionId: number,
  computed: ComputedDeadline,
  earlier: Deadline | undefined,
  now: Date,
) {
  const fields = {
    counting: computed.counting,
    days: computed.days,
    dueOn: computed.dueOn,
    movedFrom: computed.movedFrom,
    movedReason: computed.movedReason,
    updatedAt: now,
  };
  if (!earlier) {
    tx.insert(deadlines)
      .values({ transactionId, key: computed.key, ...fields })
      .run();
    return;
  }
  const changed = earlier.dueOn !== computed.dueOn;
  tx.update(deadlines)
    .set({ ...fields, sequence: changed ? earlier.sequence + 1 : earlier.sequence })
    .where(eq(deadlines.id, earlier.id))
    .run();
}

/**
 * Marks a deadline done or waived (with the time), or reopens it (its time cleared). Staff of its
 * transaction. A deadline that is not a contingency (the close of escrow) cannot be waived: 409.
 */
export function setDeadlineStatus(
  db: Db,
  actor: Actor,
  deadlineId: number,
  status: DeadlineStatus,
  now = new Date(),
): DeadlineView {
  assertStaff(actor);
  return db.transaction((tx) => {
    const row = tx.select().from(deadlines).where(eq(deadlines.id, deadlineId)).get();
    if (!row || !findTransaction(tx, actor, row.transactionId)) throw new NotFoundError("Deadline not found");
    const transaction = getTransactionAsStaff(tx, actor, row.transactionId);
    if (status === "waived" && !ruleOf(row.key).waivable) {
      throw new ConflictError(
        `The ${ruleOf(row.key).title.toLowerCase()} cannot be waived: mark it done when it happens.`,
      );
    }
    const updated = tx
      .update(deadlines)
      .set({ status, doneAt: status === "open" ? null : now, updatedAt: now })
      .where(eq(deadlines.id, deadlineId))
      .returning()
      .get();
    if (row.status !== status) {
      recordAudit(tx, actor, {
        action: "deadline.update",
        subject: { type: "deadline", id: row.id },
        transactionId: transaction.id,
        changes: { key: row.key, status: { before: row.status, after: status } },
        at: now,
      });
    }
    return viewOf(updated, transaction);
  });
}

export type DueSoon = DeadlineView & { propertyAddress: string | null; clientName: string };

/**
 * Staff's "Due in the next 7 days": the open deadlines of every active transaction from `today` to
 * `today + days` (an agent's: of their transactions), soonest first (by the index (status, due_on)).
 */
export function dueSoon(db: Db, actor: Actor, today: PlainDate, days = 7, limit = 50): DueSoon[] {
  assertStaff(actor);
  const mine = isAgentOnly(actor)
    ? [or(eq(transactions.assignedAgentId, actor.id), inArray(transactions.id, collaborationsOf(db, actor.id)))!]
    : [];
  return openDeadlinesDue(db, today, addDaysTo(today, days), ...mine)
    .limit(limit)
    .all()
    .map((row) => ({
      ...viewOf(row.deadline, { type: row.type }),
      propertyAddress: row.propertyAddress,
      clientName: fullName(row.client) || row.client.email,
    }));
}

/**
 * The open deadlines of every active transaction due from `from` to `to`, with their transaction and
 * client, soonest first, by the index (status, due_on): staff's 7-day card and the reminders (which add
 * their own conditions). Not guarded: callers are an admin's page or the sender.
 */
export function openDeadlinesDue(db: DbOrTx, from: PlainDate, to: PlainDate, ...conditions: SQL[]) {
  return db
    .select({
      deadline: deadlines,
      type: transactions.type,
      propertyAddress: transactions.propertyAddress,
      client: {
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        notices: users.milestoneNotices,
      },
    })
    .from(deadlines)
    .innerJoin(transactions, eq(transactions.id, deadlines.transactionId))
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(
      and(
        eq(deadlines.status, "open"),
        gte(deadlines.dueOn, from),
        lte(deadlines.dueOn, to),
        eq(transactions.status, "active"),
        ...conditions,
      ),
    )
    .orderBy(asc(deadlines.dueOn), asc(deadlines.id));
}

/**
 * Computes again the deadlines of every active transaction with a contract (after the holidays changed),
 * in one database transaction; returns how many dates changed.
 */
export function recomputeDeadlines(tx: DbOrTx, now = new Date()): number {
  const holidays = holidayCalendar(tx);
  const contracts = tx
    .select()
    .from(transactions)
    .where(and(eq(transactions.status, "active"), sql`${transactions.acceptedOn} IS NOT NULL`))
    .all();
  let changed = 0;
  for (const transaction of contracts) {
    const rows = new Map(deadlineRows(tx, transaction.id).map((row) => [row.key, row]));
    const days = { ...DEFAULT_DAYS };
    for (const [key, row] of rows) if (row.days !== null) days[key] = row.days;
    const computed = computeDeadlines(
      { acceptedOn: transaction.acceptedOn!, closingOn: transaction.closingOn, days },
      holidays,
    );
    for (const deadline of computed) {
      const earlier = rows.get(deadline.key);
      if (earlier && earlier.dueOn === deadline.dueOn && earlier.movedReason === deadline.movedReason) continue;
      if (earlier && earlier.dueOn !== deadline.dueOn) changed += 1;
      storeDeadline(tx, transaction.id, deadline, earlier, now);
    }
  }
  return changed;
}

/** A deadline as the API answers it (docs/spec.md's shape for GET /api/transactions/{id}/deadlines). */
export function toDeadlineJson(d: DeadlineView) {
  return {
    id: d.id,
    key: d.key,
    title: d.title,
    dueOn: d.dueOn,
    rule: d.rule,
    movedFrom: d.movedFrom,
    status: d.status,
    doneAt: d.doneAt?.toISOString() ?? null,
    milestoneStep: d.milestoneStep,
  };
}

/** The contract as the API answers it. */
export const toContractJson = (c: Contract) => ({
  acceptedOn: c.acceptedOn,
  closingOn: c.closingOn,
  deadlines: c.deadlines.map(toDeadlineJson),
});

/** A deadline as a page shows it (app/components/deadlines.tsx). */
export const toListedDeadline = (d: DeadlineView) => ({
  id: d.id,
  key: d.key,
  title: d.title,
  dueOn: d.dueOn,
  movedFrom: d.movedFrom,
  movedReason: d.movedReason,
  status: d.status,
  task: d.task,
  milestoneStep: d.milestoneStep,
  days: d.rule.days,
  counting: d.rule.counting,
});

/** The "Offer accepted" step's completion date (San Diego), to pre-fill the contract form; else null. */
export function offerAcceptedOn(db: Db, actor: Actor, transactionId: number): PlainDate | null {
  getTransaction(db, actor, transactionId);
  const step = db
    .select({ completedAt: transactionMilestones.completedAt })
    .from(transactionMilestones)
    .where(
      and(eq(transactionMilestones.transactionId, transactionId), eq(transactionMilestones.title, "Offer accepted")),
    )
    .get();
  return step?.completedAt ? todayIn(step.completedAt) : null;
}
