/**
 * Showings of a sale and tours of a purchase: a listing's showing rules, showings, tours and their stops.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ShowingRules } from "~/domain/enums";
import { PRICE_OPINIONS, SHOWING_SOURCES, SHOWING_STATUSES, TOUR_STOP_STATUSES } from "~/domain/enums";
import { createdAt, serialId, updatedAt } from "~/db/schema/columns";
import { savedHomes } from "~/db/schema/offers";
import { transactionRef, transactions } from "~/db/schema/transactions";

/**
 * A listing's showing page and rules (app/models/showing.server.ts): the page's unguessable token
 * (/showings/{token}, reset by staff), the seller's rules (app/lib/showing-slots.ts) and the access
 * instructions, which only the agent of an approved showing is sent.
 */
export const showingSettings = sqliteTable(
  "showing_settings",
  {
    transactionId: integer("transaction_id")
      .primaryKey()
      .references(() => transactions.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    rules: text("rules", { mode: "json" }).$type<ShowingRules>().notNull(),
    accessInstructions: text("access_instructions").notNull().default(""),
    /** When the seller's next weekly summary is due (app/models/showing-feedback.server.ts). */
    summaryDueAt: integer("summary_due_at", { mode: "timestamp_ms" }),
    updatedAt: updatedAt(),
  },
  (t) => [index("showing_settings_summary_due_idx").on(t.summaryDueAt)],
);

/** A showing of a listing: asked for on its page or booked by phone, with its buyer's agent and their feedback. */
export const showings = sqliteTable(
  "showings",
  {
    id: serialId(),
    transactionId: transactionRef(),
    status: text("status", { enum: SHOWING_STATUSES }).notNull(),
    source: text("source", { enum: SHOWING_SOURCES }).notNull(),
    /** The time it is for: the approved or proposed one, else the first slot asked for. */
    start: integer("start", { mode: "timestamp_ms" }).notNull(),
    end: integer("end", { mode: "timestamp_ms" }).notNull(),
    /** The slots asked for (ISO instants), in the agent's order. */
    slots: text("slots", { mode: "json" }).$type<string[]>().notNull(),
    agentName: text("agent_name").notNull(),
    brokerage: text("brokerage").notNull(),
    licenseNumber: text("license_number").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    people: integer("people").notNull(),
    note: text("note"),
    interest: integer("interest"),
    priceOpinion: text("price_opinion", { enum: PRICE_OPINIONS }),
    comments: text("comments"),
    feedbackAt: integer("feedback_at", { mode: "timestamp_ms" }),
    /** The buyer's agent's own links (accept a proposed time, give feedback): no account, this key only. */
    agentToken: text("agent_token").notNull().unique(),
    /** Raised each time the invitation changes (iCalendar SEQUENCE): approved, moved, cancelled. */
    sequence: integer("sequence").notNull().default(0),
    /** When the feedback request (then its one reminder) is due; null once asked twice, answered or cancelled. */
    feedbackDueAt: integer("feedback_due_at", { mode: "timestamp_ms" }),
    /** Feedback requests sent: 0, 1 (asked), 2 (reminded). */
    feedbackAsks: integer("feedback_asks").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("showings_transaction_start_idx").on(t.transactionId, t.start),
    // With the interest: a listing's totals (count, average interest) read the index alone.
    index("showings_transaction_status_idx").on(t.transactionId, t.status, t.start, t.interest),
    index("showings_feedback_due_idx").on(t.feedbackDueAt),
    index("showings_start_idx").on(t.start),
  ],
);
export type Showing = typeof showings.$inferSelect;

/**
 * A buying client's tour of saved homes (app/models/tour.server.ts): up to three preferred times;
 * each home is a stop their agent confirms at its own time.
 */
export const tours = sqliteTable(
  "tours",
  {
    id: serialId(),
    transactionId: transactionRef(),
    /** The preferred times (ISO instants), in the client's order. */
    slots: text("slots", { mode: "json" }).$type<string[]>().notNull(),
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("tours_transaction_idx").on(t.transactionId, t.createdAt)],
);
export type Tour = typeof tours.$inferSelect;

/** One home of a tour, in the client's order: asked for, confirmed at a time, or cancelled; rated after. */
export const tourStops = sqliteTable(
  "tour_stops",
  {
    id: serialId(),
    tourId: integer("tour_id")
      .notNull()
      .references(() => tours.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => savedHomes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    status: text("status", { enum: TOUR_STOP_STATUSES }).notNull(),
    start: integer("start", { mode: "timestamp_ms" }),
    end: integer("end", { mode: "timestamp_ms" }),
    sequence: integer("sequence").notNull().default(0),
    /** The client's own view after the tour (1–5) and their note for the agent, private to them and staff. */
    rating: integer("rating"),
    note: text("note"),
    ratedAt: integer("rated_at", { mode: "timestamp_ms" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tour_stops_tour_listing_idx").on(t.tourId, t.listingId),
    index("tour_stops_listing_idx").on(t.listingId, t.ratedAt),
    index("tour_stops_start_idx").on(t.start),
  ],
);
export type TourStop = typeof tourStops.$inferSelect;
