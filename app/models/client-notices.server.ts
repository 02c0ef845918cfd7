/**
 * Client notices (transactional e-mail): a welcome when an admin opens a
 * transaction for a client, and a notice when an admin changes a milestone of
 * it or adds documents to it. Changes to one transaction that happen before its
 * notice is sent (within one tick) are merged into that one e-mail. A client can
 * turn these notices off.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { homeOf } from "~/lib/home-name";
import type { DbOrTx } from "~/db/client.server";
import { users, type Milestone, type Transaction } from "~/db/schema";
import { ClientWelcomeEmail, MilestoneNoticeEmail, type MilestoneChange } from "~/emails/client-notice";
import { renderEmail } from "~/emails/render.server";
import { env } from "~/config/env.server";
import { fullName } from "~/lib/format";
import { countOf } from "~/lib/plural";
import { oneLine } from "~/lib/mail-text";
import { MILESTONE_STATUS_LABELS } from "~/lib/progress";
import { enqueueEmail, findMergeable, replaceContent, type OutgoingEmail } from "~/models/mail-queue.server";

const firstNameOf = (user: { firstName: string | null }) => oneLine(user.firstName || "there", 100);
export const recipientOf = (user: { email: string; firstName: string | null; lastName: string | null }) => ({
  address: user.email,
  name: fullName(user) || null,
});

function enqueueNotice(
  db: DbOrTx,
  client: Parameters<typeof recipientOf>[0],
  transaction: Pick<Transaction, "id">,
  content: Pick<OutgoingEmail, "subject" | "text" | "html" | "coalesceKey" | "payload">,
  now: Date,
) {
  enqueueEmail(
    db,
    { kind: "client_notice", to: recipientOf(client), links: { transactionId: transaction.id }, ...content },
    now,
  );
}

/** The welcome e-mail of a transaction an admin opened for a client, with the sign-in link. */
export function noticeTransactionOpened(db: DbOrTx, transaction: Transaction, now: Date) {
  const settings = env().mail;
  const client = db.select().from(users).where(eq(users.id, transaction.userId)).get();
  if (!client) return;
  const subject = `Your ${transaction.type === "buying" ? "purchase" : "sale"} with ${settings.site.name}: your client portal`;
  const { html, text } = renderEmail(
    createElement(ClientWelcomeEmail, {
      site: settings.site,
      appUrl: settings.appUrl,
      preview: subject,
      firstName: firstNameOf(client),
      property: homeOf(transaction),
      kind: transaction.type,
      signInUrl: `${settings.appUrl}/client-portal`,
      email: client.email,
    }),
  );
  enqueueNotice(db, client, transaction, { subject, text, html }, now);
}

/** What a queued update notice of one transaction says so far: the changed steps and the new documents. */
type TransactionUpdate = { changes: MilestoneChange[]; documents: string[] };

/** Tells the client of a changed milestone (new status, notes or document link), merged with queued changes. */
export function noticeMilestoneChanged(db: DbOrTx, transaction: Transaction, milestone: Milestone, now: Date) {
  const change: MilestoneChange = {
    step: milestone.stepNumber,
    title: milestone.title,
    status: MILESTONE_STATUS_LABELS[milestone.status].label,
    note: milestone.adminNotes,
    documentUrl: milestone.documentUrl,
  };
  mergeUpdate(db, transaction, now, (update) => ({
    ...update,
    changes: [...update.changes.filter((c) => c.step !== change.step), change].sort((a, b) => a.step - b.step),
  }));
}

/** Tells the client of documents staff added to their transaction, merged with queued changes. */
export function noticeDocumentsAdded(db: DbOrTx, transaction: Transaction, names: string[], now: Date) {
  mergeUpdate(db, transaction, now, (update) => ({ ...update, documents: [...update.documents, ...names] }));
}

/**
 * The subject of an update notice, naming the transaction: one change or one document by name
 * ("Your sale at 123 Main St: Offer accepted is Completed"), several as a count of updates ("Your sale at
 * 123 Main St: 6 updates").
 */
function updateSubject(transaction: Pick<Transaction, "type" | "propertyAddress">, update: TransactionUpdate) {
  const { changes, documents } = update;
  const what = `Your ${transaction.type === "buying" ? "purchase" : "sale"}`;
  const of = transaction.propertyAddress ? `${what} at ${transaction.propertyAddress}` : what;
  if (documents.length === 0 && changes.length === 1) return `${of}: ${changes[0]!.title} is ${changes[0]!.status}`;
  if (changes.length === 0 && documents.length === 1) return `${of}: new document "${documents[0]}"`;
  return `${of}: ${countOf(changes.length + documents.length, "update")}`;
}

/**
 * The client's update notice of a transaction: the e-mail still queued for it (within one tick) is
 * rewritten with `apply`'s update, else a new one is queued. Nothing when the client turned notices off.
 */
function mergeUpdate(
  db: DbOrTx,
  transaction: Transaction,
  now: Date,
  apply: (update: TransactionUpdate) => TransactionUpdate,
) {
  const settings = env().mail;
  const client = db.select().from(users).where(eq(users.id, transaction.userId)).get();
  if (!client?.milestoneNotices) return;
  const key = `transaction:${transaction.id}`;
  const queued = findMergeable(db, key);
  const earlier = (queued?.payload ?? null) as Partial<TransactionUpdate> | null;
  const update = apply({ changes: earlier?.changes ?? [], documents: earlier?.documents ?? [] });
  const property = homeOf(transaction);
  const subject = updateSubject(transaction, update);
  const { html, text } = renderEmail(
    createElement(MilestoneNoticeEmail, {
      site: settings.site,
      appUrl: settings.appUrl,
      preview: subject,
      firstName: firstNameOf(client),
      property,
      changes: update.changes,
      documents: update.documents,
      portalUrl: `${settings.appUrl}/client-portal`,
    }),
  );
  if (queued) {
    replaceContent(db, queued.id, { subject, text, html, payload: update }, now);
    return;
  }
  enqueueNotice(db, client, transaction, { subject, text, html, coalesceKey: key, payload: update }, now);
}
