/**
 * Showings of our listings (issue 38; docs/showings.md): each active sale has a showing page under an
 * unguessable token (/showings/{token}) where a buyer's agent without an account asks for one to three
 * times; the seller's rules (app/lib/showing-slots.ts) decide which times may be asked for. The seller and
 * staff read the showings, set the rules, approve, decline, propose another time or cancel; staff record a
 * showing booked by phone. Two approved showings never overlap (409). Anyone else is told "not found".
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { showingSettings, showings, transactions, type Showing, type Transaction } from "~/db/schema";
import type { ShowingStatus } from "~/domain/enums";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import type { ShowingEventInput, ShowingRequestInput, ShowingRulesInput } from "~/lib/showing-schema";
import { DEFAULT_RULES, freeSlots, slotError, type Busy, type ShowingRules } from "~/lib/showing-slots";
import { assertStaff, type Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import { newToken } from "~/models/secret-token.server";
import { getTransaction, isStaffOn } from "~/models/transaction.server";

const NOT_FOUND = "Showing page not found";

/** A sale the actor may read (its client or staff); a purchase is "not found" (it has no showings). */
function saleOf(db: DbOrTx, actor: Actor, transactionId: number): Transaction {
  const transaction = getTransaction(db, actor, transactionId);
  if (transaction.type !== "selling") throw new NotFoundError("Transaction not found");
  return transaction;
}

/** A sale's showing settings, made with the default rules and a new token on first use. */
function settingsOf(db: DbOrTx, transactionId: number) {
  const existing = db.select().from(showingSettings).where(eq(showingSettings.transactionId, transactionId)).get();
  if (existing) return existing;
  return (
    db
      .insert(showingSettings)
      .values({ transactionId, token: newToken(), rules: DEFAULT_RULES })
      .onConflictDoNothing()
      .returning()
      .get() ?? db.select().from(showingSettings).where(eq(showingSettings.transactionId, transactionId)).get()!
  );
}

/** The approved showings of a sale from `from` on, as busy times (by the index (transaction, status, start)). */
function busyOf(db: DbOrTx, transactionId: number, from: Date, except?: number): Busy[] {
  return db
    .select({ id: showings.id, start: showings.start, end: showings.end })
    .from(showings)
    .where(and(eq(showings.transactionId, transactionId), eq(showings.status, "approved")))
    .orderBy(asc(showings.start))
    .all()
    .filter((s) => s.id !== except && s.end > from);
}

/** The rules and page address of a sale, for its client and staff; the access instructions with them. */
export function getShowingRules(db: Db, actor: Actor, transactionId: number) {
  saleOf(db, actor, transactionId);
  const settings = settingsOf(db, transactionId);
  return { ...settings.rules, accessInstructions: settings.accessInstructions, token: settings.token };
}

/** The seller (or staff for them) sets the rules and the access instructions. */
export function saveShowingRules(db: Db, actor: Actor, transactionId: number, input: ShowingRulesInput) {
  return db.transaction((tx) => {
    saleOf(tx, actor, transactionId);
    settingsOf(tx, transactionId);
    const { accessInstructions, ...rules } = input;
    tx.update(showingSettings)
      .set({ rules, accessInstructions, updatedAt: new Date() })
      .where(eq(showingSettings.transactionId, transactionId))
      .run();
    recordAudit(tx, actor, {
      action: "showing_rules.save",
      subject: { type: "transaction", id: transactionId },
      transactionId,
      changes: { noticeHours: rules.noticeHours, slotMinutes: rules.slotMinutes, autoApprove: rules.autoApprove },
    });
    return getShowingRules(db, actor, transactionId);
  });
}

/** Staff give the page a new address: the old one is "not found" from now on. */
export function resetShowingToken(db: Db, actor: Actor, transactionId: number): string {
  assertStaff(actor);
  return db.transaction((tx) => {
    const sale = saleOf(tx, actor, transactionId);
    if (!isStaffOn(tx, actor, sale)) throw new NotFoundError("Transaction not found");
    settingsOf(tx, transactionId);
    const token = newToken();
    tx.update(showingSettings).set({ token }).where(eq(showingSettings.transactionId, transactionId)).run();
    recordAudit(tx, actor, {
      action: "showing_page.reset",
      subject: { type: "transaction", id: transactionId },
      transactionId,
    });
    return token;
  });
}

/** The active sale a showing page's token names, else "not found" (unknown, reset, or the sale is over). */
function saleOfToken(db: DbOrTx, token: string): { transaction: Transaction; rules: ShowingRules; access: string } {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) throw new NotFoundError(NOT_FOUND);
  const row = db
    .select({ settings: showingSettings, transaction: transactions })
    .from(showingSettings)
    .innerJoin(transactions, eq(transactions.id, showingSettings.transactionId))
    .where(eq(showingSettings.token, token))
    .get();
  if (!row || row.transaction.status !== "active" || row.transaction.type !== "selling")
    throw new NotFoundError(NOT_FOUND);
  return { transaction: row.transaction, rules: row.settings.rules, access: row.settings.accessInstructions };
}

/** The public showing page: the address, the rules (never the access instructions) and the free slots of 14 days. */
export function showingPage(db: Db, token: string, now = new Date()) {
  const { transaction, rules } = saleOfToken(db, token);
  return {
    address: transaction.propertyAddress ?? "The listing",
    rules: {
      hours: rules.hours,
      noticeHours: rules.noticeHours,
      slotMinutes: rules.slotMinutes,
      blockedDates: rules.blockedDates,
    },
    freeSlots: freeSlots(rules, busyOf(db, transaction.id, now), now, 14),
  };
}

/**
 * A buyer's agent asks for one to three times on the page: each is checked against the rules (a field error
 * naming the rule, `slots.N.start`). Approved at once on the first free slot when the seller approves
 * automatically; otherwise "requested".
 */
export function requestShowing(db: Db, token: string, input: ShowingRequestInput, now = new Date()): Showing {
  return db.transaction((tx) => {
    const { transaction, rules } = saleOfToken(tx, token);
    const busy = busyOf(tx, transaction.id, now);
    const errors: Record<string, string[]> = {};
    input.slots.forEach((slot, i) => {
      const error = slotError(rules, [], slot.start, now);
      if (error) errors[`slots.${i}.start`] = [error];
    });
    if (Object.keys(errors).length) throw new InvalidInputError(Object.values(errors)[0]![0]!, errors);
    const length = rules.slotMinutes * 60_000;
    const free = input.slots.find((s) => slotError(rules, busy, s.start, now) === null);
    const approved = rules.autoApprove && free !== undefined;
    const start = approved ? free.start : input.slots[0]!.start;
    const row = insertShowing(
      tx,
      transaction.id,
      input,
      {
        status: approved ? "approved" : "requested",
        source: "page",
        start,
        end: new Date(start.getTime() + length),
        slots: input.slots.map((s) => s.start),
      },
      now,
    );
    recordAudit(tx, null, {
      action: "showing.request",
      subject: { type: "showing", id: row.id },
      transactionId: transaction.id,
      changes: { agent: input.agentName, brokerage: input.brokerage, status: row.status },
      at: now,
    });
    return row;
  });
}

/** Staff record a showing booked by phone: approved, at any time (a past one too), never over another. */
export function recordPhoneShowing(
  db: Db,
  actor: Actor,
  transactionId: number,
  input: Omit<ShowingRequestInput, "slots"> & { start: Date },
  now = new Date(),
): Showing {
  assertStaff(actor);
  return db.transaction((tx) => {
    const sale = saleOf(tx, actor, transactionId);
    if (!isStaffOn(tx, actor, sale)) throw new NotFoundError("Transaction not found");
    const rules = settingsOf(tx, transactionId).rules;
    const end = new Date(input.start.getTime() + rules.slotMinutes * 60_000);
    assertNoOverlap(tx, transactionId, { start: input.start, end });
    const row = insertShowing(
      tx,
      transactionId,
      input,
      { status: "approved", source: "phone", start: input.start, end, slots: [input.start] },
      now,
    );
    recordAudit(tx, actor, {
      action: "showing.record",
      subject: { type: "showing", id: row.id },
      transactionId,
      changes: { agent: input.agentName, start: input.start.toISOString() },
      at: now,
    });
    return row;
  });
}

/** A showing's row: its buyer's agent as they gave themselves, and when and how it stands. */
function insertShowing(
  tx: DbOrTx,
  transactionId: number,
  agent: Omit<ShowingRequestInput, "slots">,
  showing: { status: ShowingStatus; source: "page" | "phone"; start: Date; end: Date; slots: Date[] },
  now: Date,
): Showing {
  return tx
    .insert(showings)
    .values({
      transactionId,
      ...showing,
      slots: showing.slots.map((s) => s.toISOString()),
      agentName: agent.agentName,
      brokerage: agent.brokerage,
      licenseNumber: agent.licenseNumber,
      phone: agent.phone,
      email: agent.email,
      people: agent.people,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
}

function assertNoOverlap(db: DbOrTx, transactionId: number, slot: Busy, except?: number) {
  const clash = db
    .select({ id: showings.id, start: showings.start, end: showings.end })
    .from(showings)
    .where(and(eq(showings.transactionId, transactionId), eq(showings.status, "approved")))
    .all()
    .find((s) => s.id !== except && s.start < slot.end && slot.start < s.end);
  if (clash) throw new ConflictError("Another approved showing is at that time");
}

/** A sale's showings, soonest first, for its client and staff (others 404). */
export function listShowings(db: Db, actor: Actor, transactionId: number, now = new Date()) {
  saleOf(db, actor, transactionId);
  return db
    .select()
    .from(showings)
    .where(eq(showings.transactionId, transactionId))
    .orderBy(asc(showings.start), asc(showings.id))
    .all()
    .map((s) => toShowingJson(s, now));
}

const MOVES: Record<ShowingEventInput["type"], ShowingStatus[]> = {
  approve: ["requested", "proposed"],
  decline: ["requested", "proposed"],
  propose: ["requested", "proposed"],
  cancel: ["requested", "approved", "proposed"],
};

/**
 * The seller or staff answer a showing: approve one of its slots (or the time given), decline, propose
 * another time, or cancel. A move its status does not allow 409; an approval over another approved one 409.
 */
export function showingEvent(db: Db, actor: Actor, id: number, input: ShowingEventInput, now = new Date()): Showing {
  return db.transaction((tx) => {
    const showing = tx.select().from(showings).where(eq(showings.id, id)).get();
    if (!showing) throw new NotFoundError("Showing not found");
    saleOf(tx, actor, showing.transactionId);
    if (!MOVES[input.type].includes(showing.status)) {
      throw new ConflictError(
        `A showing ${showing.status} cannot be ${input.type === "cancel" ? "cancelled" : `${input.type}d`}`,
      );
    }
    const length = showing.end.getTime() - showing.start.getTime();
    let start = showing.start;
    if (input.type === "approve" || input.type === "propose") {
      start = input.start ?? showing.start;
      if (
        input.type === "approve" &&
        input.start &&
        !showing.slots.includes(input.start.toISOString()) &&
        showing.status !== "proposed"
      ) {
        throw new InvalidInputError("Approve one of the times asked for, or propose another", {
          start: ["Not one of the times asked for"],
        });
      }
      if (input.type === "approve")
        assertNoOverlap(tx, showing.transactionId, { start, end: new Date(start.getTime() + length) }, id);
    }
    const status: ShowingStatus =
      input.type === "approve"
        ? "approved"
        : input.type === "decline"
          ? "declined"
          : input.type === "propose"
            ? "proposed"
            : "cancelled";
    const row = tx
      .update(showings)
      .set({ status, start, end: new Date(start.getTime() + length), note: input.note ?? showing.note, updatedAt: now })
      .where(eq(showings.id, id))
      .returning()
      .get()!;
    recordAudit(tx, actor, {
      action: `showing.${input.type}`,
      subject: { type: "showing", id },
      transactionId: showing.transactionId,
      changes: { from: showing.status, to: status, start: start.toISOString() },
      at: now,
    });
    return row;
  });
}

/** The API's shape of a showing: a past approved one reads "done". */
export function toShowingJson(s: Showing, now = new Date()) {
  const status: ShowingStatus = s.status === "approved" && s.end <= now ? "done" : s.status;
  return {
    id: s.id,
    start: s.start.toISOString(),
    end: s.end.toISOString(),
    status,
    slots: s.slots,
    people: s.people,
    agent: { name: s.agentName, brokerage: s.brokerage, licenseNumber: s.licenseNumber },
    feedback: s.feedbackAt ? { interest: s.interest, price: s.priceOpinion, comments: s.comments } : null,
  };
}
