/**
 * Showings of our listings (docs/showings.md): each active sale has a showing page under an
 * unguessable token (/showings/{token}) where a buyer's agent without an account asks for one to three
 * times; the seller's rules (app/lib/showing-slots.ts) decide which times may be asked for. The seller and
 * staff read the showings, set the rules, approve, decline, propose another time or cancel; staff record a
 * showing booked by phone. Two approved showings never overlap (409). Anyone else is told "not found".
 *
 * Longer than 500 lines on purpose: the page's request, the seller's answers and staff's records are one showing's
 * life and each write checks the same rule inside its database transaction (two approved showings never overlap).
 */
import { and, asc, avg, count, desc, eq, gte, inArray, lt } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { showingSettings, showings, transactions, type Showing, type Transaction } from "~/db/schema";
import type { ShowingStatus } from "~/domain/enums";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { DAY_MS } from "~/lib/time";
import type {
  ShowingEventInput,
  ShowingFeedbackInput,
  ShowingRequestInput,
  ShowingRulesInput,
} from "~/lib/showing-schema";
import { mayMove } from "~/lib/showing-moves";
import { isToken } from "~/lib/token-format";
import { DEFAULT_RULES, freeSlots, slotError, type Busy, type ShowingRules } from "~/lib/showing-slots";
import { aheadError, phoneBookingError, spansOverlap } from "~/lib/time-span";
import { formatSlot } from "~/lib/format";
import { type Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import { pageScopeHeader } from "~/models/content-version.server";
import { newToken } from "~/models/secret-token.server";
import {
  agentShowingPath,
  confirmedInvitation,
  mailAgentMove,
  mailBuyerAgent,
  mailNewRequest,
} from "~/models/showing-mail.server";
import { assertStaff, getTransaction, isStaffOn } from "~/models/permissions.server";

const NOT_FOUND = "Showing page not found";
const WEEK_MS = 7 * DAY_MS;
/** The feedback request goes an hour after the showing ends. */
export const FEEDBACK_AFTER_MS = 3600_000;

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
      .values({ transactionId, token: newToken(), rules: DEFAULT_RULES, summaryDueAt: new Date(Date.now() + WEEK_MS) })
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
  if (!isToken(token)) throw new NotFoundError(NOT_FOUND);
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
  // Read before the showings: a change after it leaves the cached page stale (server/page-cache.ts).
  const scope = pageScopeHeader(db, `sale:${transaction.id}`);
  return {
    scope,
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
    const { transaction, rules, access } = saleOfToken(tx, token);
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
    mailNewRequest(tx, row, transaction, now);
    mailBuyerAgent(tx, row, transaction, access, row.status === "approved" ? "approved" : "received", now);
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
    if (sale.status !== "active") throw new ConflictError(`This listing is no longer active (${sale.status})`);
    const range = phoneBookingError(input.start, now);
    if (range) throw new InvalidInputError(range, { start: [range] });
    const { rules, accessInstructions } = settingsOf(tx, transactionId);
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
    // A showing still to come is confirmed to the agent; a past one is only asked for feedback.
    if (row.start > now) mailBuyerAgent(tx, row, sale, accessInstructions, "approved", now);
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
      agentToken: newToken(),
      feedbackDueAt: showing.status === "approved" ? new Date(showing.end.getTime() + FEEDBACK_AFTER_MS) : null,
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
    .find((s) => s.id !== except && spansOverlap(s, slot));
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

/**
 * The seller or staff answer a showing: approve one of its slots (or the time given), decline, propose
 * another time, or cancel. A move its status does not allow 409; an approval over another approved one 409.
 */
export function showingEvent(db: Db, actor: Actor, id: number, input: ShowingEventInput, now = new Date()): Showing {
  return db.transaction((tx) => {
    const showing = tx.select().from(showings).where(eq(showings.id, id)).get();
    if (!showing) throw new NotFoundError("Showing not found");
    saleOf(tx, actor, showing.transactionId);
    return move(tx, actor, showing, input, now);
  });
}

/**
 * One move of a showing, by the seller's side (`actor`) or its buyer's agent (null: accepting a proposed time
 * or cancelling from their own page), with the e-mail it sends the agent.
 */
function move(tx: DbOrTx, actor: Actor | null, showing: Showing, input: ShowingEventInput, now: Date): Showing {
  if (!mayMove(actor ? "seller" : "agent", input.type, showing.status)) {
    throw new ConflictError(
      `A showing ${showing.status} cannot be ${input.type === "cancel" ? "cancelled" : `${input.type}d`}`,
    );
  }
  const transaction = tx.select().from(transactions).where(eq(transactions.id, showing.transactionId)).get()!;
  if (input.type !== "cancel" && input.type !== "decline" && transaction.status !== "active") {
    throw new ConflictError(`This listing is no longer active (${transaction.status}): it has no showings to come`);
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
    if (input.type === "propose") {
      const range = aheadError(start, now);
      if (range)
        throw new InvalidInputError(`Propose a time still to come: ${range.toLowerCase()}`, { start: [range] });
    }
    if (input.type === "approve" && start <= now) {
      throw new ConflictError(`That time has passed (${formatSlot(start)}): propose another`);
    }
    if (input.type === "approve")
      assertNoOverlap(tx, showing.transactionId, { start, end: new Date(start.getTime() + length) }, showing.id);
  }
  const status = STATUS_AFTER[input.type];
  const end = new Date(start.getTime() + length);
  const row = tx
    .update(showings)
    .set({
      status,
      start,
      end,
      note: input.note || showing.note,
      // A cancelled invitation is the same event, one version later.
      sequence: showing.status === "approved" ? showing.sequence + 1 : showing.sequence,
      feedbackDueAt: status === "approved" ? new Date(end.getTime() + FEEDBACK_AFTER_MS) : null,
      updatedAt: now,
    })
    .where(eq(showings.id, showing.id))
    .returning()
    .get()!;
  recordAudit(tx, actor, {
    action: `showing.${input.type}`,
    subject: { type: "showing", id: showing.id },
    transactionId: showing.transactionId,
    changes: {
      from: showing.status,
      to: status,
      start: start.toISOString(),
      by: actor ? "seller side" : "buyer's agent",
    },
    at: now,
  });
  const access = settingsOf(tx, showing.transactionId).accessInstructions;
  // A request cancelled before any answer was never confirmed: the agent hears of it only if they did not cancel it.
  if (status !== "cancelled" || showing.status === "approved" || actor !== null)
    mailBuyerAgent(tx, row, transaction, access, MAIL_AFTER[input.type], now);
  if (actor === null) mailAgentMove(tx, row, transaction, now);
  return row;
}

const STATUS_AFTER = { approve: "approved", decline: "declined", propose: "proposed", cancel: "cancelled" } as const;
const MAIL_AFTER = { approve: "approved", decline: "declined", propose: "proposed", cancel: "cancelled" } as const;

/** A showing by its buyer's agent's token (their page), else "not found". */
function byAgentToken(db: DbOrTx, token: string): Showing {
  const showing = isToken(token) ? db.select().from(showings).where(eq(showings.agentToken, token)).get() : undefined;
  if (!showing) throw new NotFoundError("Showing not found");
  return showing;
}

/**
 * The buyer's agent's page of their showing: the address, the time, where it stands, what they asked for, its
 * feedback; once approved (and the listing still active), the access instructions and the invitation (it is their
 * page: the token is theirs alone, as in the confirmation e-mail).
 */
export function agentShowing(db: Db, token: string, now = new Date()) {
  const showing = byAgentToken(db, token);
  const transaction = db.select().from(transactions).where(eq(transactions.id, showing.transactionId)).get()!;
  const confirmed = showing.status === "approved" && transaction.status === "active";
  return {
    address: transaction.propertyAddress ?? "The listing",
    showing: toShowingJson(showing, now),
    access: confirmed && showing.end > now ? settingsOf(db, transaction.id).accessInstructions || null : null,
    invitation: confirmed && showing.end > now ? `${agentShowingPath(token)}/invite.ics` : null,
  };
}

/** An approved showing's invitation for its agent's calendar (their page's link); anything else "not found". */
export function agentInvitation(db: Db, token: string, now = new Date()): string {
  const showing = byAgentToken(db, token);
  const transaction = db.select().from(transactions).where(eq(transactions.id, showing.transactionId)).get()!;
  if (showing.status !== "approved" || transaction.status !== "active" || showing.end <= now) {
    throw new NotFoundError("Showing not found");
  }
  return confirmedInvitation(showing, transaction, settingsOf(db, transaction.id).accessInstructions).content;
}

/** The buyer's agent accepts the time the seller proposed, or cancels (their own page). */
export function agentShowingEvent(db: Db, token: string, type: "approve" | "cancel", now = new Date()): Showing {
  return db.transaction((tx) => move(tx, null, byAgentToken(tx, token), { type }, now));
}

/** The buyer's agent's feedback after the showing: once, and only once it has ended. */
export function giveShowingFeedback(db: Db, token: string, input: ShowingFeedbackInput, now = new Date()): Showing {
  return db.transaction((tx) => {
    const showing = byAgentToken(tx, token);
    if (showing.status !== "approved" || showing.end > now)
      throw new ConflictError("Feedback is asked for once the showing is over");
    if (showing.feedbackAt) throw new ConflictError("Thank you: your feedback is already with the seller");
    const row = tx
      .update(showings)
      .set({
        interest: input.interest,
        priceOpinion: input.price,
        comments: input.comments || null,
        feedbackAt: now,
        feedbackDueAt: null,
        updatedAt: now,
      })
      .where(eq(showings.id, showing.id))
      .returning()
      .get()!;
    recordAudit(tx, null, {
      action: "showing.feedback",
      subject: { type: "showing", id: showing.id },
      transactionId: showing.transactionId,
      changes: { interest: input.interest, price: input.price },
      at: now,
    });
    return row;
  });
}

/** Past showings a portal page shows at once; older ones page by their start (`before`). */
export const PAST_PAGE = 10;

/**
 * A sale's showings as its portal section shows them (the seller and staff): those still to come (soonest
 * first), a page of past ones (latest first, before `before`), and the totals of the past ones with their
 * average interest. Each read walks the index (transaction_id, start) or (transaction_id, status, start), so
 * 500 past showings cost what 20 do.
 */
export function showingsOverview(
  db: Db,
  actor: Actor,
  transactionId: number,
  options: { before?: Date | null } = {},
  now = new Date(),
) {
  saleOf(db, actor, transactionId);
  const upcoming = db
    .select()
    .from(showings)
    .where(and(eq(showings.transactionId, transactionId), gte(showings.start, now)))
    .orderBy(asc(showings.start), asc(showings.id))
    .limit(100)
    .all();
  const past = db
    .select()
    .from(showings)
    .where(
      and(
        eq(showings.transactionId, transactionId),
        lt(showings.start, options.before ?? now),
        lt(showings.start, now),
      ),
    )
    .orderBy(desc(showings.start), desc(showings.id))
    .limit(PAST_PAGE + 1)
    .all();
  const totals = db
    .select({ shown: count(), rated: count(showings.interest), interest: avg(showings.interest) })
    .from(showings)
    .where(and(eq(showings.transactionId, transactionId), eq(showings.status, "approved"), lt(showings.start, now)))
    .get();
  return {
    upcoming: upcoming.map((s) => ({ ...toShowingJson(s, now), contact: { phone: s.phone, email: s.email } })),
    past: past
      .slice(0, PAST_PAGE)
      .map((s) => ({ ...toShowingJson(s, now), contact: { phone: s.phone, email: s.email } })),
    olderBefore: past.length > PAST_PAGE ? past[PAST_PAGE - 1]!.start.toISOString() : null,
    totals: {
      shown: totals?.shown ?? 0,
      rated: totals?.rated ?? 0,
      interest: totals?.interest === null || totals?.interest === undefined ? null : Number(totals.interest),
    },
  };
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
    note: s.note,
    agent: { name: s.agentName, brokerage: s.brokerage, licenseNumber: s.licenseNumber },
    feedback: s.feedbackAt ? { interest: s.interest, price: s.priceOpinion, comments: s.comments } : null,
  };
}

/**
 * A sale that ends (completed, cancelled: app/models/transaction.server.ts): its open requests are declined and
 * its approved showings still to come cancelled, each agent e-mailed (a cancellation with the invitation
 * cancelled); its page then answers 404 and no access instructions are ever sent again. Returns how many changed.
 */
export function endSaleShowings(tx: DbOrTx, actor: Actor | null, transactionId: number, now: Date): number {
  const open = tx
    .select()
    .from(showings)
    .where(
      and(
        eq(showings.transactionId, transactionId),
        inArray(showings.status, ["requested", "proposed", "approved"]),
        gte(showings.end, now),
      ),
    )
    .all();
  const transaction = tx.select().from(transactions).where(eq(transactions.id, transactionId)).get()!;
  for (const showing of open) {
    const status = showing.status === "approved" ? "cancelled" : "declined";
    const row = tx
      .update(showings)
      .set({
        status,
        sequence: showing.status === "approved" ? showing.sequence + 1 : showing.sequence,
        feedbackDueAt: null,
        note: "The listing is no longer on the market.",
        updatedAt: now,
      })
      .where(eq(showings.id, showing.id))
      .returning()
      .get()!;
    recordAudit(tx, actor, {
      action: `showing.${status === "cancelled" ? "cancel" : "decline"}`,
      subject: { type: "showing", id: showing.id },
      transactionId,
      changes: { from: showing.status, to: status, by: "the sale ended" },
      at: now,
    });
    mailBuyerAgent(tx, row, transaction, "", status, now);
  }
  return open.length;
}
