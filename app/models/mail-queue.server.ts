/**
 * The mail queue (the `email_outbox` table, with each e-mail's bodies in `email_contents`): every e-mail
 * is a row first, queued by `enqueueEmail` inside the database transaction of the event that causes it;
 * the sender (infra/mail-sender.server.ts) claims due rows and records each attempt; admins read the log
 * and retry failed messages. Rendering is app/emails' job; this module only stores and hands out. Lists
 * read the outbox alone; only one e-mail's page and the sender read its bodies.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, getTableColumns, inArray, lte, sum, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  emailContents,
  emailCounts,
  emailOutbox,
  type EmailContent,
  type NewOutboxEmail,
  type OutboxEmail,
} from "~/db/schema";
import type { EmailKind, EmailStatus } from "~/domain/enums";
import { NotFoundError } from "~/lib/errors";
import { env } from "~/config/env.server";
import { afterFailure, backoffMs } from "~/lib/mail-retry";
import { oneLine } from "~/lib/mail-text";
import { type Actor } from "~/models/actor.server";
import { assertAdmin } from "~/models/permissions.server";

export type OutgoingEmail = {
  kind: EmailKind;
  to: { address: string; name?: string | null };
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  links?: Pick<NewOutboxEmail, "contactSubmissionId" | "engagementId" | "campaignEmailId" | "transactionId">;
  coalesceKey?: string;
  payload?: unknown;
  /** An iCalendar invitation (or its cancellation) sent with it. */
  calendar?: EmailContent["calendar"];
  /** Files of the store sent with it (a CDA's PDF): read when it is sent, so the row stays small. */
  attachments?: EmailContent["attachments"];
};

/** An e-mail with what it says: what the sender sends and the e-mail's page shows. */
export type QueuedEmail = OutboxEmail & Omit<EmailContent, "emailId">;

/** The columns of an outbox row joined with its contents. */
const withContent = {
  ...getTableColumns(emailOutbox),
  textBody: emailContents.textBody,
  htmlBody: emailContents.htmlBody,
  headers: emailContents.headers,
  payload: emailContents.payload,
  calendar: emailContents.calendar,
  attachments: emailContents.attachments,
};

/** Stores a message to send at once (a new stable Message-ID). Names and subjects are made header-safe here. */
export function enqueueEmail(db: DbOrTx, email: OutgoingEmail, now: Date): OutboxEmail {
  const row = db
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      toAddress: email.to.address,
      toName: email.to.name ? oneLine(email.to.name, 100) : null,
      replyTo: email.replyTo ?? null,
      subject: oneLine(email.subject, 250),
      messageId: `<${randomUUID()}@${env().mail.messageIdDomain}>`,
      nextAttemptAt: now,
      coalesceKey: email.coalesceKey ?? null,
      ...email.links,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  db.insert(emailContents)
    .values({
      emailId: row.id,
      textBody: email.text,
      htmlBody: email.html,
      headers: email.headers ?? {},
      payload: email.payload ?? null,
      calendar: email.calendar ?? null,
      attachments: email.attachments?.length ? email.attachments : null,
    })
    .run();
  return row;
}

/** The queued message with this key that has not been tried yet (to merge a new change into it). */
export function findMergeable(db: DbOrTx, coalesceKey: string): QueuedEmail | undefined {
  return db
    .select(withContent)
    .from(emailOutbox)
    .innerJoin(emailContents, eq(emailContents.emailId, emailOutbox.id))
    .where(and(eq(emailOutbox.coalesceKey, coalesceKey), eq(emailOutbox.status, "queued"), eq(emailOutbox.attempts, 0)))
    .get();
}

/** Replaces the content of a queued, untried message (a merged notice). */
export function replaceContent(
  db: DbOrTx,
  id: number,
  content: Pick<OutgoingEmail, "subject" | "text" | "html" | "payload">,
  now: Date,
) {
  const untried = db
    .update(emailOutbox)
    .set({ subject: oneLine(content.subject, 250), updatedAt: now })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.attempts, 0)))
    .run();
  if (untried.changes === 0) return;
  db.update(emailContents)
    .set({ textBody: content.text, htmlBody: content.html, payload: content.payload ?? null })
    .where(eq(emailContents.emailId, id))
    .run();
}

/**
 * Claims up to `limit` due messages for one delivery attempt. Each claimed
 * row counts the attempt and is pushed to its retry time before it is sent,
 * so a crash during delivery leaves it queued to be tried again (at least
 * once, maybe twice; never zero times).
 */
export function claimDue(db: Db, now: Date, limit: number, tickMs: number): QueuedEmail[] {
  return db.transaction((tx) => {
    const due = tx
      .select(withContent)
      .from(emailOutbox)
      .innerJoin(emailContents, eq(emailContents.emailId, emailOutbox.id))
      .where(and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(limit)
      .all();
    for (const row of due) {
      const attempts = row.attempts + 1;
      tx.update(emailOutbox)
        .set({ attempts, nextAttemptAt: new Date(now.getTime() + backoffMs(attempts, tickMs)), updatedAt: now })
        .where(eq(emailOutbox.id, row.id))
        .run();
      row.attempts = attempts;
    }
    return due;
  });
}

export function markSent(db: Db, id: number, providerMessageId: string | null, now: Date) {
  db.update(emailOutbox)
    .set({ status: "sent", sentAt: now, providerMessageId, lastError: null, updatedAt: now })
    .where(eq(emailOutbox.id, id))
    .run();
}

/** Records a failed attempt: retried with backoff, or failed for good (5xx, or the last attempt). */
export function markAttemptFailed(
  db: Db,
  row: Pick<OutboxEmail, "id" | "attempts">,
  error: unknown,
  now: Date,
  tickMs: number,
) {
  const next = afterFailure(row.attempts, error, now, tickMs);
  const message = error instanceof Error ? error.message : String(error);
  db.update(emailOutbox)
    .set({ status: next.status, nextAttemptAt: next.nextAttemptAt, lastError: message.slice(0, 1000), updatedAt: now })
    .where(eq(emailOutbox.id, row.id))
    .run();
}

export const EMAIL_PAGE_SIZE = 50;

/** What the e-mail log and a lead's timeline show of an e-mail (never its bodies). */
const listed = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  nextAttemptAt: emailOutbox.nextAttemptAt,
};
export type ListedEmail = { [K in keyof typeof listed]: OutboxEmail[K] };

/** The rows of these ids, in the ids' order (a page picked in an index, then read by primary key). */
export function listedEmails(db: DbOrTx, ids: number[]): ListedEmail[] {
  if (ids.length === 0) return [];
  const rows = new Map(
    db
      .select(listed)
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, ids))
      .all()
      .map((row) => [row.id, row]),
  );
  return ids.map((id) => rows.get(id)!).filter(Boolean);
}

/** E-mails per status and kind, from the counts triggers keep (drizzle/0007_ten_years.sql). */
function countEmails(db: Db, options: { status?: EmailStatus; kind?: EmailKind }) {
  const conditions: SQL[] = [];
  if (options.status) conditions.push(eq(emailCounts.status, options.status));
  if (options.kind) conditions.push(eq(emailCounts.kind, options.kind));
  const row = db
    .select({ n: sum(emailCounts.n) })
    .from(emailCounts)
    .where(conditions.length ? and(...conditions) : undefined)
    .get();
  return Number(row?.n ?? 0);
}

/**
 * The e-mail log for admins: newest first, 50 a page, by status and kind. Each filter and the order meet
 * in one index (app/db/schema/mail.ts); the page's ids are picked in it alone, then only those rows are read.
 */
export function listEmails(
  db: Db,
  actor: Actor,
  options: { status?: EmailStatus; kind?: EmailKind; page?: number } = {},
) {
  assertAdmin(actor);
  const conditions: SQL[] = [];
  if (options.status) conditions.push(eq(emailOutbox.status, options.status));
  if (options.kind) conditions.push(eq(emailOutbox.kind, options.kind));
  const page = Math.max(1, options.page ?? 1);
  const total = countEmails(db, options);
  const ids = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(EMAIL_PAGE_SIZE)
    .offset((page - 1) * EMAIL_PAGE_SIZE)
    .all()
    .map((row) => row.id);
  return { rows: listedEmails(db, ids), total, page, pageCount: Math.max(1, Math.ceil(total / EMAIL_PAGE_SIZE)) };
}

/** One e-mail with its bodies and headers (its page). Admins only. */
export function getEmail(db: Db, actor: Actor, id: number): QueuedEmail {
  assertAdmin(actor);
  const row = db
    .select(withContent)
    .from(emailOutbox)
    .innerJoin(emailContents, eq(emailContents.emailId, emailOutbox.id))
    .where(eq(emailOutbox.id, id))
    .get();
  if (!row) throw new NotFoundError("E-mail not found");
  return row;
}

/** Queues a failed message again, due now, with a fresh count of attempts. Admins only. */
export function retryEmail(db: Db, actor: Actor, id: number, now: Date = new Date()): OutboxEmail {
  assertAdmin(actor);
  const row = db
    .update(emailOutbox)
    .set({ status: "queued", attempts: 0, nextAttemptAt: now, updatedAt: now })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
    .returning()
    .get();
  if (!row) throw new NotFoundError("No failed e-mail with this id");
  return row;
}

/** How many messages wait and how many failed, for the dashboard, from the kept counts. */
const unsentCounts = (db: Db) =>
  db
    .select({ status: emailCounts.status, n: sum(emailCounts.n) })
    .from(emailCounts)
    .where(inArray(emailCounts.status, ["queued", "failed"]))
    .groupBy(emailCounts.status);

export function unsentEmails(db: Db, actor: Actor) {
  assertAdmin(actor);
  const rows = unsentCounts(db).all();
  const of = (status: EmailStatus) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { queued: of("queued"), failed: of("failed") };
}
