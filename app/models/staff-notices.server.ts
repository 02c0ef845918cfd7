/**
 * Staff notices (transactional e-mail to the transaction's agent and collaborators, else LEAD_ALERT_EMAILS,
 * else ADMIN_EMAILS, else the agency's own address): a client uploaded documents to their transaction. One e-mail per staff address, answering
 * to the client.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import type { DbOrTx } from "~/db/client.server";
import { users, type Transaction } from "~/db/schema";
import { ClientUploadEmail } from "~/emails/staff-notice";
import { renderEmail } from "~/emails/render.server";
import { env } from "~/config/env.server";
import { enqueueEmail } from "~/models/mail-queue.server";
import { staffRecipients } from "~/models/staff-recipients.server";
import { fullName } from "~/lib/format";
import { tabPath } from "~/lib/workspace-tabs";

export function noticeClientUpload(db: DbOrTx, transaction: Transaction, clientId: string, files: string[], now: Date) {
  const settings = env().mail;
  const client = db.select().from(users).where(eq(users.id, clientId)).get();
  if (!client || files.length === 0) return;
  const name = fullName(client) || client.email;
  const property = transaction.propertyAddress || "address to be confirmed";
  const subject =
    files.length === 1
      ? `${name} uploaded "${files[0]}" (${property})`
      : `${name} uploaded ${files.length} documents (${property})`;
  const { html, text } = renderEmail(
    createElement(ClientUploadEmail, {
      site: settings.site,
      appUrl: settings.appUrl,
      preview: subject,
      client: name,
      clientEmail: client.email,
      property,
      files,
      transactionUrl: `${settings.appUrl}${tabPath(transaction.id, "documents")}#documents`,
    }),
  );
  for (const to of staffRecipients(db, transaction)) {
    enqueueEmail(
      db,
      {
        kind: "staff_notice",
        to,
        replyTo: client.email,
        subject,
        text,
        html,
        links: { transactionId: transaction.id },
      },
      now,
    );
  }
}
