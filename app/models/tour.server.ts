/**
 * Buyers' tours (docs/showings.md): a buying client asks to see some of their saved homes, in the
 * order they choose, with up to three preferred times; it needs their buyer representation agreement in force
 * (409 with a link to sign it, app/models/buyer-agreement.server.ts). Their agent confirms a time for each home
 * (a stop), which then is in the client's calendar feed; either side cancels a stop (the feed marks it
 * cancelled); after it the client rates each home and writes a note for their agent, kept with the saved home.
 * Only the transaction's client and its staff read a tour; anyone else is told "not found".
 */
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { savedHomes, tourStops, tours, users, type Tour, type TourStop, type Transaction } from "~/db/schema";
import { env } from "~/config/env.server";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { formatSlot, fullName } from "~/lib/format";
import { aheadError } from "~/lib/time-span";
import { TOUR_STOP_MINUTES, type TourEventInput, type TourRequestInput } from "~/lib/tour-schema";
import { isStaff, type Actor } from "~/models/actor.server";
import { assertBuyerAgreement, nudgeCountersigner } from "~/models/buyer-agreement.server";
import { recordAudit } from "~/models/audit-log.server";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { staffRecipients } from "~/models/staff-recipients.server";
import { tabPath } from "~/lib/workspace-tabs";
import { getTransaction, isStaffOn } from "~/models/permissions.server";

/** A purchase the actor may read (its client or staff); a sale is "not found" (it has no tours). */
function purchaseOf(db: DbOrTx, actor: Actor, transactionId: number): Transaction {
  const transaction = getTransaction(db, actor, transactionId);
  if (transaction.type !== "buying") throw new NotFoundError("Transaction not found");
  return transaction;
}

/** The client asks for a tour of their saved homes (staff may for them): 409 without a buyer agreement in force. */
export function requestTour(db: Db, actor: Actor, transactionId: number, input: TourRequestInput, now = new Date()) {
  // A client refused for want of the countersignature: the countersigner is reminded (its own write: the
  // request's is undone by the refusal).
  const purchase = purchaseOf(db, actor, transactionId);
  if (actor.id === purchase.userId) nudgeCountersigner(db, purchase, "a tour of homes", now);
  return db.transaction((tx) => {
    const transaction = purchaseOf(tx, actor, transactionId);
    assertOpenPurchase(transaction);
    assertBuyerAgreement(tx, transaction, now);
    const homes = tx
      .select({ id: savedHomes.id, address: savedHomes.address })
      .from(savedHomes)
      .where(and(eq(savedHomes.userId, transaction.userId), inArray(savedHomes.id, input.listingIds)))
      .all();
    if (homes.length !== input.listingIds.length) {
      throw new InvalidInputError("Choose homes from the saved homes", { listingIds: ["Not a saved home"] });
    }
    for (const [i, slot] of input.slots.entries()) {
      const range = aheadError(slot.start, now);
      if (range)
        throw new InvalidInputError(`Give times still to come: ${range.toLowerCase()}`, {
          [`slots.${i}.start`]: [range],
        });
    }
    const tour = tx
      .insert(tours)
      .values({
        transactionId,
        slots: input.slots.map((s) => s.start.toISOString()),
        note: input.note || null,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    tx.insert(tourStops)
      .values(
        input.listingIds.map((listingId, i) => ({
          tourId: tour.id,
          listingId,
          position: i + 1,
          status: "requested" as const,
          updatedAt: now,
        })),
      )
      .run();
    recordAudit(tx, actor, {
      action: "tour.request",
      subject: { type: "tour", id: tour.id },
      transactionId,
      changes: { homes: input.listingIds.length, slots: tour.slots },
      at: now,
    });
    const byId = new Map(homes.map((h) => [h.id, h.address]));
    const { appUrl } = env().mail;
    const client = tx.select().from(users).where(eq(users.id, transaction.userId)).get();
    const who = (client && fullName(client)) || client?.email || "Your client";
    for (const staff of staffRecipients(tx, transaction)) {
      queuePlainEmail(
        tx,
        {
          kind: "showing",
          to: staff,
          subject: `Tour requested by ${who}`,
          lines: [
            `${who} asks to see ${input.listingIds.length === 1 ? "a home" : `${input.listingIds.length} homes`}, in this order: ${input.listingIds.map((id) => byId.get(id)).join("; ")}.`,
            `Times that suit them: ${tour.slots.map((s) => formatSlot(s)).join("; ")}.`,
            ...(tour.note ? [`Their note: ${tour.note}`] : []),
          ],
          action: { label: "Confirm the times", url: `${appUrl}${tabPath(transactionId, "showings")}#tours` },
          transactionId,
        },
        now,
      );
    }
    return tourOf(tx, tour);
  });
}

/**
 * One move of a tour's stop: the agent (staff on the transaction) confirms a time (again to move it), either
 * side cancels, the client rates a home once its time has passed. Others 404; a move its status does not
 * allow 409.
 */
export function tourEvent(db: Db, actor: Actor, tourId: number, input: TourEventInput, now = new Date()) {
  return db.transaction((tx) => {
    const tour = tx.select().from(tours).where(eq(tours.id, tourId)).get();
    if (!tour) throw new NotFoundError("Tour not found");
    const transaction = purchaseOf(tx, actor, tour.transactionId);
    const stop = tx
      .select()
      .from(tourStops)
      .where(and(eq(tourStops.tourId, tourId), eq(tourStops.listingId, input.listingId)))
      .get();
    if (!stop) throw new NotFoundError("That home is not on the tour");
    const staff = isStaff(actor) && isStaffOn(tx, actor, transaction);
    if (input.type !== "rate") assertOpenPurchase(transaction);
    let change: Partial<TourStop>;
    if (input.type === "confirm") {
      if (!staff) throw new NotFoundError("Tour not found");
      if (stop.status === "cancelled") throw new ConflictError("That stop is cancelled");
      if (!input.start) throw new InvalidInputError("Choose the time", { start: ["Choose the time"] });
      const range = aheadError(input.start, now);
      if (range) throw new InvalidInputError(range, { start: [range] });
      const moved = stop.status === "confirmed";
      change = {
        status: "confirmed",
        start: input.start,
        end: new Date(input.start.getTime() + TOUR_STOP_MINUTES * 60_000),
        sequence: moved ? stop.sequence + 1 : stop.sequence,
      };
    } else if (input.type === "cancel") {
      if (stop.status === "cancelled") throw new ConflictError("That stop is already cancelled");
      change = { status: "cancelled", sequence: stop.sequence + 1 };
    } else {
      if (actor.id !== transaction.userId) throw new NotFoundError("Tour not found");
      if (stop.status !== "confirmed" || !stop.end || stop.start! > now)
        throw new ConflictError("A home is rated once you have seen it");
      if (input.rating === undefined)
        throw new InvalidInputError("Rate the home from 1 to 5", { rating: ["Rate the home from 1 to 5"] });
      change = { rating: input.rating, note: input.note || null, ratedAt: now };
    }
    tx.update(tourStops)
      .set({ ...change, updatedAt: now })
      .where(eq(tourStops.id, stop.id))
      .run();
    tx.update(tours).set({ updatedAt: now }).where(eq(tours.id, tourId)).run();
    // A confirmed stop cancelled by one side: the other is told.
    if (input.type === "cancel" && stop.status === "confirmed") {
      mailStopCancelled(tx, transaction, stop, staff, now);
    }
    recordAudit(tx, actor, {
      action: `tour.${input.type}`,
      subject: { type: "tour", id: tourId },
      transactionId: transaction.id,
      changes: {
        listingId: input.listingId,
        ...(change.start ? { start: change.start.toISOString() } : {}),
        ...(input.type === "rate" ? { rating: input.rating } : {}),
      },
      at: now,
    });
    return tourOf(tx, tour);
  });
}

/** A purchase that ended (completed, cancelled) keeps its tours to read, and takes no new move: 409. */
function assertOpenPurchase(transaction: Transaction) {
  if (transaction.status !== "active") {
    throw new ConflictError(`This purchase is ${transaction.status}: its tours can only be read`);
  }
}

/** A confirmed stop cancelled: by staff, the client is told; by the client, their staff. */
function mailStopCancelled(tx: DbOrTx, transaction: Transaction, stop: TourStop, byStaff: boolean, now: Date) {
  const home = tx
    .select({ address: savedHomes.address })
    .from(savedHomes)
    .where(eq(savedHomes.id, stop.listingId))
    .get();
  const { appUrl } = env().mail;
  const when = stop.start ? formatSlot(stop.start.toISOString()) : "the time set";
  const subject = `Tour stop cancelled: ${home?.address ?? "a home"}`;
  if (byStaff) {
    const client = tx.select().from(users).where(eq(users.id, transaction.userId)).get();
    if (!client) return;
    queuePlainEmail(
      tx,
      {
        kind: "showing",
        to: { address: client.email, name: fullName(client) || null },
        subject,
        lines: [`Your agent cancelled the visit of ${home?.address ?? "a home"} on ${when}.`],
        action: { label: "Open your tours", url: `${appUrl}/client-portal#tours` },
        transactionId: transaction.id,
      },
      now,
    );
    return;
  }
  for (const staff of staffRecipients(tx, transaction)) {
    queuePlainEmail(
      tx,
      {
        kind: "showing",
        to: staff,
        subject,
        lines: [`Your client cancelled the visit of ${home?.address ?? "a home"} on ${when}.`],
        action: { label: "Open the tours", url: `${appUrl}${tabPath(transaction.id, "showings")}#tours` },
        transactionId: transaction.id,
      },
      now,
    );
  }
}

/** A tour with its stops (in the client's order) and each home's address. */
function tourOf(db: DbOrTx, tour: Tour) {
  const stops = db
    .select({ stop: tourStops, address: savedHomes.address })
    .from(tourStops)
    .innerJoin(savedHomes, eq(savedHomes.id, tourStops.listingId))
    .where(eq(tourStops.tourId, tour.id))
    .orderBy(asc(tourStops.position))
    .all();
  return { tour, stops };
}

export type TourWithStops = ReturnType<typeof tourOf>;

/** A purchase's tours, newest first (the latest 20), for its client and staff. */
export function listTours(db: Db, actor: Actor, transactionId: number): TourWithStops[] {
  purchaseOf(db, actor, transactionId);
  return db
    .select()
    .from(tours)
    .where(eq(tours.transactionId, transactionId))
    .orderBy(desc(tours.createdAt), desc(tours.id))
    .limit(20)
    .all()
    .map((t) => tourOf(db, t));
}

/** The API's shape of a tour. */
export function toTourJson({ tour, stops }: TourWithStops) {
  return {
    id: tour.id,
    slots: tour.slots,
    note: tour.note,
    createdAt: tour.createdAt.toISOString(),
    stops: stops.map(({ stop, address }) => ({
      listingId: stop.listingId,
      address,
      position: stop.position,
      status: stop.status,
      start: stop.start?.toISOString() ?? null,
      end: stop.end?.toISOString() ?? null,
      rating: stop.rating,
      note: stop.note,
    })),
  };
}

/** The client's latest rating and note of each of their saved homes (private to them and staff). */
export function ratingsOf(db: Db, listingIds: number[]): Map<number, { rating: number; note: string | null }> {
  if (!listingIds.length) return new Map();
  const rows = db
    .select({
      listingId: tourStops.listingId,
      rating: tourStops.rating,
      note: tourStops.note,
      ratedAt: tourStops.ratedAt,
    })
    .from(tourStops)
    .where(and(inArray(tourStops.listingId, listingIds), isNotNull(tourStops.ratedAt)))
    .orderBy(asc(tourStops.ratedAt))
    .all();
  return new Map(rows.map((r) => [r.listingId, { rating: r.rating!, note: r.note }]));
}
