/**
 * The outgoing mail: the outbox, its contents, the counts and the unsubscribed addresses.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { EMAIL_KINDS, EMAIL_STATUSES } from "~/domain/enums";
import { createdAt, serialId, updatedAt } from "~/db/schema/columns";
import { contactSubmissions, leadEngagement, leadNurturingEmails } from "~/db/schema/leads";
import { transactions } from "~/db/schema/transactions";

/**
 * The transactional outbox: every e-mail is a row first, written in the same
 * database transaction as the event that causes it; the sender delivers due
 * rows and records what happened.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: serialId(),
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
  /** An iCalendar invitation sent with it (a showing's): its METHOD and text. */
  calendar: text("calendar", { mode: "json" }).$type<{ method: "REQUEST" | "CANCEL"; content: string }>(),
  /** Files sent with it, read from the file store when it is sent (a CDA's PDF). */
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

export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type NewOutboxEmail = typeof emailOutbox.$inferInsert;
export type EmailContent = typeof emailContents.$inferSelect;
