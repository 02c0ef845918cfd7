/**
 * A transaction's conversation: its messages, who may read and write them, and what each side has not
 * seen. Who may do what:
 * - read and write: the transaction's client and admins (anyone else: "not found", as for documents);
 * - hide and show again: admins; a hidden message stays stored, marked, and only admins see it;
 * - nobody edits a message.
 * A message, whichever way it came (the portal, the API, a reply by e-mail), is e-mailed to the other
 * side in the same database transaction (app/models/message-mail.server.ts).
 */
import { and, asc, desc, eq, gt, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { documents, messages, transactions, unreadMessages, users, type Message, type Transaction } from "~/db/schema";
import type { MessageVia, ParticipantRole } from "~/domain/enums";
import { NotFoundError } from "~/lib/errors";
import { MESSAGES_SHOWN } from "~/lib/message-schema";
import { recordAudit } from "~/models/audit-log.server";
import { type Actor } from "~/models/actor.server";
import { documentUrl, insertDocuments, type NewDocumentFile } from "~/models/document.server";
import { queueMessageEmails } from "~/models/message-mail.server";
import { agentsOf } from "~/models/transaction.server";
import { fullName } from "~/lib/format";
import {
  assertStaff,
  findTransaction,
  getTransaction,
  getTransactionAsStaff,
  isStaffOn,
} from "~/models/permissions.server";

export type MessageView = {
  id: number;
  author: { name: string; role: ParticipantRole };
  body: string;
  via: MessageVia;
  createdAt: Date;
  hiddenAt: Date | null;
  attachments: Array<{ id: number; name: string; url: string }>;
};

const NOT_FOUND = "Message not found";

const nameOf = (user: { firstName: string | null; lastName: string | null; email: string }) =>
  fullName(user) || user.email;

const columns = {
  id: messages.id,
  authorName: messages.authorName,
  authorRole: messages.authorRole,
  body: messages.body,
  via: messages.via,
  createdAt: messages.createdAt,
  hiddenAt: messages.hiddenAt,
};

/**
 * A page of a thread by the index (transaction_id, id): the newest `limit` before an id (older ones), or
 * those after an id (what a page that is open has not shown yet), with or without hidden ones.
 */
function pageOf(
  db: Db,
  transactionId: number,
  page: { direction: "before" | "after"; id: number; limit: number; withHidden: boolean },
) {
  const bound = page.direction === "before" ? lt(messages.id, page.id) : gt(messages.id, page.id);
  return db
    .select(columns)
    .from(messages)
    .where(
      and(eq(messages.transactionId, transactionId), bound, page.withHidden ? undefined : isNull(messages.hiddenAt)),
    )
    .orderBy(page.direction === "before" ? desc(messages.id) : asc(messages.id))
    .limit(page.limit)
    .all();
}

type Row = ReturnType<typeof pageOf>[number];

/**
 * The attachments of a page's messages (documents the viewer may see): only a reply by e-mail has any, so
 * a page without one reads nothing; else one read of the index on documents.message_id over the page's
 * range of ids.
 */
function attachmentsOf(db: Db, staff: boolean, rows: Row[]) {
  const byMessage = new Map<number, MessageView["attachments"]>();
  const ids = rows.filter((r) => r.via === "email").map((r) => r.id);
  if (ids.length === 0) return byMessage;
  const found = db
    .select({ id: documents.id, name: documents.name, messageId: documents.messageId })
    .from(documents)
    .where(
      and(
        gte(documents.messageId, Math.min(...ids)),
        lte(documents.messageId, Math.max(...ids)),
        staff ? undefined : isNull(documents.removedAt),
      ),
    )
    .orderBy(asc(documents.messageId), asc(documents.id))
    .all();
  const wanted = new Set(ids);
  for (const row of found) {
    if (!wanted.has(row.messageId!)) continue;
    const list = byMessage.get(row.messageId!) ?? [];
    list.push({ id: row.id, name: row.name, url: documentUrl(row.id) });
    byMessage.set(row.messageId!, list);
  }
  return byMessage;
}

function viewsOf(db: Db, staff: boolean, rows: Row[]): MessageView[] {
  const attachments = attachmentsOf(db, staff, rows);
  return rows.map((r) => ({
    id: r.id,
    author: { name: r.authorName, role: r.authorRole },
    body: r.body,
    via: r.via,
    createdAt: r.createdAt,
    hiddenAt: r.hiddenAt,
    attachments: attachments.get(r.id) ?? [],
  }));
}

/**
 * A thread as the actor may read it, oldest first: the latest MESSAGES_SHOWN, or those before the message
 * `before` (older ones), or those after `after` (new since a page was shown). `hasOlder`: there are older
 * messages than the first one listed. Admins see hidden messages (marked); the client does not.
 */
export function listMessages(
  db: Db,
  actor: Actor,
  transactionId: number,
  options: { before?: number | null; after?: number | null; limit?: number } = {},
): { messages: MessageView[]; hasOlder: boolean } {
  const transaction = getTransaction(db, actor, transactionId);
  const limit = Math.min(Math.max(1, options.limit ?? MESSAGES_SHOWN), MESSAGES_SHOWN);
  const withHidden = isStaffOn(db, actor, transaction);
  if (options.after != null) {
    const rows = pageOf(db, transactionId, { direction: "after", id: options.after, limit, withHidden });
    return { messages: viewsOf(db, withHidden, rows), hasOlder: false };
  }
  const rows = pageOf(db, transactionId, {
    direction: "before",
    id: options.before ?? Number.MAX_SAFE_INTEGER,
    limit: limit + 1,
    withHidden,
  });
  const hasOlder = rows.length > limit;
  return { messages: viewsOf(db, withHidden, rows.slice(0, limit).reverse()), hasOlder };
}

/** Writes a message in a thread, raises the other side's unread count and e-mails it. */
function storeMessage(
  tx: DbOrTx,
  transaction: Transaction,
  author: { id: string | null; name: string; role: ParticipantRole },
  body: string,
  options: { via: MessageVia; now: Date; attachments?: NewDocumentFile[] },
): Message {
  const message = tx
    .insert(messages)
    .values({
      transactionId: transaction.id,
      authorId: author.id,
      authorRole: author.role,
      authorName: author.name,
      body,
      via: options.via,
      createdAt: options.now,
    })
    .returning()
    .get();
  const files = options.attachments ?? [];
  if (files.length) {
    insertDocuments(
      tx,
      { transactionId: transaction.id, messageId: message.id, uploadedBy: author.id, role: author.role },
      files,
      options.now,
    );
  }
  raiseUnread(tx, transaction, author.role, options.now);
  queueMessageEmails(tx, transaction, message, {
    attachments: files.map((f) => f.name),
    now: options.now,
  });
  return message;
}

/**
 * Posts a message (the portal, the workspace, POST /api/transactions/{id}/messages): the actor writes
 * as staff when staff of the transaction (an admin, its agent, a collaborator), else as its client, under
 * their full name. The body was checked by `messageSchema`.
 */
export function postMessage(
  db: Db,
  actor: Actor,
  transactionId: number,
  body: string,
  options: { now?: Date } = {},
): MessageView {
  const now = options.now ?? new Date();
  let staff = false;
  const message = db.transaction((tx) => {
    const transaction = getTransaction(tx, actor, transactionId);
    const user = tx.select().from(users).where(eq(users.id, actor.id)).get();
    if (!user) throw new NotFoundError("Transaction not found");
    staff = isStaffOn(tx, actor, transaction);
    const role: ParticipantRole = staff ? "admin" : "client";
    const stored = storeMessage(tx, transaction, { id: user.id, name: nameOf(user), role }, body, {
      via: "portal",
      now,
    });
    auditMessage(tx, actor, stored, "portal", now);
    return stored;
  });
  return viewsOf(db, staff, [message])[0]!;
}

/** The participant a reply token names (app/models/message-mail.server.ts `participantOfToken`). */
export type Participant = { transactionId: number; address: string; role: ParticipantRole };

/**
 * A reply by e-mail, already checked (the token, the sender, not automatic, not ours: app/infra/
 * inbound-email.server.ts), stored as a message "by e-mail" from the token's participant, with its
 * attachments as documents linked from it. The client's reply is theirs; a staff address's is shown under
 * the full name of the staff member with that address (its agent's, a collaborator's, an admin's), else
 * under the address itself. Null when the thread is gone.
 */
export function receiveReply(
  db: Db,
  participant: Participant,
  reply: { body: string; attachments: NewDocumentFile[] },
  now = new Date(),
): Message | null {
  return db.transaction((tx) => {
    const transaction = tx.select().from(transactions).where(eq(transactions.id, participant.transactionId)).get();
    if (!transaction) return null;
    let author: { id: string | null; name: string; role: ParticipantRole };
    if (participant.role === "client") {
      const client = tx.select().from(users).where(eq(users.id, transaction.userId)).get();
      author = { id: client?.id ?? null, name: client ? nameOf(client) : "Client", role: "client" };
    } else {
      const staff = tx
        .select()
        .from(users)
        .where(and(eq(users.email, participant.address), or(eq(users.isAdmin, true), eq(users.isAgent, true))))
        .get();
      author = { id: staff?.id ?? null, name: staff ? nameOf(staff) : participant.address, role: "admin" };
    }
    const stored = storeMessage(tx, transaction, author, reply.body, {
      via: "email",
      now,
      attachments: reply.attachments,
    });
    // Its author as the audit names people (their user row); an address of nobody's is the system's.
    const writer = author.id ? { id: author.id, isAdmin: false, isAgent: author.role !== "client" } : null;
    auditMessage(tx, writer, stored, "email", now);
    return stored;
  });
}

/** A message sent is in the audit: who, on which transaction, how (the text stays in the thread). */
function auditMessage(tx: DbOrTx, actor: Actor | null, message: Message, via: "portal" | "email", now: Date) {
  recordAudit(tx, actor, {
    action: "message.send",
    subject: { type: "message", id: message.id },
    transactionId: message.transactionId,
    changes: { via },
    at: now,
  });
}

/**
 * A client's message counts as unread for every admin and the transaction's agent and collaborators; a
 * staff message for the client.
 */
function raiseUnread(tx: DbOrTx, transaction: Transaction, authorRole: ParticipantRole, now: Date) {
  const readers =
    authorRole === "client"
      ? [
          ...new Set([
            ...tx
              .select({ id: users.id })
              .from(users)
              .where(eq(users.isAdmin, true))
              .all()
              .map((u) => u.id),
            ...agentsOf(tx, transaction).map((u) => u.id),
          ]),
        ]
      : [transaction.userId];
  for (const userId of readers) {
    tx.insert(unreadMessages)
      .values({ userId, transactionId: transaction.id, count: 1, lastAt: now })
      .onConflictDoUpdate({
        target: [unreadMessages.userId, unreadMessages.transactionId],
        set: { count: sql`${unreadMessages.count} + 1`, lastAt: now },
      })
      .run();
  }
}

/**
 * The thread as its page shows it (the portal, the workspace): a page of messages, how many the viewer
 * had not seen, and, the page being their view of it, those are now seen.
 */
export function threadPage(db: Db, actor: Actor, transactionId: number, options: { before?: number | null } = {}) {
  const page = listMessages(db, actor, transactionId, { before: options.before });
  const unread =
    db
      .select({ count: unreadMessages.count })
      .from(unreadMessages)
      .where(and(eq(unreadMessages.userId, actor.id), eq(unreadMessages.transactionId, transactionId)))
      .get()?.count ?? 0;
  if (unread > 0) markThreadRead(db, actor, transactionId);
  return { ...page, unread };
}

/** The viewer has seen the thread: nothing of it is unread for them. */
export function markThreadRead(db: Db, actor: Actor, transactionId: number) {
  db.delete(unreadMessages)
    .where(and(eq(unreadMessages.userId, actor.id), eq(unreadMessages.transactionId, transactionId)))
    .run();
}

/** How many threads are listed on the dashboard (the most recent unread first). */
export const UNREAD_THREADS_SHOWN = 10;

/**
 * An admin's unread client messages: how many in all, and the threads that have them, the most recent
 * first (the dashboard lists them before anything else), by the index (user_id, last_at).
 */
export function unreadThreads(db: Db, actor: Actor) {
  assertStaff(actor);
  const total = db
    .select({ n: sql<number>`coalesce(sum(${unreadMessages.count}), 0)` })
    .from(unreadMessages)
    .where(eq(unreadMessages.userId, actor.id))
    .get()!.n;
  const threads =
    total === 0
      ? []
      : db
          .select({
            transactionId: unreadMessages.transactionId,
            count: unreadMessages.count,
            lastAt: unreadMessages.lastAt,
            propertyAddress: transactions.propertyAddress,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          })
          .from(unreadMessages)
          .innerJoin(transactions, eq(transactions.id, unreadMessages.transactionId))
          .innerJoin(users, eq(users.id, transactions.userId))
          .where(eq(unreadMessages.userId, actor.id))
          .orderBy(desc(unreadMessages.lastAt))
          .limit(UNREAD_THREADS_SHOWN)
          .all()
          .map((r) => ({
            transactionId: r.transactionId,
            count: r.count,
            lastAt: r.lastAt,
            propertyAddress: r.propertyAddress,
            client: nameOf(r),
          }));
  return { total, threads };
}

/** Hides a message (kept, marked) or shows it again. Staff of its transaction. */
export function setMessageHidden(db: Db, actor: Actor, id: number, hidden: boolean, now = new Date()): void {
  assertStaff(actor);
  const found = db.select({ transactionId: messages.transactionId }).from(messages).where(eq(messages.id, id)).get();
  if (!found || !findTransaction(db, actor, found.transactionId)) throw new NotFoundError(NOT_FOUND);
  getTransactionAsStaff(db, actor, found.transactionId);
  db.transaction((tx) => {
    tx.update(messages)
      .set(hidden ? { hiddenAt: now, hiddenBy: actor.id } : { hiddenAt: null, hiddenBy: null })
      .where(eq(messages.id, id))
      .run();
    recordAudit(tx, actor, {
      action: "message.hide",
      subject: { type: "message", id },
      transactionId: found.transactionId,
      changes: { hidden },
      at: now,
    });
  });
}

/** A page of a thread (`threadPage`) as a page's data: its messages in the API's shape. */
export const toThreadJson = ({ messages, ...rest }: ReturnType<typeof threadPage>) => ({
  ...rest,
  messages: messages.map(toMessageJson),
});

/** The JSON of a message (the API's shape; `hidden` only for admins, who alone see hidden ones). */
export function toMessageJson(m: MessageView) {
  return {
    id: m.id,
    author: { name: m.author.name, role: m.author.role },
    body: m.body,
    via: m.via,
    createdAt: m.createdAt.toISOString(),
    attachments: m.attachments,
    ...(m.hiddenAt ? { hidden: true } : {}),
  };
}
