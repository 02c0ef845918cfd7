/**
 * Offers and the client's saved homes: each offer, its rounds, its history and its documents.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  FINANCING_TYPES,
  OFFER_ACTOR_ROLES,
  OFFER_EVENT_TYPES,
  OFFER_STATUSES,
  OFFER_WISHES,
  PARTIES,
} from "~/domain/enums";
import { createdAt, serialId, updatedAt } from "~/db/schema/columns";
import { ownerRef, userRef } from "~/db/schema/people";
import { documents, transactionRef } from "~/db/schema/transactions";

/** A home a buying client saved to their portal (the spec's "listings", /api/listings): theirs alone. */
export const savedHomes = sqliteTable(
  "saved_homes",
  {
    id: serialId(),
    userId: ownerRef("user_id"),
    zillowId: text("zillow_id"),
    address: text("address").notNull(),
    /** In cents (whole dollars, as the spec has it). */
    priceCents: integer("price_cents").notNull(),
    bedrooms: integer("bedrooms"),
    /** An exact decimal such as "2.5", kept as text like the API carries it. */
    bathrooms: text("bathrooms"),
    squareFootage: integer("square_footage"),
    imageUrl: text("image_url"),
    status: text("status").notNull().default("active"),
    isFavorite: integer("is_favorite", { mode: "boolean" }).notNull().default(false),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [index("saved_homes_user_id_idx").on(t.userId, t.createdAt)],
);

export type SavedHome = typeof savedHomes.$inferSelect;
/**
 * An offer of a transaction (app/lib/offer-rules.ts): one the client received (a sale) or makes on one of
 * their saved listings (a purchase). Its terms are its rounds'; `expires_at` is its latest round's, kept
 * by the model, so the background tick finds the offers whose time ran out by one index. At most one
 * accepted offer a transaction and one open offer a listing (unique partial indexes, migration 0012).
 */
export const offers = sqliteTable(
  "offers",
  {
    id: serialId(),
    transactionId: transactionRef(),
    status: text("status", { enum: OFFER_STATUSES }).notNull(),
    /** Whether the client sees it: a recorded offer is not shared until staff share it. */
    shared: integer("shared", { mode: "boolean" }).notNull().default(false),
    buyerName: text("buyer_name"),
    buyerAgent: text("buyer_agent"),
    /**
     * The other side's agent's e-mail, if known: the buyer's agent on a sale, the listing agent on a
     * purchase (told of a rejection or a withdrawal, app/models/offer-mail.server.ts).
     */
    agentEmail: text("agent_email"),
    listingId: integer("listing_id").references(() => savedHomes.id, { onDelete: "set null" }),
    /** The listing's address when the offer was made (it stays if the home is removed from the list). */
    listingAddress: text("listing_address"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    /** The contract's acceptance date (Day 0) it was accepted with. */
    acceptedOn: text("accepted_on"),
    backupPosition: integer("backup_position"),
    /** The offer whose acceptance rejected this one (it may then go to backup). */
    rejectedByOfferId: integer("rejected_by_offer_id"),
    wish: text("wish", { enum: OFFER_WISHES }),
    wishNote: text("wish_note"),
    wishAt: integer("wish_at", { mode: "timestamp_ms" }),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("offers_transaction_idx").on(t.transactionId, t.createdAt),
    uniqueIndex("offers_one_accepted_idx")
      .on(t.transactionId)
      .where(sql`status = 'accepted'`),
    uniqueIndex("offers_open_listing_idx")
      .on(t.listingId)
      .where(
        sql`listing_id IS NOT NULL AND status IN ('requested', 'submitted', 'received', 'countered', 'awaiting_final_signature')`,
      ),
    index("offers_expiry_idx")
      .on(t.expiresAt)
      .where(sql`status IN ('submitted', 'received', 'countered', 'awaiting_final_signature')`),
  ],
);
export type Offer = typeof offers.$inferSelect;

/**
 * A round of an offer: the offer itself (number 1) or a counter, with all its terms (a counter's are the
 * round before it with what changed). Money in cents; days after acceptance; a contingency of 0
 * days is waived. A seller's counter may be a multiple counter (binds only after a final signature).
 */
export const offerRounds = sqliteTable(
  "offer_rounds",
  {
    id: serialId(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    by: text("by", { enum: PARTIES }).notNull(),
    multiple: integer("multiple", { mode: "boolean" }).notNull().default(false),
    priceCents: integer("price_cents").notNull(),
    financing: text("financing", { enum: FINANCING_TYPES }).notNull(),
    /** Hundredths of a percent (20 % = 2000). */
    downPaymentBasisPoints: integer("down_payment_bp").notNull(),
    depositCents: integer("deposit_cents").notNull(),
    closeOfEscrowDays: integer("close_of_escrow_days").notNull(),
    investigationDays: integer("investigation_days").notNull(),
    appraisalDays: integer("appraisal_days").notNull(),
    loanDays: integer("loan_days").notNull(),
    sellerCreditCents: integer("seller_credit_cents").notNull(),
    /** The buyer's agent pay asked of the seller, in cents (of the round's price when given as a share). */
    buyerAgentPayCents: integer("buyer_agent_pay_cents").notNull(),
    /** The pay as a share of the price, thousandths of a percent (2.5 % = 2500); null: given in dollars. */
    buyerAgentPayMilli: integer("buyer_agent_pay_milli"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    note: text("note"),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("offer_rounds_offer_number_idx").on(t.offerId, t.number)],
);
export type OfferRound = typeof offerRounds.$inferSelect;

/**
 * An offer's history: every event, who (their name and role as they were), when and what. Never edited:
 * a trigger refuses an UPDATE (migration 0012); rows go only with their offer.
 */
export const offerEvents = sqliteTable(
  "offer_events",
  {
    id: serialId(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    type: text("type", { enum: OFFER_EVENT_TYPES }).notNull(),
    roundId: integer("round_id"),
    /** No foreign key: a person's deletion must not edit the history (it keeps their name and role). */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role", { enum: OFFER_ACTOR_ROLES }).notNull(),
    note: text("note"),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("offer_events_offer_idx").on(t.offerId, t.id)],
);
export type OfferEvent = typeof offerEvents.$inferSelect;

/** The transaction's documents attached to an offer (the offer's PDF, a pre-approval letter). */
export const offerDocuments = sqliteTable(
  "offer_documents",
  {
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.documentId] }), index("offer_documents_document_idx").on(t.documentId)],
);
