/**
 * The broker's file review and the money: checklists and their items, attached documents, reviews, payouts and
 * commission disbursement authorizations (CDAs).
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ChecklistCondition } from "~/domain/enums";
import { CHECKLIST_CONDITIONS, CHECKLIST_ITEM_STATES, REVIEW_DECISIONS, TRANSACTION_TYPES } from "~/domain/enums";
import { createdAt, serialId, updatedAt } from "~/db/schema/columns";
import { userRef } from "~/db/schema/people";
import { documents, transactionRef, transactions } from "~/db/schema/transactions";

/**
 * The broker's checklists (docs/file-review.md): per kind of transaction, each row one version, never
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
    id: serialId(),
    kind: text("kind", { enum: TRANSACTION_TYPES }).notNull(),
    version: integer("version").notNull(),
    items: text("items", { mode: "json" }).$type<ChecklistItemSpec[]>().notNull(),
    createdBy: userRef("created_by"),
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
    id: serialId(),
    transactionId: transactionRef(),
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
    attachedBy: userRef("attached_by"),
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
    id: serialId(),
    itemId: integer("item_id")
      .notNull()
      .references(() => checklistItems.id, { onDelete: "cascade" }),
    transactionId: transactionRef(),
    decision: text("decision", { enum: REVIEW_DECISIONS }).notNull(),
    comment: text("comment"),
    reviewerId: userRef("reviewer_id"),
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
 * What a completed transaction paid its agent (docs/payouts.md): the commission's lines in cents, computed
 * once at completion by the agent's plan then (never recomputed from a changed plan). One per transaction.
 */
export const payouts = sqliteTable(
  "payouts",
  {
    id: serialId(),
    transactionId: integer("transaction_id")
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: "cascade" }),
    agentId: userRef("agent_id"),
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
 * A commission disbursement authorization approved by the broker and sent to escrow (docs/payouts.md):
 * its figures in cents as approved, the sealed PDF kept as an admin-only document, never changed; a later version
 * supersedes it (escrow told).
 */
export const cdas = sqliteTable(
  "cdas",
  {
    id: serialId(),
    transactionId: transactionRef(),
    version: integer("version").notNull(),
    status: text("status", { enum: CDA_STATUSES }).notNull(),
    agentId: userRef("agent_id"),
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
    approvedBy: userRef("approved_by"),
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
