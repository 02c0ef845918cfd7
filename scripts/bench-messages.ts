/**
 * Part of `npm run bench`: messages (docs/decisions/019-messages.md).
 * - On the real server, a thread of 1,000 messages: `/client-portal` and the admin's transaction page
 *   (goal p95 <= 20 ms), and the open page's poll (`GET /api/transactions/{id}/messages?after={newest}`),
 *   500 sequential requests after 200 (bench-server.ts).
 * - The SMTP door: 100 replies a second for 10 s (nodemailer, 10 connections) to reply addresses of 50
 *   threads, while `/` is under load (20 connections): its p99 before and during (goal <= 25 ms), and how
 *   many replies were stored. The server runs as deployed: a primary (the SMTP door, mail) and
 *   BENCH_WORKERS web processes (default 2).
 * Prints figures; asserts nothing.
 */
import nodemailer from "nodemailer";
import { openDatabase } from "~/db/client.server";
import { postMessage } from "~/models/message.server";
import { initializeMilestones } from "~/models/milestone.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import {
  BENCH_SECRET,
  describeCold,
  describeTimes,
  sequentialTimes,
  sessionCookie,
  startBenchServer,
  freshBenchDatabase,
} from "./bench-server";
import { describeLoad, load } from "./load";

const DOMAIN = "reply.bench.test";
// The reply tokens are made when a message is queued, and only with a reply domain: this process's own
// configuration (read once, on first use, after this line) has one, as the server's has.
process.env.INBOUND_EMAIL_DOMAIN ??= DOMAIN;

const THREAD = 1000;
const THREADS_REPLIED = 50;
const RATE = 100;
const SECONDS = 10;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const GOAL = { pageP95: 20, rootP99: 25 };

export async function benchMessages(options: { port: number; dir: string }) {
  const { database, db, admin } = freshBenchDatabase(options.dir, "messages", "Alex");
  const client = upsertUserFromClaims(db, { email: "thread@example.com", firstName: "Bench", lastName: "Client" });
  const open = (email: string, i: number) =>
    createTransaction(
      db,
      admin,
      { email, type: "buying", propertyAddress: `${i} Thread St`, homeValue: "900000" },
      { notify: false },
    );
  const thread = open(client.email, 0);
  initializeMilestones(db, admin, thread.id);
  const start = Date.UTC(2027, 0, 1);
  db.transaction(() => {
    for (let i = 0; i < THREAD; i++) {
      const text = `Message ${i}: the inspection report is in; see page ${i % 40}. https://example.com/r/${i}\nThanks!`;
      postMessage(db, i % 3 ? admin : client, thread.id, text, { now: new Date(start + i * 60_000) });
    }
  });
  const newest = db.$client.prepare("SELECT max(id) FROM messages").pluck().get() as number;
  // 50 threads whose client was written to: each e-mail's reply address is one client's.
  const replyAddresses: Array<{ from: string; to: string }> = [];
  for (let i = 1; i <= THREADS_REPLIED; i++) {
    const email = `replier-${i}@example.com`;
    const t = open(email, i);
    postMessage(db, admin, t.id, "The appraisal is booked for Friday.");
    const to = db.$client
      .prepare("SELECT reply_to FROM email_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1")
      .pluck()
      .get(email) as string;
    replyAddresses.push({ from: email, to });
  }
  // Not what is measured: the server's sender would deliver these meanwhile.
  db.$client.prepare("DELETE FROM email_outbox").run();
  const clientCookie = await sessionCookie(db, client.id);
  const adminCookie = await sessionCookie(db, admin.id);
  db.$client.close();

  const smtpPort = options.port + 5;
  const { base, server } = await startBenchServer(options.port, {
    DATABASE_URL: database,
    SESSION_SECRET: BENCH_SECRET,
    MAIL_DIR: `${options.dir}/mail`,
    INBOUND_EMAIL_DOMAIN: DOMAIN,
    INBOUND_SMTP_PORT: String(smtpPort),
    WEB_CONCURRENCY: String(WORKERS),
  });
  try {
    for (const [label, path, cookie, goal] of [
      [`/client-portal, a thread of ${THREAD} messages`, "/client-portal", clientCookie, GOAL.pageP95],
      [`/admin/transactions/{id}, the same thread`, `/admin/transactions/${thread.id}`, adminCookie, GOAL.pageP95],
      // The same page with one message: what the rest of the page costs.
      [`/admin/transactions/{id}, a thread of 1 (reference)`, `/admin/transactions/${thread.id + 1}`, adminCookie, 0],
      ["the open page's poll, nothing new", `/api/transactions/${thread.id}/messages?after=${newest}`, clientCookie, 0],
    ] as const) {
      const { cold, status, ...timed } = await sequentialTimes(`${base}${path}`, { cookie });
      console.log(
        `messages: GET ${label}${status === 200 ? "" : ` (${status})`}: ${describeTimes(timed, goal)}` +
          describeCold(cold),
      );
    }

    const html = { accept: "text/html", "accept-encoding": "gzip, deflate, br" };
    const quiet = await load(`${base}/`, { headers: html });
    console.log(`messages: load, GET / with no mail arriving: ${describeLoad(quiet)}`);
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: smtpPort,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 10,
      maxMessages: Infinity,
    });
    let sent = 0;
    let failed = 0;
    const sending: Promise<unknown>[] = [];
    const began = performance.now();
    const during = load(`${base}/`, { headers: html, seconds: SECONDS - 2 });
    for (let i = 0; i < RATE * SECONDS; i++) {
      // Paced: message i leaves at i / RATE seconds.
      const wait = began + (i * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const { from, to } = replyAddresses[i % replyAddresses.length]!;
      sending.push(
        transport
          .sendMail({
            from,
            to,
            subject: "Re: Message about the house",
            text: `Reply ${i}: Friday works.\n\nOn Mon, Nov 23, 2026 at 9:00 AM Agency wrote:\n> The appraisal is booked for Friday.\n`,
          })
          .then(
            () => (sent += 1),
            () => (failed += 1),
          ),
      );
    }
    await Promise.all(sending);
    const elapsed = (performance.now() - began) / 1000;
    const busy = await during;
    transport.close();
    const check = openDatabase(database);
    const stored = check.$client.prepare("SELECT count(*) FROM messages WHERE via = 'email'").pluck().get() as number;
    check.$client.close();
    console.log(
      `messages: SMTP door, ${sent} replies accepted (${failed} refused) in ${elapsed.toFixed(1)} s ` +
        `(${(sent / elapsed).toFixed(0)}/s), ${stored} stored as messages`,
    );
    console.log(
      `messages: load, GET / while they arrive: ${describeLoad(busy)} (p99 goal <= ${GOAL.rootP99} ms: ` +
        `${busy.p99 <= GOAL.rootP99 ? "met" : "NOT met"})`,
    );
  } finally {
    server.kill();
  }
}
