/**
 * Part of `npm run bench`: 10,000 due e-mails delivered by the real server
 * (the production server, SMTP_URL at a local SMTP sink, MAIL_TICK_SECONDS=1) — messages
 * per second and the server's memory (resident now and peak, from /proc).
 * Prints figures; asserts nothing.
 */
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { createElement } from "react";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "~/db/client.server";
import { emailContents, emailOutbox } from "~/db/schema";
import { DripEmail } from "~/emails/drip";
import { renderEmail } from "~/emails/render.server";
import { DEFAULT_SITE } from "~/config/site";
import { processMemory, startBenchServer } from "./bench-server";

const MESSAGES = Number(process.env.BENCH_MAIL_MESSAGES ?? 10_000);

export async function benchMail(options: { port: number; dir: string }) {
  let received = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received += 1;
        callback();
      });
    },
  });
  const smtpPort = options.port + 2;
  await new Promise<void>((resolve) => sink.listen(smtpPort, "127.0.0.1", () => resolve()));
  const database = `${options.dir}/mail-bench.db`;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
  const { base, server } = await startBenchServer(options.port, {
    DATABASE_URL: database,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_TICK_SECONDS: "1",
  });
  try {
    const before = processMemory(server.pid!);

    // 10,000 drip-sized messages, due now, written straight into the outbox (as a burst of leads would).
    const { html, text } = renderEmail(
      createElement(DripEmail, {
        site: DEFAULT_SITE,
        appUrl: base,
        preview: "Bench",
        unsubscribeUrl: `${base}/unsubscribe/x.y`,
        paragraphs: [["Hi Bench,"], ["What our flat fee includes.".repeat(20)]],
      }),
    );
    const db = openDatabase(database);
    const now = new Date();
    const start = performance.now();
    db.transaction((tx) => {
      for (let i = 0; i < MESSAGES; i++) {
        const { id } = tx
          .insert(emailOutbox)
          .values({
            kind: "drip",
            toAddress: `lead${i}@bench.test`,
            subject: `Bench ${i}`,
            messageId: `<${randomUUID()}@localhost>`,
            nextAttemptAt: now,
          })
          .returning({ id: emailOutbox.id })
          .get();
        tx.insert(emailContents)
          .values({
            emailId: id,
            textBody: text,
            htmlBody: html,
            headers: { "List-Unsubscribe": `<${base}/unsubscribe/x.y>` },
          })
          .run();
      }
    });
    db.$client.close();

    let peakRss = before.rssMb;
    const deadline = Date.now() + 300_000;
    while (received < MESSAGES && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      peakRss = Math.max(peakRss, processMemory(server.pid!).rssMb);
    }
    const seconds = (performance.now() - start) / 1000;
    const after = processMemory(server.pid!);
    console.log(
      `mail: ${received} of ${MESSAGES} e-mails delivered to a local SMTP sink in ${seconds.toFixed(1)} s = ` +
        `${(received / seconds).toFixed(0)} messages/s (goal ≥ 200); server memory ${before.rssMb.toFixed(0)} MB before, ` +
        `peak ${peakRss.toFixed(0)} MB during, ${after.rssMb.toFixed(0)} MB after (process high-water mark ${after.peakMb.toFixed(0)} MB)`,
    );
  } finally {
    server.kill();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  }
}
