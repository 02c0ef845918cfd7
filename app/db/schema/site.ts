/**
 * The public site and the agency's own records: blog posts, page versions and scopes, rate limits, the counts, the
 * agency's settings, the audit trail and the off-site copies.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { AUDIT_ROLES, ROUTING_MODES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from "~/domain/enums";
import { createdAt, serialId, updatedAt } from "~/db/schema/columns";
import { images } from "~/db/schema/images";
import { userRef, users } from "~/db/schema/people";

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: serialId(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    content: text("content").notNull(),
    excerpt: text("excerpt"),
    imageUrl: text("image_url"),
    /** An uploaded image (images), shown instead of imageUrl. */
    imageId: text("image_id").references(() => images.id, { onDelete: "set null" }),
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    authorId: text("author_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("blog_posts_published_created_at_idx").on(t.published, t.createdAt),
    index("blog_posts_image_idx").on(t.imageId),
  ],
);

export type BlogPost = typeof blogPosts.$inferSelect;
/**
 * Version counters, raised by triggers in the database (migrations 0004 and 0006), so a process that keeps
 * something computed from a table knows at once, whichever connection wrote, that it is stale. One row
 * per counter; the ids are fixed by the migrations (CONTENT_VERSION_ROWS).
 */
export const contentVersions = sqliteTable("content_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull().default(0),
});

/**
 * The rows of `content_version`: `publicPages` is raised by every change to blog_posts (the public page
 * cache, server/page-cache.ts).
 */
export const CONTENT_VERSION_ROWS = { publicPages: 1 } as const;

/**
 * A public page's own version counters, one per scope (`sale:<transactionId>`: a listing's showing page), raised
 * by triggers (migration 0023) so that a change empties from the page cache only the pages that show it
 * (server/page-cache.ts), where `content_version`'s `publicPages` empties every public page.
 */
export const pageScopes = sqliteTable("page_scopes", {
  scope: text("scope").primaryKey(),
  version: integer("version").notNull().default(0),
});

/** rate-limiter-flexible's RateLimiterSQLite table (key, points, expire in ms). */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: integer("expire"),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

/**
 * How many transactions are in each (status, type, current step): kept by triggers on transactions
 * (migration 0005), so the dashboard's cards, its step chart and unfiltered totals read a few rows.
 */
export const transactionCounts = sqliteTable(
  "transaction_counts",
  {
    status: text("status", { enum: TRANSACTION_STATUSES }).notNull(),
    type: text("type", { enum: TRANSACTION_TYPES }).notNull(),
    currentStep: integer("current_step").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [uniqueIndex("transaction_counts_key_idx").on(t.status, t.type, t.currentStep)],
);

/**
 * The agency's settings (one row, id 1, made by migration 0011 with the defaults): the escrow fee an
 * estimate assumes (app/lib/estimate.ts): a base and an amount per $1,000 of the price, in cents; the
 * usual figures of a seller's costs a net sheet may leave blank (null: none until the broker sets one).
 */
export const agencySettings = sqliteTable("agency_settings", {
  id: integer("id").primaryKey(),
  escrowBaseCents: integer("escrow_base_cents").notNull().default(25_000),
  escrowPerThousandCents: integer("escrow_per_thousand_cents").notNull().default(200),
  reconveyancePerLoanCents: integer("reconveyance_per_loan_cents"),
  notaryCourierCents: integer("notary_courier_cents"),
  nhdReportCents: integer("nhd_report_cents"),
  homeWarrantyCents: integer("home_warranty_cents"),
  /**
   * The broker's usual buyer's broker compensation ("2.5% of the purchase price"), set once on /admin/settings:
   * a buyer representation agreement is prepared with it (app/models/agreement-prepare.server.ts).
   */
  buyerBrokerCompensation: text("buyer_broker_compensation"),
  /**
   * The same, structured (app/lib/buyer-compensation.ts: an amount or a percentage, with an optional
   * cap); the free text above is read only when this is empty and it can be worked out ("2.5%", "$12,000").
   */
  buyerCompensation: text("buyer_compensation", { mode: "json" }).$type<{
    type: "amount" | "percent";
    value: number;
    cap?: number;
  }>(),
  /** New leads' routing (app/models/routing.server.ts): round_robin, first_to_claim or off. */
  routing: text("routing", { enum: ROUTING_MODES }).notNull().default("off"),
  /** First to claim: minutes a lead waits for a claim before it goes to the admins (1-30). */
  claimMinutes: integer("claim_minutes").notNull().default(15),
  /** Round robin: the agent the last lead went to (the next one goes to the agent after them). */
  roundRobinLast: text("round_robin_last"),
  updatedBy: userRef("updated_by"),
  updatedAt: updatedAt(),
});
export type AgencySettings = typeof agencySettings.$inferSelect;

/**
 * Who did what (docs/decisions/030-team.md; app/models/audit.server.ts): append-only. A trigger refuses
 * UPDATE and DELETE (migration 0013); no foreign keys, so that a person's or a record's deletion changes
 * nothing here. `changes`: the fields changed, each { before, after }.
 */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: serialId(),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role", { enum: AUDIT_ROLES }).notNull(),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    transactionId: integer("transaction_id"),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    ip: text("ip"),
    changes: text("changes", { mode: "json" }),
  },
  (t) => [
    index("audit_events_transaction_idx").on(t.transactionId, t.id),
    index("audit_events_actor_idx").on(t.actorId, t.id),
    index("audit_events_action_idx").on(t.action, t.id),
    index("audit_events_at_idx").on(t.at),
  ],
);
export type AuditEvent = typeof auditEvents.$inferSelect;

/**
 * Every stored file's copy in the S3-compatible store (app/models/offsite.server.ts): its SHA-256
 * and size as stored here, when it was copied, the object's ETag and version. A file fetched back from the
 * bucket (a new disk, a restored database) is checked against `sha256`.
 */
export const offsiteFiles = sqliteTable("offsite_files", {
  key: text("key").primaryKey(),
  sha256: text("sha256").notNull(),
  size: integer("size").notNull(),
  storedAt: integer("stored_at", { mode: "timestamp_ms" }).notNull(),
  copiedAt: integer("copied_at", { mode: "timestamp_ms" }),
  etag: text("etag"),
  versionId: text("version_id"),
  /** Removed here (a document past its retention): its object is deleted too (the bucket keeps its versions). */
  removedAt: integer("removed_at", { mode: "timestamp_ms" }),
});
export type OffsiteFile = typeof offsiteFiles.$inferSelect;

/**
 * The durable queue of copies to the bucket, like the outbox of e-mails: a row per file to copy (or object to
 * delete), written before the file is, retried with backoff until it is done, surviving a restart or a crash.
 */
export const offsiteQueue = sqliteTable(
  "offsite_queue",
  {
    id: serialId(),
    key: text("key").notNull(),
    action: text("action", { enum: ["put", "delete"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("offsite_queue_due_idx").on(t.nextAttemptAt), index("offsite_queue_created_idx").on(t.createdAt)],
);
export type OffsiteCopy = typeof offsiteQueue.$inferSelect;

/**
 * The state of the copies off the host, one row (id 1): the last snapshot, the last error, the bucket's
 * versioning, and the incident the admins were told of (null when none is open).
 */
export const offsiteStatus = sqliteTable("offsite_status", {
  id: integer("id").primaryKey(),
  lastSnapshotAt: integer("last_snapshot_at", { mode: "timestamp_ms" }),
  lastSnapshotKey: text("last_snapshot_key"),
  lastSnapshotBytes: integer("last_snapshot_bytes"),
  lastError: text("last_error"),
  lastErrorAt: integer("last_error_at", { mode: "timestamp_ms" }),
  versioning: text("versioning"),
  incidentSince: integer("incident_since", { mode: "timestamp_ms" }),
  incidentReason: text("incident_reason"),
  /** Files stored before the copies began have been queued (once). */
  backfilledAt: integer("backfilled_at", { mode: "timestamp_ms" }),
  /**
   * Written while Litestream is behind (app/models/offsite.server.ts `nudgeReplication`): it retries a failed upload
   * only when the database changes, and a quiet site may not change for hours.
   */
  replicationNudgedAt: integer("replication_nudged_at", { mode: "timestamp_ms" }),
});

/**
 * Counts and sums of the public lists (`sold`, `sold:zip:<zip>`, `sold:area:<neighbourhood>`: how many and the
 * total saved; `reviews`, `reviews:agent:<id>`: how many and the sum of the stars), kept by triggers (migration
 * 0025) so no page counts its rows.
 */
export const publicCounts = sqliteTable("public_counts", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  total: integer("total").notNull().default(0),
});
