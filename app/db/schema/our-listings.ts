/**
 * Our listings and open houses: the public page of a sale, its prices, photos, open houses and their visitors, the
 * fair-housing review, and views.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { REVIEW_DECISIONS } from "~/domain/enums";
import { createdAt, serialId, updatedAt } from "~/db/schema/columns";
import { images } from "~/db/schema/images";
import { contactSubmissions } from "~/db/schema/leads";
import { userRef } from "~/db/schema/people";
import { transactionRef, transactions } from "~/db/schema/transactions";

// ---------------------------------------------------------------------------------------------------------------
// Our listings and open houses (docs/listings.md)

export const HOME_LISTING_STATES = ["hidden", "live", "sold"] as const;

/**
 * A selling transaction's public page, /homes/{slug}: its facts and description (staff), the seller's yes and the
 * MLS date (Clear Cooperation: both before it is shown). `state` is kept by app/models/home-listing.server.ts and a
 * trigger on the transaction's status: `live` (yes, MLS date, active), `sold` (completed: the page says so),
 * `hidden` (anything else: 404).
 */
export const homeListings = sqliteTable(
  "home_listings",
  {
    transactionId: integer("transaction_id")
      .primaryKey()
      .references(() => transactions.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    sellerYesAt: integer("seller_yes_at", { mode: "timestamp_ms" }),
    sellerYesBy: userRef("seller_yes_by"),
    mlsEnteredOn: text("mls_entered_on"),
    priceCents: integer("price_cents"),
    beds: integer("beds"),
    /** An exact decimal such as "2.5". */
    baths: text("baths"),
    squareFeet: integer("square_feet"),
    lotSquareFeet: integer("lot_square_feet"),
    description: text("description"),
    /** schema.org's type of the home (app/lib/home-listing-schema.ts `PROPERTY_TYPES`). */
    propertyType: text("property_type").notNull().default("SingleFamilyResidence"),
    /** Housing for older persons (HOPA, 55 or 62 and over), as the broker marks it: age words are lawful in it. */
    olderPersons: integer("older_persons", { mode: "boolean" }).notNull().default(false),
    zip: text("zip"),
    state: text("state", { enum: HOME_LISTING_STATES }).notNull().default("hidden"),
    /** When it first went live (the list's order). */
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    soldOn: text("sold_on"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("home_listings_state_idx").on(t.state, t.publishedAt),
    index("home_listings_zip_idx").on(t.state, t.zip, t.publishedAt),
  ],
);
export type HomeListing = typeof homeListings.$inferSelect;

/** A listing's price changes, with the day each took effect (the page shows them). */
export const listingPrices = sqliteTable(
  "listing_prices",
  {
    id: serialId(),
    transactionId: transactionRef(),
    priceCents: integer("price_cents").notNull(),
    on: text("on").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("listing_prices_transaction_idx").on(t.transactionId, t.id)],
);

/** A listing's photos (an image: three WebP widths, without EXIF), in order, with alt text. */
export const listingPhotos = sqliteTable(
  "listing_photos",
  {
    id: serialId(),
    transactionId: transactionRef(),
    imageId: text("image_id")
      .notNull()
      .references(() => images.id),
    position: integer("position").notNull(),
    alt: text("alt").notNull().default(""),
    uploadedBy: userRef("uploaded_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("listing_photos_transaction_idx").on(t.transactionId, t.position),
    index("listing_photos_image_idx").on(t.imageId),
  ],
);
export type ListingPhoto = typeof listingPhotos.$inferSelect;

/** An open house: a time on a day (San Diego), its host, the door's sign-in token. */
export const openHouses = sqliteTable(
  "open_houses",
  {
    id: serialId(),
    transactionId: transactionRef(),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
    hostId: userRef("host_id"),
    /** The sign-in's token: opens that form alone, from an hour before to an hour after. */
    token: text("token").notNull().unique(),
    createdBy: userRef("created_by"),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("open_houses_starts_idx").on(t.startsAt),
    index("open_houses_transaction_idx").on(t.transactionId, t.startsAt),
  ],
);
export type OpenHouse = typeof openHouses.$inferSelect;

/** A visitor signed in at an open house's door; their lead (without an agent) is a contact submission. */
export const openHouseVisitors = sqliteTable(
  "open_house_visitors",
  {
    id: serialId(),
    openHouseId: integer("open_house_id")
      .notNull()
      .references(() => openHouses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    hasAgent: integer("has_agent", { mode: "boolean" }).notNull(),
    agentName: text("agent_name"),
    wantsSimilar: integer("wants_similar", { mode: "boolean" }).notNull().default(false),
    submissionId: integer("submission_id").references(() => contactSubmissions.id, { onDelete: "set null" }),
    /**
     * The same person signed in before at an open house of this home (the same e-mail, else phone, else name):
     * a sign-in, not another visitor (the seller's "5 sign-ins, 4 visitors"), decided when they sign in.
     */
    repeatVisit: integer("repeat_visit", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("open_house_visitors_open_house_idx").on(t.openHouseId, t.id)],
);

/**
 * An exception to the fair-housing check that waits for the broker (10 CCR 2725: advertising is under the broker's
 * review; HUD holds the publisher liable): a listing's description or an agent's bio with a flagged phrase, saved
 * with a reason by someone who is not the broker nor named by them. The text waits here; the earlier one stays
 * public until the broker approves (then it is saved) or returns it with a comment.
 */
export const fairHousingReviews = sqliteTable(
  "fair_housing_reviews",
  {
    id: serialId(),
    /** What it would change: a listing's description (`subject_id`: the transaction) or an agent's bio (the user). */
    subjectType: text("subject_type", { enum: ["listing", "bio"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    text: text("text").notNull(),
    reason: text("reason").notNull(),
    phrases: text("phrases", { mode: "json" }).$type<string[]>().notNull(),
    requestedBy: userRef("requested_by"),
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
    decision: text("decision", { enum: REVIEW_DECISIONS }),
    comment: text("comment"),
    decidedBy: userRef("decided_by"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("fair_housing_reviews_waiting_idx")
      .on(t.requestedAt, t.id)
      .where(sql`decided_at IS NULL`),
    index("fair_housing_reviews_subject_idx").on(t.subjectType, t.subjectId, t.id),
  ],
);
export type FairHousingReview = typeof fairHousingReviews.$inferSelect;

/** One view of a listing's page per visitor (a keyed hash of their address) and day; counted per day below. */
export const listingViews = sqliteTable(
  "listing_views",
  {
    transactionId: transactionRef(),
    day: text("day").notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.day, t.visitor] })],
);

/** A listing's views per day, kept by a trigger on `listing_views`. */
export const listingViewDays = sqliteTable(
  "listing_view_days",
  {
    transactionId: transactionRef(),
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.day] })],
);
