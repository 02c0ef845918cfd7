/**
 * Calendar feeds (docs/decisions/018-deadlines.md): each user's private feed address carries a random token
 * (192 bits) kept on their row; reset makes a new one and the old address is unknown at once. A client's
 * feed holds the open deadlines of their active transactions; an admin's (the staff feed) those of every
 * active transaction, from a week ago to four months ahead. app/infra/calendar-feed.server.ts writes them
 * as iCalendar.
 */
import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deadlines, transactions, users, type Deadline, type User } from "~/db/schema";
import { NotFoundError } from "~/lib/errors";
import { addDaysTo, todayIn } from "~/lib/plain-date";
import type { Actor } from "~/models/actor.server";
import { openDeadlinesDue } from "~/models/contract.server";
import { collaborationsOf, findTransaction } from "~/models/transaction.server";
import { newToken } from "~/models/secret-token.server";

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The user's feed token, made on first use (the signed-in user's row, when given, already has it). */
export function calendarToken(db: Db, actor: Actor & { calendarToken?: string | null }): string {
  if (actor.calendarToken) return actor.calendarToken;
  const row = db.select({ token: users.calendarToken }).from(users).where(eq(users.id, actor.id)).get();
  if (row?.token) return row.token;
  return resetCalendarToken(db, actor);
}

/** A new feed token: the old address answers 404 from now on. */
export function resetCalendarToken(db: Db, actor: Actor): string {
  const token = newToken();
  db.update(users).set({ calendarToken: token }).where(eq(users.id, actor.id)).run();
  return token;
}

export type FeedEvent = {
  deadline: Deadline;
  type: "buying" | "selling";
  propertyAddress: string | null;
};

export type Feed = { user: User; staff: boolean; events: FeedEvent[] };

/** The feed of a token, or null for an unknown one. */
export function feedOf(db: Db, token: string, now = new Date()): Feed | null {
  if (!TOKEN.test(token)) return null;
  const user = db.select().from(users).where(eq(users.calendarToken, token)).get();
  if (!user) return null;
  const select = db
    .select({ deadline: deadlines, type: transactions.type, propertyAddress: transactions.propertyAddress })
    .from(deadlines)
    .innerJoin(transactions, eq(transactions.id, deadlines.transactionId));
  if (user.deactivatedAt === null && (user.isAdmin || user.isAgent)) {
    const today = todayIn(now);
    // An agent's feed: the transactions assigned to them or shared with them.
    const mine = user.isAdmin
      ? []
      : [or(eq(transactions.assignedAgentId, user.id), inArray(transactions.id, collaborationsOf(db, user.id)))!];
    const events = openDeadlinesDue(db, addDaysTo(today, -7), addDaysTo(today, 120), ...mine).all();
    return { user, staff: true, events };
  }
  const own = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, user.id), eq(transactions.status, "active")))
    .all()
    .map((t) => t.id);
  // By the index (transaction_id, key): a client has a few transactions of seven deadlines each. (With the
  // status in the query, SQLite would walk every open deadline of the agency by (status, due_on).)
  const events = own.length
    ? select
        .where(inArray(deadlines.transactionId, own))
        .all()
        .filter((e) => e.deadline.status === "open")
        .sort((a, b) => a.deadline.dueOn.localeCompare(b.deadline.dueOn) || a.deadline.id - b.deadline.id)
    : [];
  return { user, staff: false, events };
}

/** One deadline as a single event, for the transaction's client and admins; anyone else: not found. */
export function eventOf(db: Db, actor: Actor, deadlineId: number): FeedEvent {
  const deadline = db.select().from(deadlines).where(eq(deadlines.id, deadlineId)).get();
  const transaction = deadline && findTransaction(db, actor, deadline.transactionId);
  if (!deadline || !transaction) throw new NotFoundError("Deadline not found");
  return { deadline, type: transaction.type, propertyAddress: transaction.propertyAddress };
}
