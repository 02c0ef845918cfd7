/**
 * A purchase or a sale and what hangs from it: milestones, its team, documents, the conversation, the contract's
 * deadlines and their reminders, holidays, estimates and the seller's figures.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  COUNTINGS,
  DEADLINE_KEYS,
  DEADLINE_STATUSES,
  HOLIDAY_CHANGE_KINDS,
  MESSAGE_VIAS,
  MILESTONE_STATUSES,
  PARTICIPANT_ROLES,
  PARTIES,
  REMINDER_KINDS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  UPLOADER_ROLES,
} from "~/domain/enums";
import { createdAt, serialId, updatedAt } from "~/db/schema/columns";
import { ownerRef, userRef } from "~/db/schema/people";

export const transactions = sqliteTable(
  "transactions",
  {
    id: serialId(),
    userId: ownerRef("user_id"),
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
    assignedAgentId: userRef("assigned_agent_id"),
    /** The price the home closed at, in cents, entered when the transaction is completed (a sold home's saving). */
    closingPriceCents: integer("closing_price_cents"),
    /**
     * The checklist version the file started with (app/models/file-review.server.ts): set by a trigger
     * when the transaction is created (migration 0027), so a later version never changes an open file.
     */
    checklistId: integer("checklist_id"),
    /** A referring broker paid first from the gross commission: name, license, basis points. */
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
    id: serialId(),
    transactionId: transactionRef(),
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

/**
 * The papers of a transaction. The file itself is in the file store (app/infra/file-store.server.ts)
 * under `storage_key`, a random name; `name` is the uploaded name, cleaned, for display and download only.
 * A removed document is kept, for admins to see and restore, until its retention ends
 * (app/lib/upload-rules.ts); the daily job then deletes the file and the row.
 */
export const documents = sqliteTable(
  "documents",
  {
    id: serialId(),
    transactionId: transactionRef(),
    milestoneId: integer("milestone_id").references(() => transactionMilestones.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    uploadedBy: userRef("uploaded_by"),
    uploadedByRole: text("uploaded_by_role", { enum: UPLOADER_ROLES }).notNull(),
    createdAt: createdAt(),
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
    removedBy: userRef("removed_by"),
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
    id: serialId(),
    transactionId: transactionRef(),
    authorId: userRef("author_id"),
    authorRole: text("author_role", { enum: PARTICIPANT_ROLES }).notNull(),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    via: text("via", { enum: MESSAGE_VIAS }).notNull(),
    createdAt: createdAt(),
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    hiddenBy: userRef("hidden_by"),
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
    transactionId: transactionRef(),
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
    userId: ownerRef("user_id"),
    transactionId: transactionRef(),
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
 * A contract deadline of a transaction (app/lib/deadlines.ts), its date computed when the contract is
 * saved and again when the holidays change. Dates are plain San Diego dates ("2027-07-05"). `sequence`
 * rises each time `due_on` changes (the calendar feed's SEQUENCE).
 */
export const deadlines = sqliteTable(
  "deadlines",
  {
    id: serialId(),
    transactionId: transactionRef(),
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
  changedBy: userRef("changed_by"),
  createdAt: createdAt(),
});

export type Transaction = typeof transactions.$inferSelect;
export type Milestone = typeof transactionMilestones.$inferSelect;
export type Document = typeof documents.$inferSelect;
export type Deadline = typeof deadlines.$inferSelect;
export type Message = typeof messages.$inferSelect;

/**
 * A transaction's saved estimate (a seller's net sheet or a buyer's cash to close): its inputs as the
 * schema gave them (app/lib/estimate-schema.ts), and what they came to when it was saved: the lines and
 * totals (`result`), with the title schedule's date and the escrow rates they were computed with.
 */
export const estimates = sqliteTable(
  "estimates",
  {
    id: serialId(),
    transactionId: transactionRef(),
    name: text("name").notNull(),
    side: text("side", { enum: PARTIES }).notNull(),
    inputs: text("inputs", { mode: "json" }).notNull(),
    result: text("result", { mode: "json" }).notNull(),
    scheduleDate: text("schedule_date").notNull(),
    createdBy: userRef("created_by"),
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
  updatedBy: userRef("updated_by"),
  updatedAt: updatedAt(),
});
export type SellerFiguresRow = typeof sellerFigures.$inferSelect;

/** An agent who works on a transaction beside its assigned agent (sees it as they do). */
export const transactionCollaborators = sqliteTable(
  "transaction_collaborators",
  {
    transactionId: transactionRef(),
    userId: ownerRef("user_id"),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.userId] }),
    index("transaction_collaborators_user_idx").on(t.userId, t.transactionId),
  ],
);

/** The transaction a row belongs to: it goes with the transaction. */
export function transactionRef() {
  return integer("transaction_id")
    .notNull()
    .references(() => transactions.id, { onDelete: "cascade" });
}
