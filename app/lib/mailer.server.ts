/**
 * The sender, in the server process: every tick it queues the drip e-mails
 * that are due, then delivers due outbox rows in bounded batches through one
 * pooled nodemailer transport (SMTP_URL), or, with no SMTP_URL, writes each
 * message as a standard .eml file to MAIL_DIR (data/mail/ by default).
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { Db } from "~/db/client.server";
import type { OutboxEmail } from "~/db/schema";
import type { MailSettings } from "~/lib/mail-settings.server";
import { processDueDrips } from "~/models/nurturing.server";
import { claimDue, markAttemptFailed, markSent } from "~/models/outbox.server";

export type MailTransport = {
  /** Delivers one message; resolves with the provider's id, rejects with its error (responseCode for SMTP). */
  send(row: OutboxEmail): Promise<string | null>;
  close(): void;
  describe: string;
};

function message(row: OutboxEmail, from: string) {
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
      async send(row) {
        const info = await transporter.sendMail(message(row, settings.from));
        return (info as { messageId?: string }).messageId ?? null;
      },
      close: () => transporter.close(),
    };
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: `.eml files in ${path.resolve(settings.mailDir)}`,
    async send(row) {
      const info = (await writer.sendMail(message(row, settings.from))) as { message: Buffer };
      await fs.mkdir(settings.mailDir, { recursive: true });
      const name = `${row.createdAt.toISOString().replace(/[:.]/g, "-")}-${row.id}-${row.kind}.eml`;
      await fs.writeFile(path.join(settings.mailDir, name), info.message);
      return name;
    },
    close: () => writer.close(),
  };
}

/**
 * Delivers due messages in batches of `batchSize` (each batch sent in
 * parallel over the pooled transport) until none is due or `budgetMs` is spent.
 */
export async function deliverDue(
  db: Db,
  transport: MailTransport,
  settings: Pick<MailSettings, "tickMs">,
  options: { now?: () => Date; batchSize?: number; budgetMs?: number } = {},
) {
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 100;
  const deadline = Date.now() + (options.budgetMs ?? settings.tickMs);
  const counts = { sent: 0, failed: 0 };
  while (Date.now() < deadline) {
    const rows = claimDue(db, now(), batchSize, settings.tickMs);
    if (rows.length === 0) break;
    await Promise.all(
      rows.map(async (row) => {
        try {
          markSent(db, row.id, await transport.send(row), now());
          counts.sent += 1;
        } catch (error) {
          markAttemptFailed(db, row, error, now(), settings.tickMs);
          counts.failed += 1;
          console.warn(
            `[mail] delivery of #${row.id} to ${row.toAddress} failed (attempt ${row.attempts}):`,
            (error as Error).message,
          );
        }
      }),
    );
  }
  return counts;
}

/** Drips queued per tick, in slices with a pause between: rendering 200 e-mails at once would hold every request for a few hundred ms. */
const DRIPS_PER_TICK = 200;
const DRIP_SLICE = 20;

/** One tick: queue due drips (a slice at a time, letting requests run in between), then deliver. */
export async function mailTick(
  db: Db,
  transport: MailTransport,
  settings: MailSettings,
  now: () => Date = () => new Date(),
) {
  for (let queued = 0; queued < DRIPS_PER_TICK;) {
    const slice = processDueDrips(db, now(), settings, DRIP_SLICE);
    if (slice === 0) break;
    queued += slice;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return deliverDue(db, transport, settings, { now });
}

/**
 * Starts the sender: a tick now and every MAIL_TICK_SECONDS (never two at
 * once). `stop()` waits for the current batch, then closes the transport.
 */
export function startMailer(getDb: () => Db, settings: MailSettings) {
  const transport = createMailTransport(settings);
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = mailTick(getDb(), transport, settings)
      .catch((error: unknown) => console.error("[mail] tick failed:", error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, settings.tickMs);
  timer.unref();
  tick();
  return {
    transport,
    async stop() {
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
