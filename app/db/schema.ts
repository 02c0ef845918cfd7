/**
 * The database: the product's ten tables (users, sessions, contact submissions, transactions, milestones,
 * listings, blog posts, campaigns, campaign e-mails, lead engagement), the back office's own (the mail
 * queue, unsubscribes, lead events, content versions, rate limits, transaction counts) and the files'
 * rows (documents, blog images: the bytes live in FILES_DIR, app/infra/file-store.server.ts) and the
 * contract's clock (deadlines, their reminders, holiday changes) and the conversation (messages, reply
 * tokens, unread counts). Money is stored
 * as whole cents in INTEGER columns named `…_cents` (exact; never a binary float; app/lib/money.ts) and
 * carried by the API in its documented shapes (strings of dollars). Timestamps are INTEGER milliseconds since the epoch (drizzle `timestamp_ms`).
 *
 * Some columns and tables are kept by triggers, which drizzle-kit does not describe, so they live in the
 * migrations (hand-written SQL) and are listed here:
 * - `transactions.milestones_total` / `milestones_completed`: on insert, delete and status change of
 *   transaction_milestones (drizzle/0004_speed.sql);
 * - `transaction_counts`: one row per (status, type, current step), on insert, delete and change of
 *   transactions (drizzle/0005_counters.sql);
 * - `contact_submissions.lead_score`: from its engagement's score (drizzle/0005_counters.sql);
 * - `lead_hours`: new leads per hour and agent, on insert, delete and change of contact_submissions (0016);
 * - `content_version`: `publicPages` on any change of blog_posts (0004) (its `leads` row, raised by
 *   contact submissions since 0006, lost its reader and its triggers in 0011);
 * - the FTS5 trigram tables `transactions_fts` (address, client id, e-mail, name; kept from transactions
 *   and users) and `contact_submissions_fts` (name, e-mail, phone), which search.server.ts reads (0004).
 * A new migration that touches these tables keeps its triggers in mind; tests/unit/kept-counts.test.ts checks
 * the counts against the rows.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ChecklistCondition, ShowingRules } from "~/domain/enums";
import {
  BROKER_DUTIES,
  CHECKLIST_CONDITIONS,
  COMPENSATION_BASES,
  DRE_LICENSE_KINDS,
  PRICE_OPINIONS,
  SHOWING_SOURCES,
  SHOWING_STATUSES,
  TOUR_STOP_STATUSES,
  AGREEMENT_KINDS,
  AGREEMENT_SOURCES,
  BUYER_ENTITIES,
  LEGAL_TEXT_KINDS,
  CHECKLIST_ITEM_STATES,
  REVIEW_DECISIONS,
  SIGNER_ROLES,
  STORED_AGREEMENT_STATUSES,
  TEMPLATE_KINDS,
  COUNTINGS,
  DEADLINE_KEYS,
  DEADLINE_STATUSES,
  EMAIL_KINDS,
  EMAIL_STATUSES,
  ENGAGEMENT_STATUSES,
  FINANCING_TYPES,
  OFFER_ACTOR_ROLES,
  OFFER_EVENT_TYPES,
  PARTIES,
  OFFER_STATUSES,
  OFFER_WISHES,
  ROUTING_MODES,
  AUDIT_ROLES,
  HOLIDAY_CHANGE_KINDS,
  MESSAGE_VIAS,
  MILESTONE_STATUSES,
  PARTICIPANT_ROLES,
  REMINDER_KINDS,
  REVIEW_HIDE_REASONS,
  SOLD_DETAILS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  UPLOADER_ROLES,
} from "~/domain/enums";

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(now);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(now)
    .$onUpdateFn(() => new Date());

export const users = sqliteTable(
  "users",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    email: text("email").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    /**
     * Staff (docs/decisions/030-team.md): an agent sees only what is theirs (app/models/actor.server.ts);
     * an admin (`is_admin`) everything. A deactivated staff member is a client again at sign-in
     * (app/infra/session-user.server.ts); what they owned stays assigned to them until reassigned.
     */
    isAgent: integer("is_agent", { mode: "boolean" }).notNull().default(false),
    phone: text("phone"),
    /** The DRE license number, 8 digits: required for an agent who takes leads. */
    licenseNumber: text("license_number"),
    /** Whether new leads are routed to this agent (paused when false). */
    takesLeads: integer("takes_leads", { mode: "boolean" }).notNull().default(true),
    deactivatedAt: integer("deactivated_at", { mode: "timestamp_ms" }),
    /** The team's order (round robin's turn), set when a person joins the team. */
    teamPosition: integer("team_position"),
    /** E-mail notices when an admin changes a milestone of the user's transaction (on by default). */
    milestoneNotices: integer("milestone_notices", { mode: "boolean" }).notNull().default(true),
    /** The private calendar feed's token (/calendar/{token}.ics), made on first use; reset makes a new one. */
    calendarToken: text("calendar_token").unique(),
    /** When the client acknowledged the agency disclosure (before their first agreement: docs/agreements.md). */
    agencyDisclosureAt: integer("agency_disclosure_at", { mode: "timestamp_ms" }),
    /**
     * The roster (issue 46, docs/roster.md; 10 CCR 2752): the license's expiry (a plain San Diego date: licenses run
     * four years), the days a licensee joined and left, the days the broker marked the DRE's hire and departure
     * notices sent, and what the broker was last reminded of (`license_reminded`: "<expiry>:<days>"; `dre_reminded_on`:
     * the day of the last notice reminder).
     */
    licenseExpiresOn: text("license_expires_on"),
    joinedOn: text("joined_on"),
    leftOn: text("left_on"),
    dreHireNoticeOn: text("dre_hire_notice_on"),
    dreLeaveNoticeOn: text("dre_leave_notice_on"),
    licenseReminded: text("license_reminded"),
    dreRemindedOn: text("dre_reminded_on"),
    /** The day the broker was last reminded that this agent has no signed broker–agent agreement (weekly). */
    agreementRemindedOn: text("agreement_reminded_on"),
    /**
     * The agent's commission plan (issue 46, docs/payouts.md): their share of the commission after any referral, in
     * basis points (7000 = 70 %); the cap on the brokerage's share per plan year (from `plan_anniversary_on`, a
     * plain date whose month and day start each year); the fee the brokerage keeps per transaction. Null: no plan.
     */
    planAgentBp: integer("plan_agent_bp"),
    planCapCents: integer("plan_cap_cents"),
    planFeeCents: integer("plan_fee_cents"),
    planAnniversaryOn: text("plan_anniversary_on"),
    /** The DRE license's kind (a broker's or a salesperson's): who may assist the broker (10 CCR 2725). */
    licenseKind: text("license_kind", { enum: DRE_LICENSE_KINDS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The team (a handful among many clients), in its order: the team page, round robin, the agent pickers.
  (t) => [
    index("users_team_idx")
      .on(t.teamPosition, t.email)
      .where(sql`is_admin = 1 OR is_agent = 1`),
  ],
);

/**
 * Staff rows (`users_team_idx`'s own condition, written the same way so SQLite uses that index); agents
 * are found through it too (`is_agent = 1` implies it).
 */
export const staffRow = sql`(${sql.raw("is_admin")} = 1 OR ${sql.raw("is_agent")} = 1)`;
export const agentRow = sql`${sql.raw("is_agent")} = 1`;

export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: text("sess", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    expire: integer("expire", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("IDX_session_expire").on(t.expire)],
);

export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message"),
    /** The lead's engagement (its own, or the one its address already had): the lead's status and score. */
    engagementId: integer("engagement_id"),
    /** Its engagement's score (0 without one), kept by triggers (migration 0005) for the leads list's sort. */
    leadScore: integer("lead_score").notNull().default(0),
    /** Its engagement's status (null without one: a "new" lead), kept by triggers (0007) for the list's filter. */
    engagementStatus: text("engagement_status", { enum: ENGAGEMENT_STATUSES }),
    /** The agent the lead is assigned to (app/models/routing.server.ts); null: admins only. */
    assignedAgentId: text("assigned_agent_id").references(() => users.id, { onDelete: "set null" }),
    assignedAt: integer("assigned_at", { mode: "timestamp_ms" }),
    /** First to claim: the time the claim is open until (then the admins have it); null when not open. */
    claimUntil: integer("claim_until", { mode: "timestamp_ms" }),
    /** Speed to lead: the assigned agent's first action on it (a call, a note, a status change, an e-mail). */
    firstActionAt: integer("first_action_at", { mode: "timestamp_ms" }),
    /** A listing's lead (issue 47): an inquiry from its page or a visitor of its open house; the home it names. */
    homeTransactionId: integer("home_transaction_id"),
    /** Where such a lead came from: "inquiry" or "open house"; null for the site's other forms. */
    source: text("source", { enum: ["inquiry", "open house"] }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_submissions_home_idx")
      .on(t.homeTransactionId, t.source)
      .where(sql`home_transaction_id IS NOT NULL`),
    index("contact_submissions_agent_created_idx").on(t.assignedAgentId, t.createdAt),
    index("contact_submissions_agent_status_created_idx").on(t.assignedAgentId, t.engagementStatus, t.createdAt),
    index("contact_submissions_agent_score_idx").on(t.assignedAgentId, t.leadScore, t.createdAt),
    index("contact_submissions_agent_status_score_idx").on(
      t.assignedAgentId,
      t.engagementStatus,
      t.leadScore,
      t.createdAt,
    ),
    index("contact_submissions_claim_idx")
      .on(t.claimUntil)
      .where(sql`claim_until IS NOT NULL`),
    index("contact_submissions_untouched_idx")
      .on(t.createdAt)
      .where(sql`first_action_at IS NULL AND assigned_agent_id IS NOT NULL`),
    index("contact_submissions_created_at_idx").on(t.createdAt),
    index("contact_submissions_email_idx").on(t.email, t.createdAt),
    index("contact_submissions_engagement_idx").on(t.engagementId),
    index("contact_submissions_score_idx").on(t.leadScore, t.createdAt),
    index("contact_submissions_status_created_idx").on(t.engagementStatus, t.createdAt),
    index("contact_submissions_status_score_idx").on(t.engagementStatus, t.leadScore, t.createdAt),
  ],
);

export const transactions = sqliteTable(
  "transactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: TRANSACTION_TYPES }).notNull(),
    propertyAddress: text("property_address"),
    /**
     * A purchase started before a home is chosen: the area searched ("North Park, under $900,000"); pages and
     * e-mails call it "your home search" until an offer is accepted and the address is known.
     */
    searchArea: text("search_area"),
    /** In cents (whole dollars, as the spec has it; migration 0015 moved it from dollars). */
    homeValueCents: integer("home_value_cents"),
    tier: integer("tier"),
    currentStep: integer("current_step").notNull().default(1),
    status: text("status", { enum: TRANSACTION_STATUSES }).notNull().default("active"),
    /** Milestone counts, kept by triggers on transaction_milestones (migration 0004) so lists read no milestones. */
    milestonesTotal: integer("milestones_total").notNull().default(0),
    milestonesCompleted: integer("milestones_completed").notNull().default(0),
    /**
     * When the transaction was completed or cancelled (null while active): its documents' retention runs
     * from here (app/lib/upload-rules.ts). Kept by updateTransaction (app/models/transaction.server.ts).
     */
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    /** The contract (app/lib/deadlines.ts): the acceptance date (Day 0) and the close of escrow as entered. */
    acceptedOn: text("accepted_on"),
    closingOn: text("closing_on"),
    /** The offer whose acceptance filled in the contract (app/models/offer-moves.server.ts), if one did. */
    contractOfferId: integer("contract_offer_id"),
    /** The agent the transaction is assigned to; null: admins only. Collaborators: transaction_collaborators. */
    assignedAgentId: text("assigned_agent_id").references(() => users.id, { onDelete: "set null" }),
    /** The price the home closed at, in cents, entered when the transaction is completed (issue 45: a sold home's saving). */
    closingPriceCents: integer("closing_price_cents"),
    /**
     * The checklist version the file started with (issue 46, app/models/file-review.server.ts): set by a trigger
     * when the transaction is created (migration 0027), so a later version never changes an open file.
     */
    checklistId: integer("checklist_id"),
    /** A referring broker paid first from the gross commission (issue 46): name, license, basis points. */
    referralBroker: text("referral_broker"),
    referralLicense: text("referral_license"),
    referralBp: integer("referral_bp"),
    /** The escrow officer's e-mail, where the commission disbursement authorization goes. */
    escrowEmail: text("escrow_email"),
    /** The escrow's number, as escrow writes it (the CDA names it). */
    escrowNumber: text("escrow_number"),
    /** The parties' names as on the purchase contract (the CDA names them); empty: read from the records. */
    sellerNames: text("seller_names"),
    buyerNames: text("buyer_names"),
    /** The year the home was built: the listing page shows it; before 1978 the file needs the lead-paint disclosure. */
    yearBuilt: integer("year_built"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("transactions_agent_created_idx").on(t.assignedAgentId, t.createdAt),
    index("transactions_agent_type_created_idx").on(t.assignedAgentId, t.type, t.createdAt),
    index("transactions_agent_status_idx").on(t.assignedAgentId, t.status, t.type, t.currentStep),
    index("transactions_user_id_idx").on(t.userId),
    index("transactions_closed_at_idx").on(t.closedAt),
    index("transactions_status_idx").on(t.status, t.type, t.currentStep),
    index("transactions_created_at_idx").on(t.createdAt),
    index("transactions_type_created_idx").on(t.type, t.createdAt),
  ],
);

export const transactionMilestones = sqliteTable(
  "transaction_milestones",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    stepNumber: integer("step_number").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status", { enum: MILESTONE_STATUSES }).notNull().default("not_started"),
    adminNotes: text("admin_notes"),
    documentUrl: text("document_url"),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("transaction_milestones_transaction_step_idx").on(t.transactionId, t.stepNumber)],
);

export const listings = sqliteTable(
  "listings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
  (t) => [index("listings_user_id_idx").on(t.userId, t.createdAt)],
);

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
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

/**
 * The papers of a transaction. The file itself is in the file store (app/infra/file-store.server.ts)
 * under `storage_key`, a random name; `name` is the uploaded name, cleaned, for display and download only.
 * A removed document is kept, for admins to see and restore, until its retention ends
 * (app/lib/upload-rules.ts); the daily job then deletes the file and the row.
 */
export const documents = sqliteTable(
  "documents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    milestoneId: integer("milestone_id").references(() => transactionMilestones.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploadedByRole: text("uploaded_by_role", { enum: UPLOADER_ROLES }).notNull(),
    createdAt: createdAt(),
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
    removedBy: text("removed_by").references(() => users.id, { onDelete: "set null" }),
    /** The message this file came with (an e-mailed reply's attachment), shown as a link under it. */
    messageId: integer("message_id").references(() => messages.id, { onDelete: "set null" }),
    /** Seen by admins only (a commission disbursement authorization: the split is the broker's and the agent's). */
    adminOnly: integer("admin_only", { mode: "boolean" }).notNull().default(false),
    /** A sealed copy (a signed agreement, a CDA): kept for the retention period, never removed. */
    sealed: integer("sealed", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("documents_transaction_created_idx").on(t.transactionId, t.createdAt),
    index("documents_removed_idx").on(t.removedAt),
    index("documents_message_idx").on(t.messageId),
  ],
);

/**
 * A transaction's conversation (app/models/message.server.ts): never edited; an admin may hide one (kept,
 * marked). `author_name` is the name at the time of writing ("Staff" for a staff address with no user).
 */
export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    authorRole: text("author_role", { enum: PARTICIPANT_ROLES }).notNull(),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    via: text("via", { enum: MESSAGE_VIAS }).notNull(),
    createdAt: createdAt(),
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    hiddenBy: text("hidden_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("messages_transaction_idx").on(t.transactionId, t.id)],
);

/**
 * The reply addresses of message e-mails (reply+TOKEN@INBOUND_EMAIL_DOMAIN): one random token per e-mail
 * sent, stored as its SHA-256 only, naming one participant (an address and its side) of one thread.
 */
export const replyTokens = sqliteTable(
  "reply_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    role: text("role", { enum: PARTICIPANT_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("reply_tokens_transaction_idx").on(t.transactionId)],
);

/**
 * Messages a user has not seen, per thread: raised when the other side writes (a client's message for
 * every admin, a staff message for the client), removed when the user opens the thread.
 */
export const unreadMessages = sqliteTable(
  "unread_messages",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    count: integer("count").notNull(),
    lastAt: integer("last_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.transactionId] }),
    index("unread_messages_user_last_idx").on(t.userId, t.lastAt),
    index("unread_messages_transaction_idx").on(t.transactionId),
  ],
);

/**
 * A blog image uploaded in the editor, re-encoded to WebP at each of IMAGE_WIDTHS (app/lib/upload-rules.ts)
 * and served publicly at /images/{id}-{width}.webp. `variants`: each file's real size (a small original
 * is never enlarged).
 */
export const images = sqliteTable("images", {
  id: text("id").primaryKey(),
  variants: text("variants", { mode: "json" }).$type<ImageVariant[]>().notNull(),
  uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export type ImageVariant = { name: number; width: number; height: number; size: number };

/**
 * A contract deadline of a transaction (app/lib/deadlines.ts), its date computed when the contract is
 * saved and again when the holidays change. Dates are plain San Diego dates ("2027-07-05"). `sequence`
 * rises each time `due_on` changes (the calendar feed's SEQUENCE).
 */
export const deadlines = sqliteTable(
  "deadlines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    key: text("key", { enum: DEADLINE_KEYS }).notNull(),
    counting: text("counting", { enum: COUNTINGS }).notNull(),
    days: integer("days"),
    dueOn: text("due_on").notNull(),
    movedFrom: text("moved_from"),
    movedReason: text("moved_reason"),
    status: text("status", { enum: DEADLINE_STATUSES }).notNull().default("open"),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
    sequence: integer("sequence").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("deadlines_transaction_key_idx").on(t.transactionId, t.key),
    index("deadlines_status_due_idx").on(t.status, t.dueOn),
  ],
);

/**
 * A reminder of a deadline, recorded when it is queued: one per deadline, kind and date, whatever the
 * number of processes (the unique index), and a new date gets its own (app/models/reminders.server.ts).
 */
export const deadlineReminders = sqliteTable(
  "deadline_reminders",
  {
    deadlineId: integer("deadline_id")
      .notNull()
      .references(() => deadlines.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: REMINDER_KINDS }).notNull(),
    dueOn: text("due_on").notNull(),
    /** False: skipped (its day-of reminder was due at the same tick, so one e-mail goes, not two). */
    sent: integer("sent", { mode: "boolean" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.deadlineId, t.kind, t.dueOn] })],
);

/** An admin's change to the holiday table (app/lib/holidays.ts): a date added or removed. */
export const holidayChanges = sqliteTable("holiday_changes", {
  date: text("date").primaryKey(),
  kind: text("kind", { enum: HOLIDAY_CHANGE_KINDS }).notNull(),
  name: text("name").notNull(),
  changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const leadNurturingCampaigns = sqliteTable(
  "lead_nurturing_campaigns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    type: text("type").notNull(),
    description: text("description"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** The campaign new leads join, chosen by an admin (at most one; none chosen: the first active one). */
    forNewLeads: integer("for_new_leads", { mode: "boolean" }).notNull().default(false),
    /**
     * A "Homes like {address}" campaign (type `similar_homes`: app/models/similar-homes.server.ts): the listing whose
     * door's visitors asked for similar homes; its weekly e-mail lists our new listings in the same ZIP code and price
     * range.
     */
    homeTransactionId: integer("home_transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lead_nurturing_campaigns_for_new_leads_idx")
      .on(t.forNewLeads)
      .where(sql`"for_new_leads" = 1`),
  ],
);
export type LeadNurturingCampaign = typeof leadNurturingCampaigns.$inferSelect;

export const leadNurturingEmails = sqliteTable(
  "lead_nurturing_emails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => leadNurturingCampaigns.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    subject: text("subject").notNull(),
    content: text("content").notNull(),
    delayDays: integer("delay_days").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("lead_nurturing_emails_campaign_sequence_idx").on(t.campaignId, t.sequence)],
);

export const leadEngagement = sqliteTable(
  "lead_engagement",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    contactSubmissionId: integer("contact_submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    campaignId: integer("campaign_id").references(() => leadNurturingCampaigns.id, { onDelete: "set null" }),
    /** The lead's e-mail address (lowercase): one engagement per address per campaign. */
    email: text("email"),
    status: text("status", { enum: ENGAGEMENT_STATUSES }).notNull().default("active"),
    currentSequence: integer("current_sequence").notNull().default(1),
    lastEmailSent: integer("last_email_sent", { mode: "timestamp_ms" }),
    nextEmailDue: integer("next_email_due", { mode: "timestamp_ms" }),
    score: integer("score").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lead_engagement_submission_idx").on(t.contactSubmissionId),
    index("lead_engagement_next_due_idx").on(t.status, t.nextEmailDue),
    uniqueIndex("lead_engagement_email_campaign_idx").on(t.email, t.campaignId),
  ],
);

/**
 * The transactional outbox: every e-mail is a row first, written in the same
 * database transaction as the event that causes it; the sender delivers due
 * rows and records what happened.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    toAddress: text("to_address").notNull(),
    toName: text("to_name"),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    /** The stable Message-ID, kept across retries. */
    messageId: text("message_id").notNull().unique(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    contactSubmissionId: integer("contact_submission_id").references(() => contactSubmissions.id, {
      onDelete: "set null",
    }),
    engagementId: integer("engagement_id").references(() => leadEngagement.id, { onDelete: "set null" }),
    campaignEmailId: integer("campaign_email_id").references(() => leadNurturingEmails.id, { onDelete: "set null" }),
    transactionId: integer("transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    /** Queued notices with the same key are merged into one e-mail (client notices of one transaction). */
    coalesceKey: text("coalesce_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    // The sender's due messages; then one index per list filter and its order, newest first.
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt),
    index("email_outbox_status_created_idx").on(t.status, t.createdAt),
    index("email_outbox_kind_created_idx").on(t.kind, t.createdAt),
    index("email_outbox_kind_status_idx").on(t.kind, t.status, t.createdAt),
    // A lead's e-mails, by either of its links.
    index("email_outbox_submission_created_idx").on(t.contactSubmissionId, t.createdAt),
    index("email_outbox_engagement_created_idx").on(t.engagementId, t.createdAt),
    index("email_outbox_coalesce_idx").on(t.coalesceKey, t.status),
  ],
);

/**
 * What each e-mail of the outbox says, apart from the row the lists read: a list of a million e-mails
 * never reads their bodies, and the sender and the e-mail's own page join them by id.
 */
export const emailContents = sqliteTable("email_contents", {
  emailId: integer("email_id")
    .primaryKey()
    .references(() => emailOutbox.id, { onDelete: "cascade" }),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull(),
  /** Extra headers (List-Unsubscribe, ...), never built from visitor input. */
  headers: text("headers", { mode: "json" })
    .notNull()
    .$type<Record<string, string>>()
    .default(sql`'{}'`),
  /** What a mergeable message was built from, to build it again with more changes. */
  payload: text("payload", { mode: "json" }).$type<unknown>(),
  /** An iCalendar invitation sent with it (a showing's, issue 38): its METHOD and text. */
  calendar: text("calendar", { mode: "json" }).$type<{ method: "REQUEST" | "CANCEL"; content: string }>(),
  /** Files sent with it, read from the file store when it is sent (a CDA's PDF, issue 46). */
  attachments: text("attachments", { mode: "json" }).$type<
    Array<{ filename: string; contentType: string; key: string }>
  >(),
});

/** E-mails per (status, kind), kept by triggers on email_outbox: the log's totals and the dashboard's counts. */
export const emailCounts = sqliteTable(
  "email_counts",
  {
    status: text("status", { enum: EMAIL_STATUSES }).notNull(),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [uniqueIndex("email_counts_key_idx").on(t.status, t.kind)],
);

/** Addresses that unsubscribed from lead nurturing: no drip e-mail reaches them again, from any campaign. */
export const emailUnsubscribes = sqliteTable("email_unsubscribes", {
  email: text("email").primaryKey(),
  engagementId: integer("engagement_id").references(() => leadEngagement.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** What happened to a lead besides its e-mails: tracked clicks, unsubscribes (and, later, notes, pauses). */
export const leadEvents = sqliteTable(
  "lead_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    contactSubmissionId: integer("contact_submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    engagementId: integer("engagement_id").references(() => leadEngagement.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    detail: text("detail"),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("lead_events_submission_idx").on(t.contactSubmissionId, t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type Transaction = typeof transactions.$inferSelect;
export type Milestone = typeof transactionMilestones.$inferSelect;
export type Listing = typeof listings.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type Engagement = typeof leadEngagement.$inferSelect;
export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type NewOutboxEmail = typeof emailOutbox.$inferInsert;
export type EmailContent = typeof emailContents.$inferSelect;
export type Document = typeof documents.$inferSelect;
export type Image = typeof images.$inferSelect;
export type Deadline = typeof deadlines.$inferSelect;
export type Message = typeof messages.$inferSelect;

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

/** Contact submissions per lead status (an engagement's status, or "new" without one), kept by triggers. */
export const leadCounts = sqliteTable(
  "lead_counts",
  {
    status: text("status").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [uniqueIndex("lead_counts_key_idx").on(t.status)],
);

/**
 * New leads per hour and agent ('' for none), kept by triggers on contact_submissions (migration 0016): the
 * dashboard's leads per week read a few thousand rows, however many leads arrived (docs/decisions/
 * 031-the-deals-rules.md). `hour` is the epoch's hours (milliseconds / 3,600,000): whole hours, so a week's
 * bounds are exact in San Diego too.
 */
export const leadHours = sqliteTable(
  "lead_hours",
  {
    agentId: text("agent_id").notNull().default(""),
    hour: integer("hour").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.hour] }), index("lead_hours_hour_idx").on(t.hour)],
);

/** Engagements per (campaign, status), kept by triggers: the campaigns list's counts (campaign 0: none). */
export const engagementCounts = sqliteTable(
  "engagement_counts",
  {
    campaignId: integer("campaign_id").notNull(),
    status: text("status", { enum: ENGAGEMENT_STATUSES }).notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [uniqueIndex("engagement_counts_key_idx").on(t.campaignId, t.status)],
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
   * The same, structured since issue 56 (app/lib/buyer-compensation.ts: an amount or a percentage, with an optional
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
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});
export type AgencySettings = typeof agencySettings.$inferSelect;

/**
 * A transaction's saved estimate (a seller's net sheet or a buyer's cash to close): its inputs as the
 * schema gave them (app/lib/estimate-schema.ts), and what they came to when it was saved: the lines and
 * totals (`result`), with the title schedule's date and the escrow rates they were computed with.
 */
export const estimates = sqliteTable(
  "estimates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    side: text("side", { enum: PARTIES }).notNull(),
    inputs: text("inputs", { mode: "json" }).notNull(),
    result: text("result", { mode: "json" }).notNull(),
    scheduleDate: text("schedule_date").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("estimates_transaction_idx").on(t.transactionId, t.createdAt)],
);
export type EstimateRow = typeof estimates.$inferSelect;

/**
 * A selling transaction's seller's own figures (app/lib/estimate-schema.ts `sellerFigureFields`: payoffs,
 * property tax, HOA, other costs, …), as the schema gave them: every offer's net is worked out with them
 * (app/models/seller-figures.server.ts). No row: the newest saved seller estimate's, else the defaults.
 */
export const sellerFigures = sqliteTable("seller_figures", {
  transactionId: integer("transaction_id")
    .primaryKey()
    .references(() => transactions.id, { onDelete: "cascade" }),
  inputs: text("inputs", { mode: "json" }).notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});
export type SellerFiguresRow = typeof sellerFigures.$inferSelect;

/**
 * An offer of a transaction (app/lib/offer-rules.ts): one the client received (a sale) or makes on one of
 * their saved listings (a purchase). Its terms are its rounds'; `expires_at` is its latest round's, kept
 * by the model, so the background tick finds the offers whose time ran out by one index. At most one
 * accepted offer a transaction and one open offer a listing (unique partial indexes, migration 0012).
 */
export const offers = sqliteTable(
  "offers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
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
    listingId: integer("listing_id").references(() => listings.id, { onDelete: "set null" }),
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
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
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
    id: integer("id").primaryKey({ autoIncrement: true }),
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
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
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
    id: integer("id").primaryKey({ autoIncrement: true }),
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

/** An agent who works on a transaction beside its assigned agent (sees it as they do). */
export const transactionCollaborators = sqliteTable(
  "transaction_collaborators",
  {
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.userId] }),
    index("transaction_collaborators_user_idx").on(t.userId, t.transactionId),
  ],
);

/**
 * Who did what (docs/decisions/030-team.md; app/models/audit.server.ts): append-only. A trigger refuses
 * UPDATE and DELETE (migration 0013); no foreign keys, so that a person's or a record's deletion changes
 * nothing here. `changes`: the fields changed, each { before, after }.
 */
export const auditEvents = sqliteTable(
  "audit_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
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
 * The brokerage's agreement templates (docs/agreements.md): each row one version, never changed; editing a
 * template adds the next version of its kind, and an agreement keeps the version it was made from.
 */
export const agreementTemplates = sqliteTable(
  "agreement_templates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: TEMPLATE_KINDS }).notNull(),
    name: text("name").notNull(),
    version: integer("version").notNull(),
    /** Plain text with {{field}} places and **bold** lines (app/lib/agreement-template.ts). */
    body: text("body").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("agreement_templates_kind_version_idx").on(t.kind, t.version)],
);
export type AgreementTemplate = typeof agreementTemplates.$inferSelect;

/**
 * The E-SIGN consumer disclosure (15 U.S.C. §7001(c); app/lib/esign-disclosure.ts): each row one version, never
 * changed; a consent records the version it was given to (agreement_signers.consent_disclosure_id).
 */
export const consentDisclosures = sqliteTable(
  "consent_disclosures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    version: integer("version").notNull(),
    body: text("body").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("consent_disclosures_version_idx").on(t.version)],
);
export type ConsentDisclosure = typeof consentDisclosures.$inferSelect;

/**
 * The texts the law writes (app/lib/legal-texts.ts): the agency disclosure of Civil Code §2079.16 and the notices
 * of Bus. & Prof. Code §10147.5, each row one version, never changed, with its source; the broker saves the next
 * when the law changes. An acknowledgment keeps the version read (agreement_signers.agency_disclosure_id); an
 * agreement the notice's words in its text.
 */
export const legalTexts = sqliteTable(
  "legal_texts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: LEGAL_TEXT_KINDS }).notNull(),
    version: integer("version").notNull(),
    body: text("body").notNull(),
    /** The statute, its official address and the day it was read. */
    source: text("source").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("legal_texts_kind_version_idx").on(t.kind, t.version)],
);
export type LegalText = typeof legalTexts.$inferSelect;

/**
 * An agreement to sign (app/models/agreement-prepare.server.ts): from a template (its text made into the unsigned
 * PDF when prepared) or any PDF of the transaction. A listing started on the site has no transaction until
 * it is countersigned (`transaction_id` null; the listing's terms in `fields`). The unsigned PDF and the
 * sealed one are files of the store; the sealed one is also a document of the transaction.
 */
export const agreements = sqliteTable(
  "agreements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id").references(() => transactions.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who countersigns: the transaction's agent; null: the broker (any admin signs for them). */
    agentId: text("agent_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: AGREEMENT_KINDS }).notNull(),
    templateId: integer("template_id").references(() => agreementTemplates.id),
    sourceDocumentId: integer("source_document_id").references(() => documents.id),
    title: text("title").notNull(),
    fields: text("fields", { mode: "json" }).$type<Record<string, string>>().notNull(),
    startsOn: text("starts_on"),
    endsOn: text("ends_on"),
    status: text("status", { enum: STORED_AGREEMENT_STATUSES }).notNull().default("draft"),
    unsignedKey: text("unsigned_key").notNull(),
    unsignedSha256: text("unsigned_sha256").notNull(),
    signedKey: text("signed_key"),
    signedSha256: text("signed_sha256"),
    signedDocumentId: integer("signed_document_id").references(() => documents.id),
    /** Started by the seller on the site (/start-listing): the countersignature opens the selling transaction. */
    startedOnline: integer("started_online", { mode: "boolean" }).notNull().default(false),
    /**
     * `recorded`: signed on paper (or elsewhere) and recorded by staff from an uploaded document
     * (app/models/agreement-record.server.ts); it counts exactly as one signed in the portal.
     */
    source: text("source", { enum: AGREEMENT_SOURCES }).notNull().default("portal"),
    /** The broker's compensation, structured (app/lib/buyer-compensation.ts): a buyer agreement's, a recorded one's. */
    compensation: text("compensation", { mode: "json" }).$type<{
      type: "amount" | "percent";
      value: number;
      cap?: number;
    }>(),
    /** Who buys: a natural person (the three-month limit of Civil Code §1670.50) or an entity; null: not a purchase. */
    buyerEntity: text("buyer_entity", { enum: BUYER_ENTITIES }),
    /** A listing's protection period after its term, in days, and the list of buyers given to the seller. */
    protectionDays: integer("protection_days"),
    protectionList: text("protection_list", { mode: "json" }).$type<string[]>(),
    protectionListSentOn: text("protection_list_sent_on"),
    declineReason: text("decline_reason"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    /** A listing's end date its 14-day reminder went out for (app/models/listing-reminders.server.ts). */
    endRemindedOn: text("end_reminded_on"),
    /**
     * A seal that failed after the last signature (app/models/agreement-seal.server.ts): how many tries, when the
     * jobs process tries again (null: nothing to retry), and the last error, shown to staff with a Retry.
     */
    sealAttempts: integer("seal_attempts").notNull().default(0),
    sealNextAt: integer("seal_next_at", { mode: "timestamp_ms" }),
    sealError: text("seal_error"),
  },
  (t) => [
    index("agreements_seal_due_idx").on(t.sealNextAt),
    // Agreements waiting for signatures (staff's "Waiting for your signature"): few among all, by status.
    index("agreements_status_idx").on(t.status, t.sentAt),
    index("agreements_transaction_idx").on(t.transactionId, t.createdAt),
    index("agreements_client_idx").on(t.clientId, t.kind, t.createdAt),
    index("agreements_open_listing_idx").on(t.kind, t.status, t.endsOn),
    index("agreements_signed_document_idx").on(t.signedDocumentId),
  ],
);
export type Agreement = typeof agreements.$inferSelect;

/** Who signs an agreement, in order, and the record that proves it (consent, view, signature: time, address, browser). */
export const agreementSigners = sqliteTable(
  "agreement_signers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    agreementId: integer("agreement_id")
      .notNull()
      .references(() => agreements.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    role: text("role", { enum: SIGNER_ROLES }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The signer's account (the client, the agent); null: a co-signer who signs from a link, or the broker. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    consentedAt: integer("consented_at", { mode: "timestamp_ms" }),
    consentIp: text("consent_ip"),
    consentBrowser: text("consent_browser"),
    /** The version of the E-SIGN consumer disclosure they consented to (consent_disclosures). */
    consentDisclosureId: integer("consent_disclosure_id").references(() => consentDisclosures.id),
    /** When they withdrew their consent (the agreement waits for them; paper is offered). */
    consentWithdrawnAt: integer("consent_withdrawn_at", { mode: "timestamp_ms" }),
    /** When this signer acknowledged the agency disclosure for this agreement (a listing or buyer agreement). */
    agencyDisclosureAt: integer("agency_disclosure_at", { mode: "timestamp_ms" }),
    /** The version of the agency disclosure they acknowledged (legal_texts), shown in full before they signed. */
    agencyDisclosureId: integer("agency_disclosure_id").references(() => legalTexts.id),
    viewedAt: integer("viewed_at", { mode: "timestamp_ms" }),
    viewIp: text("view_ip"),
    viewBrowser: text("view_browser"),
    signedAt: integer("signed_at", { mode: "timestamp_ms" }),
    signIp: text("sign_ip"),
    signBrowser: text("sign_browser"),
    typedName: text("typed_name"),
    /** Who signed (the broker's seat: the admin who signed for the brokerage). */
    signedBy: text("signed_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * The broker's seat: signed for the brokerage by an admin, who is then this row's name, e-mail and account
     * (named when preparing, or whoever signs it).
     */
    forBroker: integer("for_broker", { mode: "boolean" }).notNull().default(false),
    declinedAt: integer("declined_at", { mode: "timestamp_ms" }),
    /** A co-signer's e-mailed link: the SHA-256 of its token, its end, and when it was used. */
    linkHash: text("link_hash").unique(),
    linkExpiresAt: integer("link_expires_at", { mode: "timestamp_ms" }),
    linkUsedAt: integer("link_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("agreement_signers_agreement_idx").on(t.agreementId, t.position),
    index("agreement_signers_user_idx").on(t.userId),
  ],
);
export type AgreementSigner = typeof agreementSigners.$inferSelect;

/** A listing started on the site before its seller signed in: claimed once, by the one who signs in (/start-listing). */
export const listingStarts = sqliteTable(
  "listing_starts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull().unique(),
    /** The SHA-256 of the secret the starting browser keeps in a cookie: only that visitor may claim it. */
    browserHash: text("browser_hash"),
    /** The seller's full legal name as they typed it (the agreement's and the signature's). */
    sellerName: text("seller_name"),
    address: text("address").notNull(),
    priceCents: integer("price_cents").notNull(),
    termMonths: integer("term_months").notNull(),
    /** The other sellers on title, each with their e-mail: co-signers, each e-mailed a signing link of their own. */
    coSellers: text("co_sellers", { mode: "json" })
      .$type<Array<{ name: string; email: string }>>()
      .notNull()
      .default([]),
    agreementId: integer("agreement_id").references(() => agreements.id, { onDelete: "set null" }),
    claimedBy: text("claimed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  // Unclaimed starts are deleted after 7 days (app/models/listing-start.server.ts).
  (t) => [index("listing_starts_created_idx").on(t.createdAt)],
);

/**
 * A listing's showing page and rules (issue 38; app/models/showing.server.ts): the page's unguessable token
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
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
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
 * A buying client's tour of saved homes (issue 38; app/models/tour.server.ts): up to three preferred times;
 * each home is a stop their agent confirms at its own time.
 */
export const tours = sqliteTable(
  "tours",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
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
    id: integer("id").primaryKey({ autoIncrement: true }),
    tourId: integer("tour_id")
      .notNull()
      .references(() => tours.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
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

/**
 * Every stored file's copy in the S3-compatible store (issue 39; app/models/offsite.server.ts): its SHA-256
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
    id: integer("id").primaryKey({ autoIncrement: true }),
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
 * A staff member's public profile (issue 45, docs/proof.md): /agents/{slug}. Shown only while its person is
 * staff, active and licensed (app/models/agent-profile.server.ts). The photo is an image of `images` (square WebP).
 */
export const agentProfiles = sqliteTable("agent_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  slug: text("slug").notNull().unique(),
  title: text("title"),
  bio: text("bio"),
  /** As typed, comma-separated ("English, Spanish"). */
  languages: text("languages"),
  /** The neighbourhoods or ZIP codes served, comma-separated. */
  areas: text("areas"),
  photoImageId: text("photo_image_id").references(() => images.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});
export type AgentProfile = typeof agentProfiles.$inferSelect;

/**
 * A completed transaction's sale as the public may see it (issue 45): made when it is completed with its price,
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
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agentId: text("agent_id").references(() => users.id, { onDelete: "set null" }),
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
 * A request for a review (issue 45): one per person (the client, each co-signer of its agreements) per completed
 * transaction, its single-use link's token kept as its SHA-256, valid 60 days; one reminder after 7 days.
 */
export const reviewRequests = sqliteTable(
  "review_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    /** The client's account; null for a co-signer without one. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
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
 * A client's review (issue 45, 16 CFR Part 465): its words are the client's alone (only their link or their
 * account changes them); staff may hide one for a reason of the published policy (`hidden_*`) and reply once.
 * The average and the count: `public_counts` (`reviews`, `reviews:agent:<id>`), kept by triggers (migration 0025).
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    requestId: integer("request_id")
      .notNull()
      .unique()
      .references(() => reviewRequests.id, { onDelete: "cascade" }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    agentId: text("agent_id").references(() => users.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    text: text("text").notNull(),
    displayName: text("display_name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    hiddenReason: text("hidden_reason", { enum: REVIEW_HIDE_REASONS }),
    hiddenBy: text("hidden_by").references(() => users.id, { onDelete: "set null" }),
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    reply: text("reply"),
    repliedBy: text("replied_by").references(() => users.id, { onDelete: "set null" }),
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

/**
 * The broker's checklists (issue 46, docs/file-review.md): per kind of transaction, each row one version, never
 * changed (a new version is a new row; a transaction keeps the one it started with). `items`: what the file holds.
 */
export type ChecklistItemSpec = {
  name: string;
  required: boolean;
  /** The step (of the kind's standard steps) by which it is due. */
  dueBy: number;
  /** An agreement signed in the portal of this kind is attached to it by itself. */
  agreementKind: "listing" | "buyer" | null;
  /** Required only when this holds of the home (the lead-paint disclosure: built before 1978); absent: always. */
  requiredWhen?: ChecklistCondition | null;
};
export const checklists = sqliteTable(
  "checklists",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: TRANSACTION_TYPES }).notNull(),
    version: integer("version").notNull(),
    items: text("items", { mode: "json" }).$type<ChecklistItemSpec[]>().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("checklists_kind_version_idx").on(t.kind, t.version)],
);
export type Checklist = typeof checklists.$inferSelect;

/**
 * A transaction's checklist items, made from its checklist version when the file is first read. `waiting_since`:
 * when it began to wait for the broker (waiting or changed), else null; the review queue reads it in order.
 */
export const checklistItems = sqliteTable(
  "checklist_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    required: integer("required", { mode: "boolean" }).notNull(),
    dueBy: integer("due_by").notNull(),
    agreementKind: text("agreement_kind"),
    /** Required only when this holds of the home (app/lib/checklist-rules.ts); null: as `required` says. */
    requiredWhen: text("required_when", { enum: CHECKLIST_CONDITIONS }),
    state: text("state", { enum: CHECKLIST_ITEM_STATES }).notNull().default("missing"),
    waitingSince: integer("waiting_since", { mode: "timestamp_ms" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("checklist_items_transaction_position_idx").on(t.transactionId, t.position),
    index("checklist_items_waiting_idx")
      .on(t.waitingSince, t.id)
      .where(sql`waiting_since IS NOT NULL`),
  ],
);
export type ChecklistItem = typeof checklistItems.$inferSelect;

/** The documents that meet an item (uploaded, or an agreement's signed copy attached by itself). */
export const checklistItemDocuments = sqliteTable(
  "checklist_item_documents",
  {
    itemId: integer("item_id")
      .notNull()
      .references(() => checklistItems.id, { onDelete: "cascade" }),
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    attachedBy: text("attached_by").references(() => users.id, { onDelete: "set null" }),
    attachedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.documentId] }),
    index("checklist_item_documents_document_idx").on(t.documentId),
  ],
);

/**
 * Each review of an item, never changed (a trigger refuses an update, migration 0027): who (their name as it was),
 * when, the decision, the comment, and the name and SHA-256 of each document it covered.
 */
export const checklistReviews = sqliteTable(
  "checklist_reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    itemId: integer("item_id")
      .notNull()
      .references(() => checklistItems.id, { onDelete: "cascade" }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    decision: text("decision", { enum: REVIEW_DECISIONS }).notNull(),
    comment: text("comment"),
    reviewerId: text("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    reviewerName: text("reviewer_name").notNull(),
    documents: text("documents", { mode: "json" })
      .$type<Array<{ id: number; name: string; sha256: string }>>()
      .notNull(),
    at: createdAt(),
  },
  (t) => [
    index("checklist_reviews_item_idx").on(t.itemId, t.id),
    index("checklist_reviews_transaction_idx").on(t.transactionId, t.id),
  ],
);
export type ChecklistReview = typeof checklistReviews.$inferSelect;

/**
 * What a completed transaction paid its agent (issue 46, docs/payouts.md): the commission's lines in cents, computed
 * once at completion by the agent's plan then (never recomputed from a changed plan). One per transaction.
 */
export const payouts = sqliteTable(
  "payouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: "cascade" }),
    agentId: text("agent_id").references(() => users.id, { onDelete: "set null" }),
    closedOn: text("closed_on").notNull(),
    grossCents: integer("gross_cents").notNull(),
    referralCents: integer("referral_cents").notNull(),
    brokerageCents: integer("brokerage_cents").notNull(),
    agentCents: integer("agent_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("payouts_agent_closed_idx").on(t.agentId, t.closedOn), index("payouts_closed_idx").on(t.closedOn)],
);
export type Payout = typeof payouts.$inferSelect;

export const CDA_STATUSES = ["current", "superseded"] as const;

/**
 * A commission disbursement authorization approved by the broker and sent to escrow (issue 46, docs/payouts.md):
 * its figures in cents as approved, the sealed PDF kept as an admin-only document, never changed; a later version
 * supersedes it (escrow told).
 */
export const cdas = sqliteTable(
  "cdas",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    status: text("status", { enum: CDA_STATUSES }).notNull(),
    agentId: text("agent_id").references(() => users.id, { onDelete: "set null" }),
    agentName: text("agent_name").notNull(),
    grossCents: integer("gross_cents").notNull(),
    referralCents: integer("referral_cents").notNull(),
    brokerageCents: integer("brokerage_cents").notNull(),
    agentCents: integer("agent_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    lines: text("lines", { mode: "json" }).notNull().$type<string[]>(),
    escrowEmail: text("escrow_email").notNull(),
    documentId: integer("document_id").references(() => documents.id, { onDelete: "set null" }),
    sha256: text("sha256").notNull(),
    approvedBy: text("approved_by").references(() => users.id, { onDelete: "set null" }),
    approvedByName: text("approved_by_name").notNull(),
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }).notNull(),
    supersededAt: integer("superseded_at", { mode: "timestamp_ms" }),
    supersededReason: text("superseded_reason"),
    /** The brokerage's share of the agent's plan year before this transaction (null: no cap), for `capBefore`. */
    capBeforeCents: integer("cap_before_cents"),
    /** What escrow reads (the copy sent): the escrow number, the parties, the expected closing, the referral's DRE. */
    escrow: text("escrow", { mode: "json" }).$type<CdaEscrowDetails>(),
    /** The copy sent to escrow (no split), a document of the file beside the brokerage's own copy (`document_id`). */
    escrowDocumentId: integer("escrow_document_id").references(() => documents.id, { onDelete: "set null" }),
    escrowSha256: text("escrow_sha256"),
  },
  (t) => [
    uniqueIndex("cdas_transaction_version_idx").on(t.transactionId, t.version),
    index("cdas_agent_status_idx").on(t.agentId, t.status),
  ],
);
export type Cda = typeof cdas.$inferSelect;
export type CdaEscrowDetails = {
  escrowNumber: string;
  sellers: string[];
  buyers: string[];
  closingOn: string;
  referralLicense: string | null;
  licenseOverride: string | null;
};

/**
 * The broker's duties a licensee of the team performs for them (10 CCR 2725: a broker-associate or an experienced
 * salesperson may assist): each grant with who and when, revoked by setting `revoked_at` (kept: the record of who
 * could act when). At most one open grant per person and duty.
 */
export const brokerDuties = sqliteTable(
  "broker_duties",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    duty: text("duty", { enum: BROKER_DUTIES }).notNull(),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    grantedAt: integer("granted_at", { mode: "timestamp_ms" }).notNull(),
    revokedBy: text("revoked_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("broker_duties_open_idx")
      .on(t.userId, t.duty)
      .where(sql`revoked_at IS NULL`),
  ],
);
export type BrokerDutyGrant = typeof brokerDuties.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// Our listings and open houses (issue 47, docs/listings.md)

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
    sellerYesBy: text("seller_yes_by").references(() => users.id, { onDelete: "set null" }),
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
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
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
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    imageId: text("image_id")
      .notNull()
      .references(() => images.id),
    position: integer("position").notNull(),
    alt: text("alt").notNull().default(""),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
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
    id: integer("id").primaryKey({ autoIncrement: true }),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
    hostId: text("host_id").references(() => users.id, { onDelete: "set null" }),
    /** The sign-in's token: opens that form alone, from an hour before to an hour after. */
    token: text("token").notNull().unique(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
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
    id: integer("id").primaryKey({ autoIncrement: true }),
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
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** What it would change: a listing's description (`subject_id`: the transaction) or an agent's bio (the user). */
    subjectType: text("subject_type", { enum: ["listing", "bio"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    text: text("text").notNull(),
    reason: text("reason").notNull(),
    phrases: text("phrases", { mode: "json" }).$type<string[]>().notNull(),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
    decision: text("decision", { enum: REVIEW_DECISIONS }),
    comment: text("comment"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
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
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.day, t.visitor] })],
);

/** A listing's views per day, kept by a trigger on `listing_views`. */
export const listingViewDays = sqliteTable(
  "listing_view_days",
  {
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.day] })],
);
