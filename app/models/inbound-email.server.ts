/**
 * Mail coming back: two doors, one path. The SMTP door (inbound-smtp.server.ts, INBOUND_SMTP_PORT) and the
 * provider's webhook (app/routes/api.inbound-email.ts, Postmark's inbound JSON) each turn what they
 * received into an `InboundMail`; `acceptInboundEmail` then
 * 1. finds the thread and participant by the reply token (reply+TOKEN@INBOUND_EMAIL_DOMAIN);
 * 2. accepts only mail whose sender is that participant's address;
 * 3. ignores automatic mail (RFC 3834) and our own e-mails coming back (our Message-ID domain);
 * 4. keeps the reply's new text only (app/lib/inbound-rules.ts; never HTML), and its attachments that pass
 *    the documents' rules (type by their bytes, size), each saved in the file store the door passes in
 *    (app/models/files.server.ts) as a document of the transaction;
 * 5. stores it as a message "by e-mail" (app/models/message.server.ts `receiveReply`), which e-mails it
 *    to the other side.
 * Whatever is dropped is logged, and the door answers as if it were accepted: no oracle for tokens.
 */
import { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { env } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import { isAutomatic, isOwnMessageId, newText, normalAddress, tokenOf, TOKEN_PATTERN } from "~/lib/inbound-rules";
import { cleanFileName, DOCUMENT_TYPES, MAX_FILES_PER_UPLOAD } from "~/lib/upload-rules";
import type { NewDocumentFile } from "~/models/document.server";
import { DOCUMENTS_FOLDER, type FileStore } from "~/models/files.server";
import { participantOfToken } from "~/models/message-mail.server";
import { receiveReply } from "~/models/message.server";

/** A received e-mail, whichever door it came through. Header names are lowercase. */
export type InboundMail = {
  /** The addresses it was sent to (the envelope's, or the To/Cc headers'). */
  recipients: string[];
  /** The token as the provider parsed it (Postmark's MailboxHash), if any. */
  token?: string | null;
  /** The From address. */
  from: string | null;
  /** The return path (the envelope's MAIL FROM, or Return-Path): "" for a bounce; null when unknown. */
  returnPath: string | null;
  headers: Map<string, string>;
  messageId: string | null;
  /** The plain-text body (a text part, or the provider's text). */
  text: string;
  attachments: Array<{ name: string; content: Buffer }>;
};

export type InboundOutcome = "stored" | "unknown-token" | "wrong-sender" | "automatic" | "own" | "empty";

/** The participant a received mail's token names, if any (the SMTP door's RCPT TO check uses it too). */
export function participantOfAddress(db: Db, address: string) {
  const domain = env().inbound.domain;
  const token = domain ? tokenOf(address, domain) : null;
  return token ? participantOfToken(db, token) : undefined;
}

function participantOf(db: Db, mail: InboundMail) {
  const hash = mail.token?.trim().toLowerCase();
  if (hash && TOKEN_PATTERN.test(hash)) return participantOfToken(db, hash);
  for (const address of mail.recipients) {
    const participant = participantOfAddress(db, address);
    if (participant) return participant;
  }
  return undefined;
}

export async function acceptInboundEmail(
  db: Db,
  files: FileStore,
  mail: InboundMail,
  now = new Date(),
): Promise<{ outcome: InboundOutcome; messageId?: number }> {
  const participant = participantOf(db, mail);
  const drop = (outcome: InboundOutcome, why: string) => {
    console.info(`[inbound] dropped (${outcome}): ${why}`);
    return { outcome };
  };
  if (!participant) return drop("unknown-token", `to ${mail.recipients.join(", ") || "nobody"}`);
  const from = mail.from ? normalAddress(mail.from) : "";
  if (from !== participant.address) {
    return drop("wrong-sender", `from ${from || "nobody"}, the token is for another address`);
  }
  if (isAutomatic(mail)) return drop("automatic", `from ${from}`);
  if (isOwnMessageId(mail.messageId, env().mail.messageIdDomain)) return drop("own", `Message-ID ${mail.messageId}`);

  const body = newText(mail.text);
  const attachments = await storeAttachments(mail.attachments, files);
  const discard = () => Promise.all(attachments.map((f) => files.delete(f.key)));
  if (!body && attachments.length === 0) return drop("empty", `from ${from}: no new text and no attachment kept`);
  try {
    const message = receiveReply(db, participant, { body, attachments }, now);
    if (!message) {
      await discard();
      return drop("unknown-token", "the thread is gone");
    }
    console.info(`[inbound] message ${message.id} from ${from} in transaction ${participant.transactionId}`);
    return { outcome: "stored", messageId: message.id };
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * The attachments that pass the documents' rules, stored: at most MAX_FILES_PER_UPLOAD, each at most
 * UPLOAD_MAX_MB and of an accepted type by its bytes. Others are left out (and logged), not the reply.
 */
async function storeAttachments(attachments: InboundMail["attachments"], files: FileStore) {
  const maxBytes = env().uploadMaxBytes;
  const stored: NewDocumentFile[] = [];
  for (const attachment of attachments) {
    const name = cleanFileName(attachment.name || "attachment");
    const type = (await fileTypeFromBuffer(attachment.content))?.mime;
    const refused =
      stored.length >= MAX_FILES_PER_UPLOAD
        ? "one file too many"
        : attachment.content.length > maxBytes
          ? "too large"
          : !type || !Object.hasOwn(DOCUMENT_TYPES, type)
            ? `type ${type ?? "unknown"} not accepted`
            : null;
    if (refused) {
      console.info(`[inbound] attachment "${name}" left out: ${refused}`);
      continue;
    }
    const file = await files.put(DOCUMENTS_FOLDER, Readable.from([attachment.content]));
    stored.push({ ...file, name, contentType: type! });
  }
  return stored;
}
