/**
 * How a queued e-mail leaves: through one pooled nodemailer SMTP transport (SMTP_URL), or, with no
 * SMTP_URL, as a standard .eml file in MAIL_DIR (data/mail/ by default). nodemailer builds the MIME.
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { QueuedEmail } from "~/models/mail-queue.server";
import type { MailSettings } from "~/config/env.server";

/** A file sent with a message, its bytes read from the file store (app/infra/mail-sender.server.ts). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type MailTransport = {
  /** Delivers one message; resolves with the provider's id, rejects with its error (responseCode for SMTP). */
  send(row: QueuedEmail, attachments?: MailAttachment[]): Promise<string | null>;
  close(): void;
  describe: string;
};

function message(row: QueuedEmail, from: string, attachments: MailAttachment[]) {
  return {
    from,
    to: { name: row.toName ?? "", address: row.toAddress },
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    messageId: row.messageId,
    date: row.createdAt,
    headers: row.headers,
    // A showing's invitation: a text/calendar part calendar apps offer to add (or remove, METHOD:CANCEL).
    ...(row.calendar
      ? { icalEvent: { method: row.calendar.method, filename: "invite.ics", content: row.calendar.content } }
      : {}),
    ...(attachments.length ? { attachments } : {}),
    // Only the addressee: the envelope never comes from headers or visitor input.
    envelope: { from: addressOf(from), to: [row.toAddress] },
  };
}

const addressOf = (mailbox: string) => mailbox.match(/<([^<>]+)>\s*$/)?.[1] ?? mailbox.trim();

export function createMailTransport(settings: MailSettings): MailTransport {
  if (settings.smtpUrl) {
    const url = new URL(settings.smtpUrl);
    const transporter: Transporter = nodemailer.createTransport({
      url: settings.smtpUrl,
      pool: true,
      maxConnections: 4,
      maxMessages: 1000,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as SMTPPool.Options);
    return {
      describe: `SMTP at ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
      async send(row, attachments = []) {
        const info = await transporter.sendMail(message(row, settings.from, attachments));
        return (info as { messageId?: string }).messageId ?? null;
      },
      close: () => transporter.close(),
    };
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: `.eml files in ${path.resolve(settings.mailDir)}`,
    async send(row, attachments = []) {
      const info = (await writer.sendMail(message(row, settings.from, attachments))) as { message: Buffer };
      await fs.mkdir(settings.mailDir, { recursive: true });
      const name = `${row.createdAt.toISOString().replace(/[:.]/g, "-")}-${row.id}-${row.kind}.eml`;
      await fs.writeFile(path.join(settings.mailDir, name), info.message);
      return name;
    },
    close: () => writer.close(),
  };
}
