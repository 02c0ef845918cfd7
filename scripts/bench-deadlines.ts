/**
 * Part of `npm run bench`: deadlines, shown as "Key dates" (docs/decisions/018-deadlines.md).
 * - Reminder ticks over 10,000 active transactions with a contract, in this process with the sender's
 *   own loop (app/infra/mail-sender.server.ts `queueReminders`) from 8:00 on a busy morning: each tick's
 *   time and deadlines reminded (at most 80 a tick), the longest slice (how long a request could wait
 *   behind it), and how many ticks the morning takes (goal: a tick under one second).
 * - On the real server: `/client-portal` of a client with a contract (goal p95 <= 15 ms) and their calendar
 *   feed `/calendar/{token}.ics` (goal p95 <= 10 ms), 500 sequential requests after 200 (bench-server.ts).
 * Prints figures; asserts nothing.
 */
import { env } from "~/config/env.server";
import { queueReminders } from "~/infra/mail-sender.server";
import { addDaysTo, instantAt } from "~/lib/plain-date";
import { calendarToken } from "~/models/calendar.server";
import { saveContract } from "~/models/contract.server";
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

const TRANSACTIONS = Number(process.env.BENCH_CONTRACTS ?? 10_000);
const GOAL = { tickMs: 1000, portalP95: 15, feedP95: 10 };
/** The morning measured: acceptance dates are spread over the 60 days before it. */
const MORNING = "2027-03-10";

export async function benchDeadlines(options: { port: number; dir: string }) {
  const { database, db, admin } = freshBenchDatabase(options.dir, "deadlines");
  const start = performance.now();
  db.transaction(() => {
    for (let i = 0; i < TRANSACTIONS; i++) {
      const t = createTransaction(
        db,
        admin,
        {
          email: `contract-${i}@example.com`,
          type: i % 2 ? "selling" : "buying",
          propertyAddress: `${i} Clock St`,
          homeValue: "900000",
        },
        { notify: false },
      );
      saveContract(db, admin, t.id, { acceptedOn: addDaysTo(MORNING, -(i % 60)), closingOn: null, days: {} });
    }
  });
  const client = upsertUserFromClaims(db, { email: "contract-7@example.com", firstName: "Bench" });
  const portalTransaction = db.$client
    .prepare("SELECT id FROM transactions WHERE user_id = ?")
    .pluck()
    .get(client.id) as number;
  initializeMilestones(db, admin, portalTransaction);
  console.log(
    `deadlines: ${TRANSACTIONS} active transactions with a contract (${TRANSACTIONS * 7} deadlines) written in ` +
      `${((performance.now() - start) / 1000).toFixed(1)} s`,
  );

  // The tick, at 8:00 on the morning: every reminder due that day, a slice at a time.
  const now = instantAt(MORNING, env().mail.reminderHour);
  const slices: number[] = [];
  let sliceStart = performance.now();
  // Called by the loop before each slice: the time since the previous call is that slice's (and its yield).
  const measured = () => {
    const t = performance.now();
    if (t - sliceStart > 0.5) slices.push(t - sliceStart);
    sliceStart = t;
    return now;
  };
  const ticks: { ms: number; reminded: number }[] = [];
  for (;;) {
    const tickStart = performance.now();
    sliceStart = tickStart;
    const reminded = await queueReminders(db, measured);
    ticks.push({ ms: performance.now() - tickStart, reminded });
    if (reminded === 0) break;
  }
  const busy = ticks.filter((t) => t.reminded > 0);
  const slowest = Math.max(...ticks.map((t) => t.ms));
  console.log(
    `deadlines: the 8:00 reminders over ${TRANSACTIONS} transactions: ${busy.reduce((n, t) => n + t.reminded, 0)} ` +
      `deadlines in ${busy.length} ticks of at most 80; slowest tick ${slowest.toFixed(0)} ms (goal < ${GOAL.tickMs} ms: ` +
      `${slowest < GOAL.tickMs ? "met" : "NOT met"}), longest slice ${Math.max(0, ...slices).toFixed(1)} ms; ` +
      `a tick with nothing due ${ticks.at(-1)!.ms.toFixed(1)} ms`,
  );

  // The ticks' e-mails are not what is measured next: the server's sender would deliver them meanwhile.
  db.$client.prepare("DELETE FROM email_outbox").run();
  const token = calendarToken(db, client);
  const cookie = await sessionCookie(db, client.id);
  db.$client.close();

  const { base, server } = await startBenchServer(options.port, {
    DATABASE_URL: database,
    SESSION_SECRET: BENCH_SECRET,
    MAIL_DIR: `${options.dir}/mail`,
    // The sender would queue this morning's reminders meanwhile; not what is measured here.
    MAIL_TICK_SECONDS: "3600",
  });
  try {
    for (const [label, path, headers, goal] of [
      ["/client-portal with a contract", "/client-portal", { cookie }, GOAL.portalP95],
      ["/calendar/{token}.ics", `/calendar/${token}.ics`, {}, GOAL.feedP95],
    ] as const) {
      const { cold, status, ...timed } = await sequentialTimes(`${base}${path}`, headers);
      console.log(
        `deadlines: GET ${label}${status === 200 ? "" : ` (${status})`}: ${describeTimes(timed, goal)}` +
          describeCold(cold),
      );
    }
  } finally {
    server.kill();
  }
}
