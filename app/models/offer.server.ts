/**
 * A transaction's offers (docs/decisions/029-offers.md): reading them, recording or requesting a new one,
 * each one's net to the seller, and their JSON. The moves (counter, accept, …) are in
 * offer-moves.server.ts; the rules in app/lib/offer-rules.ts.
 *
 * Who sees what: staff (admins) every offer of every transaction; the transaction's client only the
 * offers shared with them (another offer of their own transaction is "not found", like anyone else's).
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  documents,
  savedHomes,
  offerDocuments,
  offerEvents,
  offerRounds,
  offers,
  users,
  type Offer,
  type OfferEvent,
  type OfferRound,
  type Transaction,
  type User,
} from "~/db/schema";
import { OPEN_OFFER_STATUSES, type OfferActorRole } from "~/domain/enums";
import { estimate, type AgencyCosts, type SellerInputs } from "~/lib/estimate";
import type { SellerFigures } from "~/lib/estimate-schema";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { defaultExpiry, recordedStatus } from "~/lib/offer-rules";
import { newOfferSchema, type Terms } from "~/lib/offer-schema";
import { addDaysTo, todayIn, type PlainDate } from "~/lib/plain-date";
import type { Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import { assertBuyerAgreement, nudgeCountersigner } from "~/models/buyer-agreement.server";
import { apiDecimal, apiWholeDollars } from "~/lib/money";
import { noticeClientOffer, noticeStaffOffer } from "~/models/offer-mail.server";
import { figuresFor } from "~/models/seller-figures.server";
import { agencyCosts } from "~/models/settings.server";
import { getTransaction, isStaffOn } from "~/models/permissions.server";

const NOT_FOUND = "Offer not found";

export type OfferView = Offer & {
  rounds: OfferRound[];
  latest: OfferRound;
  documents: Array<{ id: number; name: string }>;
  /** A sale's estimated net to the seller, in cents (null on a purchase). */
  net: number | null;
};
export type OfferDetail = OfferView & { events: OfferEvent[] };

/** A round's terms in the shape the schema merges (app/lib/offer-schema.ts). */
export const termsOf = (r: OfferRound): Terms => ({
  priceCents: r.priceCents,
  financing: r.financing,
  downPaymentBasisPoints: r.downPaymentBasisPoints,
  depositCents: r.depositCents,
  closeOfEscrowDays: r.closeOfEscrowDays,
  contingencies: { investigation: r.investigationDays, appraisal: r.appraisalDays, loan: r.loanDays },
  sellerCreditCents: r.sellerCreditCents,
  buyerAgentPayCents: r.buyerAgentPayCents,
  buyerAgentPayMilli: r.buyerAgentPayMilli,
  expiresAt: r.expiresAt,
  note: r.note,
});

/** A round's row from its terms. */
export const roundValues = (t: Terms) => ({
  priceCents: t.priceCents,
  financing: t.financing,
  downPaymentBasisPoints: t.downPaymentBasisPoints,
  depositCents: t.depositCents,
  closeOfEscrowDays: t.closeOfEscrowDays,
  investigationDays: t.contingencies.investigation,
  appraisalDays: t.contingencies.appraisal,
  loanDays: t.contingencies.loan,
  sellerCreditCents: t.sellerCreditCents,
  buyerAgentPayCents: t.buyerAgentPayCents,
  buyerAgentPayMilli: t.buyerAgentPayMilli,
  expiresAt: t.expiresAt,
  note: t.note,
});

// ---- nets -------------------------------------------------------------------------------------------------

/**
 * An offer's estimated net to the seller (cents): the net sheet (app/lib/estimate.ts) of the seller's
 * figures (app/models/seller-figures.server.ts) with the round's price, credit to the buyer, buyer's agent
 * pay, and a closing the round's close of escrow after `start` (its acceptance date, or today for an open
 * offer): the same figure as a saved estimate of those terms.
 */
export function offerNet(
  figures: SellerFigures,
  round: Pick<
    OfferRound,
    "priceCents" | "sellerCreditCents" | "buyerAgentPayCents" | "buyerAgentPayMilli" | "closeOfEscrowDays"
  >,
  start: PlainDate,
  costs: AgencyCosts,
): number {
  const price = round.priceCents;
  const inputs: SellerInputs = {
    ...figures,
    side: "seller",
    price,
    assumedLoan: Math.min(figures.assumedLoan, price),
    sellerCredit: round.sellerCreditCents,
    buyerAgentPay:
      round.buyerAgentPayMilli === null
        ? { cents: round.buyerAgentPayCents }
        : { percentMilli: round.buyerAgentPayMilli },
    closingDate: addDaysTo(start, round.closeOfEscrowDays),
  };
  const result = estimate(inputs, costs);
  return result.side === "seller" ? result.totals.net : 0;
}

// ---- reads ------------------------------------------------------------------------------------------------

/** Offers with their rounds, documents and (on a sale) nets: three queries by index, whatever their number. */
function viewsOf(db: DbOrTx, transaction: Transaction, rows: Offer[], now: Date): OfferView[] {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const rounds = new Map<number, OfferRound[]>();
  for (const r of db
    .select()
    .from(offerRounds)
    .where(inArray(offerRounds.offerId, ids))
    .orderBy(asc(offerRounds.offerId), asc(offerRounds.number))
    .all()) {
    rounds.set(r.offerId, [...(rounds.get(r.offerId) ?? []), r]);
  }
  const attached = new Map<number, Array<{ id: number; name: string }>>();
  for (const d of db
    .select({ offerId: offerDocuments.offerId, id: documents.id, name: documents.name })
    .from(offerDocuments)
    .innerJoin(documents, eq(documents.id, offerDocuments.documentId))
    .where(and(inArray(offerDocuments.offerId, ids), isNull(documents.removedAt)))
    .all()) {
    attached.set(d.offerId, [...(attached.get(d.offerId) ?? []), { id: d.id, name: d.name }]);
  }
  const today = todayIn(now);
  const figures = transaction.type === "selling" ? figuresFor(db, transaction.id, today).figures : null;
  const costs = agencyCosts(db);
  return rows.map((o) => {
    const list = rounds.get(o.id) ?? [];
    const latest = list.at(-1)!;
    return {
      ...o,
      rounds: list,
      latest,
      documents: attached.get(o.id) ?? [],
      net: figures ? offerNet(figures, latest, o.acceptedOn ?? today, costs) : null,
    };
  });
}

/** The offers of a transaction the actor may read, oldest first (staff: all; its client: the shared ones). */
export function listOffers(db: DbOrTx, actor: Actor, transactionId: number, now = new Date()): OfferView[] {
  const transaction = getTransaction(db, actor, transactionId);
  const rows = db
    .select()
    .from(offers)
    .where(
      isStaffOn(db, actor, transaction)
        ? eq(offers.transactionId, transactionId)
        : and(eq(offers.transactionId, transactionId), eq(offers.shared, true)),
    )
    .orderBy(asc(offers.createdAt), asc(offers.id))
    .all();
  return viewsOf(db, transaction, rows, now);
}

/** One offer the actor may read, with its history; else "not found". */
export function getOffer(db: DbOrTx, actor: Actor, id: number, now = new Date()): OfferDetail {
  const { offer, transaction } = readableOffer(db, actor, id);
  const [view] = viewsOf(db, transaction, [offer], now);
  const events = db.select().from(offerEvents).where(eq(offerEvents.offerId, id)).orderBy(asc(offerEvents.id)).all();
  return { ...view!, events };
}

/** An offer and its transaction, when the actor may read it (staff, or its client when it is shared). */
export function readableOffer(db: DbOrTx, actor: Actor, id: number): { offer: Offer; transaction: Transaction } {
  const offer = db.select().from(offers).where(eq(offers.id, id)).get();
  if (!offer) throw new NotFoundError(NOT_FOUND);
  let transaction: Transaction;
  try {
    transaction = getTransaction(db, actor, offer.transactionId);
  } catch {
    throw new NotFoundError(NOT_FOUND);
  }
  if (!isStaffOn(db, actor, transaction) && !offer.shared) throw new NotFoundError(NOT_FOUND);
  return { offer, transaction };
}

/** Who did something, as an offer's history keeps it: their name and role at that time. */
export function actorOf(
  db: DbOrTx,
  actor: Actor,
  transaction: Pick<Transaction, "id" | "assignedAgentId">,
): { actorId: string; actorName: string; actorRole: OfferActorRole } {
  const user = db.select().from(users).where(eq(users.id, actor.id)).get() as User | undefined;
  return {
    actorId: actor.id,
    actorName: user ? fullName(user) || user.email : "Someone",
    actorRole: isStaffOn(db, actor, transaction) ? "staff" : "client",
  };
}

/** The transaction's documents among `ids`, or a 400 naming the field. */
function attachable(db: DbOrTx, transactionId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const found = db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.transactionId, transactionId),
        inArray(documents.id, ids),
        isNull(documents.removedAt),
        eq(documents.adminOnly, false),
      ),
    )
    .all();
  if (found.length !== new Set(ids).size) {
    throw new InvalidInputError("Attach documents of this transaction", {
      documentIds: ["Attach documents of this transaction"],
    });
  }
  return found.map((d) => d.id);
}

/** Attaches documents of the transaction to an offer (those already attached are kept). */
export function attachDocuments(db: DbOrTx, offerId: number, transactionId: number, ids: number[]) {
  for (const documentId of attachable(db, transactionId, ids)) {
    db.insert(offerDocuments).values({ offerId, documentId }).onConflictDoNothing().run();
  }
}

/**
 * A new offer. Staff record one: received (a sale; the buyer's name required) or submitted (a purchase,
 * on one of the client's saved homes). A buying client requests one on a saved home: `requested` for
 * their agent, shared with them. One open offer a home (409).
 */
export function createOffer(db: Db, actor: Actor, transactionId: number, raw: unknown, now = new Date()): OfferDetail {
  const parsed = newOfferSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = nestedFieldErrors(parsed.error);
    throw new InvalidInputError(Object.values(errors)[0]?.[0] ?? "Check the offer's fields", errors);
  }
  const input = parsed.data;
  const asked = getTransaction(db, actor, transactionId);
  // A client refused for want of the countersignature: the countersigner is reminded (its own write).
  if (asked.userId === actor.id) nudgeCountersigner(db, asked, "an offer", now);
  return db.transaction((tx) => {
    const transaction = getTransaction(tx, actor, transactionId);
    const staff = isStaffOn(tx, actor, transaction);
    // An offer made without a time to answer gets the C.A.R. default; a client's request is not made yet.
    const terms = { ...input.terms, expiresAt: input.terms.expiresAt ?? (staff ? defaultExpiry(now) : null) };
    const buying = transaction.type === "buying";
    if (!staff && !buying) throw new ForbiddenError("Your agent records the offers you receive.");
    // A buyer's offer comes after their written representation agreement (Civil Code §1670.50): 409 with its link.
    if (buying) assertBuyerAgreement(tx, transaction, now);
    if (!buying && !input.buyerName) {
      throw new InvalidInputError("Name the buyer", { buyerName: ["Name the buyer"] });
    }
    let listingAddress: string | null = null;
    if (buying) {
      const listing = input.listingId
        ? tx
            .select()
            .from(savedHomes)
            .where(and(eq(savedHomes.id, input.listingId), eq(savedHomes.userId, transaction.userId)))
            .get()
        : undefined;
      if (!listing)
        throw new InvalidInputError("Choose one of the saved homes", { listingId: ["Choose one of the saved homes"] });
      listingAddress = listing.address;
      const open = tx
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.listingId, listing.id), inArray(offers.status, OPEN_OFFER_STATUSES)))
        .get();
      if (open) throw new ConflictError(`There is already an open offer on ${listing.address}.`);
    }
    const offer = tx
      .insert(offers)
      .values({
        transactionId,
        status: staff ? recordedStatus(transaction.type) : "requested",
        shared: staff ? Boolean(input.shared) : true,
        buyerName: buying ? null : (input.buyerName ?? null),
        buyerAgent: buying ? null : (input.buyerAgent ?? null),
        agentEmail: input.agentEmail ?? null,
        listingId: buying ? input.listingId : null,
        listingAddress,
        expiresAt: terms.expiresAt,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    const round = tx
      .insert(offerRounds)
      .values({
        offerId: offer.id,
        number: 1,
        by: "buyer",
        ...roundValues(terms),
        createdBy: actor.id,
        createdAt: now,
      })
      .returning()
      .get();
    attachDocuments(tx, offer.id, transactionId, input.documentIds);
    tx.insert(offerEvents)
      .values({
        offerId: offer.id,
        type: "create",
        roundId: round.id,
        ...actorOf(tx, actor, transaction),
        note: input.terms.note,
        at: now,
      })
      .run();
    recordAudit(tx, actor, {
      action: "offer.create",
      subject: { type: "offer", id: offer.id },
      transactionId,
      changes: { status: offer.status, priceCents: round.priceCents },
      at: now,
    });
    if (staff) noticeClientOffer(tx, transaction, offer, round, "shared", now);
    else noticeStaffOffer(tx, transaction, offer, round, "requested", now);
    return getOffer(tx, actor, offer.id, now);
  });
}

/** A zod error's messages by field, nested fields by their dotted path ("contingencies.loan"). */
export function nestedFieldErrors(error: { issues: Array<{ path: Array<string | number>; message: string }> }) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

// ---- JSON -------------------------------------------------------------------------------------------------

const roundJson = (r: OfferRound) => ({
  id: r.id,
  number: r.number,
  by: r.by,
  multiple: r.multiple,
  price: apiWholeDollars(r.priceCents),
  financing: r.financing,
  downPaymentPercent: r.downPaymentBasisPoints / 100,
  deposit: apiWholeDollars(r.depositCents),
  closeOfEscrowDays: r.closeOfEscrowDays,
  contingencies: { investigation: r.investigationDays, appraisal: r.appraisalDays, loan: r.loanDays },
  sellerCredit: apiWholeDollars(r.sellerCreditCents),
  buyerAgentPay: apiWholeDollars(r.buyerAgentPayCents),
  buyerAgentPayPercent: r.buyerAgentPayMilli === null ? null : r.buyerAgentPayMilli / 1000,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  note: r.note,
  createdAt: r.createdAt.toISOString(),
});

/** An offer as the API answers it: whole dollars as strings of digits, the net as dollars and cents. */
export function toOfferJson(o: OfferView & { events?: OfferEvent[] }) {
  return {
    id: o.id,
    transactionId: o.transactionId,
    status: o.status,
    shared: o.shared,
    buyerName: o.buyerName,
    buyerAgent: o.buyerAgent,
    agentEmail: o.agentEmail,
    listingId: o.listingId,
    listingAddress: o.listingAddress,
    rounds: o.rounds.map(roundJson),
    ...(o.events
      ? {
          events: o.events.map((e) => ({
            type: e.type,
            roundId: e.roundId,
            by: { name: e.actorName, role: e.actorRole },
            at: e.at.toISOString(),
            note: e.note,
          })),
        }
      : {}),
    documents: o.documents.map((d) => ({ id: d.id, name: d.name, url: `/documents/${d.id}` })),
    net: o.net === null ? null : apiDecimal(o.net),
    acceptedOn: o.acceptedOn,
    backupPosition: o.backupPosition,
    wish: o.wish ? { wish: o.wish, note: o.wishNote, at: o.wishAt?.toISOString() ?? null } : null,
    expiresAt: o.expiresAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}
