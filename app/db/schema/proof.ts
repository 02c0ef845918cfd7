/**
 * Proof on the public site: sold homes shown with the seller's yes, review requests and reviews.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { COMPENSATION_BASES, REVIEW_HIDE_REASONS, SOLD_DETAILS, TRANSACTION_TYPES } from "~/domain/enums";
import { createdAt, serialId, updatedAt } from "~/db/schema/columns";
import { ownerRef, userRef } from "~/db/schema/people";
import { transactionRef, transactions } from "~/db/schema/transactions";

/**
 * A completed transaction's sale as the public may see it: made when it is completed with its price,
 * its client asked once whether and how it may be shown (`show`, `detail`, `photo`). The figures are copied
 * from the transaction at completion (`saved_cents`: 3 % of the price less the fee paid, app/lib/pricing.ts), so
 * the lists read this table alone. Counts and the total saved per list: `public_counts`, kept by triggers
 * (migration 0025), which also raise the page scopes of the pages that show it.
 */
export const soldHomes = sqliteTable(
  "sold_homes",
  {
    transactionId: integer("transaction_id")
      .primaryKey()
      .references(() => transactions.id, { onDelete: "cascade" }),
    userId: ownerRef("user_id"),
    agentId: userRef("agent_id"),
    side: text("side", { enum: TRANSACTION_TYPES }).notNull(),
    address: text("address").notNull(),
    zip: text("zip"),
    neighbourhood: text("neighbourhood").notNull(),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }).notNull(),
    priceCents: integer("price_cents").notNull(),
    /** A sale's fee paid and its saving (a purchase: 0 and 0, neither is shown: it paid no listing fee). */
    feeCents: integer("fee_cents").notNull(),
    savedCents: integer("saved_cents").notNull(),
    /** Where the fee came from (app/models/compensation.server.ts); `estimated`: the tier table, no agreement signed. */
    feeBasis: text("fee_basis", { enum: COMPENSATION_BASES }),
    askedAt: integer("asked_at", { mode: "timestamp_ms" }).notNull(),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    /**
     * Shown on the site: the client said yes (`consented`) and the transaction is completed. Reopened, it is hidden
     * and the answer kept; completed again, shown again without asking (never without the yes).
     */
    shown: integer("shown", { mode: "boolean" }).notNull().default(false),
    consented: integer("consented", { mode: "boolean" }).notNull().default(false),
    detail: text("detail", { enum: SOLD_DETAILS }).notNull().default("neighbourhood"),
    photo: integer("photo", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("sold_homes_shown_idx")
      .on(t.closedAt)
      .where(sql`shown = 1`),
    index("sold_homes_zip_idx")
      .on(t.zip, t.closedAt)
      .where(sql`shown = 1`),
    index("sold_homes_area_idx")
      .on(t.neighbourhood, t.closedAt)
      .where(sql`shown = 1`),
    index("sold_homes_agent_idx")
      .on(t.agentId, t.closedAt)
      .where(sql`shown = 1`),
    index("sold_homes_user_idx").on(t.userId),
  ],
);
export type SoldHome = typeof soldHomes.$inferSelect;

/**
 * A request for a review: one per person (the client, each co-signer of its agreements) per completed
 * transaction, its single-use link's token kept as its SHA-256, valid 60 days; one reminder after 7 days.
 */
export const reviewRequests = sqliteTable(
  "review_requests",
  {
    id: serialId(),
    transactionId: transactionRef(),
    /** The client's account; null for a co-signer without one. */
    userId: userRef("user_id"),
    email: text("email").notNull(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** When the reminder is due; null once sent (or the review given). */
    remindAt: integer("remind_at", { mode: "timestamp_ms" }),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("review_requests_person_idx").on(t.transactionId, t.email),
    index("review_requests_remind_idx")
      .on(t.remindAt)
      .where(sql`remind_at IS NOT NULL`),
    index("review_requests_user_idx").on(t.userId),
  ],
);
export type ReviewRequest = typeof reviewRequests.$inferSelect;

/**
 * A client's review (16 CFR Part 465): its words are the client's alone (only their link or their
 * account changes them); staff may hide one for a reason of the published policy (`hidden_*`) and reply once.
 * The average and the count: `public_counts` (`reviews`, `reviews:agent:<id>`), kept by triggers (migration 0025).
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: serialId(),
    requestId: integer("request_id")
      .notNull()
      .unique()
      .references(() => reviewRequests.id, { onDelete: "cascade" }),
    transactionId: transactionRef(),
    userId: userRef("user_id"),
    agentId: userRef("agent_id"),
    rating: integer("rating").notNull(),
    text: text("text").notNull(),
    displayName: text("display_name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    hiddenReason: text("hidden_reason", { enum: REVIEW_HIDE_REASONS }),
    hiddenBy: userRef("hidden_by"),
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    reply: text("reply"),
    repliedBy: userRef("replied_by"),
    repliedAt: integer("replied_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("reviews_published_idx")
      .on(t.createdAt, t.id)
      .where(sql`hidden_at IS NULL`),
    index("reviews_agent_idx")
      .on(t.agentId, t.createdAt, t.id)
      .where(sql`hidden_at IS NULL`),
    index("reviews_created_idx").on(t.createdAt, t.id),
    index("reviews_user_idx").on(t.userId),
  ],
);
export type Review = typeof reviews.$inferSelect;
