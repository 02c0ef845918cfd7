/**
 * Calendar feeds (docs/decisions/018-deadlines.md): each user's private feed address carries a random token
 * (192 bits) kept on their row; reset makes a new one and the old address is unknown at once. A client's
 * feed holds the open deadlines of their active transactions, with their listing's showings or their tours
 *; an admin's (the staff feed) those of every active transaction, from a week ago to four months
 * ahead; an agent's, those of their transactions. app/infra/calendar-feed.server.ts writes them
 * as iCalendar.
 */
import { and, eq, gt, gte, inArray, lte, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { tokenPattern } from "~/lib/token-format";
import {
  deadlines,
  savedHomes,
  openHouses,
  showings,
  tourStops,
  tours,
  transactions,
  users,
  type Deadline,
  type User,
} from "~/db/schema";
import { NotFoundError } from "~/lib/errors";
import { addDaysTo, todayIn } from "~/lib/plain-date";
import { DAY_MS } from "~/lib/time";
import type { Visit } from "~/lib/visit-calendar";
import type { Actor } from "~/models/actor.server";
import { openDeadlinesDue } from "~/models/contract.server";
import { showingVisit } from "~/models/showing-mail.server";
import { collaborationsOf } from "~/models/transaction.server";
import { newToken } from "~/models/secret-token.server";
import { findTransaction } from "~/models/permissions.server";

const TOKEN = new RegExp(`^${tokenPattern()}$`);

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

export type Feed = { user: User; staff: boolean; events: FeedEvent[]; visits: Visit[] };

/**
 * The visits of a feed: approved showings of a listing (cancelled ones after approval, marked
 * cancelled), confirmed tour stops (cancelled ones marked too) and open houses, from a week ago to four
 * months ahead; of
 * the given transactions, or of every active one the staff member is on (`staff`).
 */
function visitsOf(db: Db, now: Date, scope: { transactionIds: number[] } | { staff: User }): Visit[] {
  const from = new Date(now.getTime() - 7 * DAY_MS);
  const to = new Date(now.getTime() + 120 * DAY_MS);
  const ids = "transactionIds" in scope ? scope.transactionIds : null;
  if (ids && !ids.length) return [];
  // A client's few transactions by (transaction_id, start); the staff's by (start) across the agency.
  const shown = db
    .select({ showing: showings, transaction: transactions })
    .from(showings)
    .innerJoin(transactions, eq(transactions.id, showings.transactionId))
    .where(
      and(
        ids ? inArray(showings.transactionId, ids) : undefined,
        gte(showings.start, from),
        lte(showings.start, to),
        or(eq(showings.status, "approved"), and(eq(showings.status, "cancelled"), gt(showings.sequence, 0))),
      ),
    )
    .all();
  const stops = db
    .select({ stop: tourStops, address: savedHomes.address, transaction: transactions })
    .from(tourStops)
    .innerJoin(tours, eq(tours.id, tourStops.tourId))
    .innerJoin(transactions, eq(transactions.id, tours.transactionId))
    .innerJoin(savedHomes, eq(savedHomes.id, tourStops.listingId))
    .where(
      and(ids ? inArray(tours.transactionId, ids) : undefined, gte(tourStops.start, from), lte(tourStops.start, to)),
    )
    .all();
  // Open houses: the seller's, and in a staff feed those of their sales and those they host.
  const opens = db
    .select({ o: openHouses, transaction: transactions })
    .from(openHouses)
    .innerJoin(transactions, eq(transactions.id, openHouses.transactionId))
    .where(
      and(
        ids ? inArray(openHouses.transactionId, ids) : undefined,
        gte(openHouses.startsAt, from),
        lte(openHouses.startsAt, to),
      ),
    )
    .all();
  const agent = "staff" in scope && !scope.staff.isAdmin ? scope.staff.id : null;
  const mine = agent
    ? new Set([
        ...db
          .select({ id: transactions.id })
          .from(transactions)
          .where(eq(transactions.assignedAgentId, agent))
          .all()
          .map((t) => t.id),
        ...collaborationsOf(db, agent),
      ])
    : null;
  const keep = (t: { id: number; status: string }) => t.status === "active" && (!mine || mine.has(t.id));
  return [
    ...shown
      .filter((r) => keep(r.transaction))
      .map(({ showing: s, transaction: t }) =>
        showingVisit(
          s,
          t.propertyAddress ?? "The listing",
          `Buyer's agent: ${s.agentName} (${s.brokerage}), ${s.people} ${s.people === 1 ? "person" : "people"}.`,
        ),
      ),
    ...opens
      .filter(
        (r) => keep(r.transaction) || (agent !== null && r.o.hostId === agent && r.transaction.status === "active"),
      )
      .map(({ o, transaction: t }) => ({
        key: `open-house-${o.id}`,
        sequence: o.cancelledAt ? 1 : 0,
        stamp: o.cancelledAt ?? o.createdAt,
        start: o.startsAt,
        end: o.endsAt,
        summary: `Open house — ${t.propertyAddress ?? "the listing"}`,
        description: "An open house of the listing: visitors sign in at the door.",
        location: t.propertyAddress ?? "",
        cancelled: o.cancelledAt !== null,
      })),
    ...stops
      .filter((r) => keep(r.transaction))
      .map(({ stop, address }) => ({
        key: `tour-stop-${stop.id}`,
        sequence: stop.sequence,
        stamp: stop.updatedAt,
        start: stop.start!,
        end: stop.end!,
        summary: `Tour — ${address}`,
        description: `Stop ${stop.position} of the tour.`,
        location: address,
        cancelled: stop.status === "cancelled",
      })),
  ].sort((a, b) => a.start.getTime() - b.start.getTime() || a.key.localeCompare(b.key));
}

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
    return { user, staff: true, events, visits: visitsOf(db, now, { staff: user }) };
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
  return { user, staff: false, events, visits: visitsOf(db, now, { transactionIds: own }) };
}

/** One deadline as a single event, for the transaction's client and admins; anyone else: not found. */
export function eventOf(db: Db, actor: Actor, deadlineId: number): FeedEvent {
  const deadline = db.select().from(deadlines).where(eq(deadlines.id, deadlineId)).get();
  const transaction = deadline && findTransaction(db, actor, deadline.transactionId);
  if (!deadline || !transaction) throw new NotFoundError("Deadline not found");
  return { deadline, type: transaction.type, propertyAddress: transaction.propertyAddress };
}
