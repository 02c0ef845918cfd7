/**
 * Messages by e-mail, outward: each message of a conversation is queued (the outbox) for the other side: a
 * client's for staff (the transaction's agent and collaborators, else each LEAD_ALERT_EMAILS address), a
 * staff message for the client, even one who turned
 * milestone notices off (a conversation, not a notice). With INBOUND_EMAIL_DOMAIN each e-mail answers to
 * reply+TOKEN@that domain: a new random token per e-mail (160 bits), stored as its SHA-256, naming one
 * participant (the address it went to, and its side) of one thread. A reply to it comes back through
 * app/models/inbound-email.server.ts, which finds the participant with `participantOfToken`.
 */
import { homeOf } from "~/lib/home-name";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import type { DbOrTx } from "~/db/client.server";
import { replyTokens, users, type Message, type Transaction } from "~/db/schema";
import type { ParticipantRole } from "~/domain/enums";
import { MessageEmail } from "~/emails/message";
import { renderEmail } from "~/emails/render.server";
import { env } from "~/config/env.server";
import { replyAddress } from "~/lib/inbound-rules";
import { WIRE_FRAUD_NOTICE } from "~/lib/message-schema";
import { recipientOf } from "~/models/client-notices.server";
import { enqueueEmail } from "~/models/mail-queue.server";
import { sha256Hex } from "~/models/secret-token.server";
import { staffRecipients } from "~/models/staff-recipients.server";
import { tabPath } from "~/lib/workspace-tabs";

/** A new reply token for one participant of one thread; only its hash is kept. */
function newReplyToken(
  tx: DbOrTx,
  participant: { transactionId: number; address: string; role: ParticipantRole },
  now: Date,
) {
  const token = randomBytes(20).toString("hex");
  tx.insert(replyTokens)
    .values({ tokenHash: sha256Hex(token), ...participant, address: participant.address.toLowerCase(), createdAt: now })
    .run();
  return token;
}

/** The participant a token names, or undefined (an unknown token). */
export function participantOfToken(db: DbOrTx, token: string) {
  return db
    .select({ transactionId: replyTokens.transactionId, address: replyTokens.address, role: replyTokens.role })
    .from(replyTokens)
    .where(eq(replyTokens.tokenHash, sha256Hex(token)))
    .get();
}

export const REPLY_HINTS = {
  byEmail:
    "Reply to this e-mail to answer: your reply is added to the conversation. You can also answer in the portal.",
  inPortal: "Please reply in the portal: replies to this e-mail are not read.",
} as const;

/** Queues the e-mails of a new message to the other side of its thread. */
export function queueMessageEmails(
  tx: DbOrTx,
  transaction: Transaction,
  message: Message,
  options: { attachments: string[]; now: Date },
) {
  const settings = env().mail;
  const client = tx.select().from(users).where(eq(users.id, transaction.userId)).get();
  if (!client) return;
  const property = homeOf(transaction);
  const toStaff = message.authorRole === "client";
  // The staff side: the transaction's agent and collaborators; without any, the agency's staff addresses.
  const staffAddresses = toStaff ? staffRecipients(tx, transaction) : [];
  const recipients: Array<{ address: string; name: string | null; role: ParticipantRole; url: string }> = toStaff
    ? staffAddresses.map((to) => ({
        ...to,
        role: "admin" as const,
        url: `${settings.appUrl}${tabPath(transaction.id, "messages")}#messages`,
      }))
    : [
        {
          ...recipientOf(client),
          role: "client" as const,
          url: `${settings.appUrl}/client-portal#messages`,
        },
      ];
  const subject = `Message about ${property}`;
  for (const recipient of recipients) {
    const token = settings.inboundDomain
      ? newReplyToken(
          tx,
          { transactionId: transaction.id, address: recipient.address, role: recipient.role },
          options.now,
        )
      : null;
    const { html, text } = renderEmail(
      createElement(MessageEmail, {
        site: settings.site,
        appUrl: settings.appUrl,
        preview: `${message.authorName}: ${message.body.slice(0, 120)}`,
        author: message.authorName,
        property,
        body: message.body,
        attachments: options.attachments,
        threadUrl: recipient.url,
        replyHint: token ? REPLY_HINTS.byEmail : REPLY_HINTS.inPortal,
        wireNotice: WIRE_FRAUD_NOTICE,
      }),
    );
    enqueueEmail(
      tx,
      {
        kind: "message",
        to: { address: recipient.address, name: recipient.name },
        replyTo: token && settings.inboundDomain ? replyAddress(token, settings.inboundDomain) : null,
        subject,
        text,
        html,
        // One thread in the reader's mail program: every e-mail of this conversation refers to the same id.
        headers: { References: `<thread-${transaction.id}@${settings.messageIdDomain}>` },
        links: { transactionId: transaction.id },
      },
      options.now,
    );
  }
}
