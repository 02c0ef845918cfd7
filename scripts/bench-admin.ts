/**
 * Part of `npm run bench`: the admin pages on a large database (100,000
 * contact submissions, half of them nurtured, and 100,000 transactions),
 * served by the real server as the README deploys it on a 2-core host (WEB_CONCURRENCY=2; BENCH_WORKERS
 * changes it); single-request median and p95 of 100 sequential GETs by a signed-in admin after 20 to warm
 * up, then requests/s under 20 connections (autocannon). Prints figures; asserts nothing.
 */
import { rmSync } from "node:fs";
import { openDatabase } from "~/db/client.server";
import { createDbSessionStorage } from "~/infra/session.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { startBenchServer } from "./bench-server";
import { describeLoad, load } from "./load";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const WORKERS = process.env.BENCH_WORKERS ?? "2";
const SECRET = "bench-session-secret-of-at-least-32-characters";

function fill(database: string) {
  const db = openDatabase(database);
  const admin = upsertUserFromClaims(db, { email: "bench-admin@example.com", firstName: "Bench" }, [
    "bench-admin@example.com",
  ]);
  const sqlite = db.$client;
  const start = Date.UTC(2023, 0, 1);
  const span = Date.now() - start;
  sqlite.transaction(() => {
    const campaign =
      (
        sqlite.prepare("select id from lead_nurturing_campaigns order by id limit 1").get() as
          { id: number } | undefined
      )?.id ?? null;
    const submission = sqlite.prepare(
      "insert into contact_submissions (first_name, last_name, email, phone, message, created_at) values (?, ?, ?, ?, ?, ?)",
    );
    const engagement = sqlite.prepare(
      "insert into lead_engagement (contact_submission_id, campaign_id, email, status, current_sequence, next_email_due, score, created_at, updated_at) values (?, ?, ?, ?, 2, ?, ?, ?, ?)",
    );
    const link = sqlite.prepare("update contact_submissions set engagement_id = ? where id = ?");
    const user = sqlite.prepare(
      "insert into users (id, email, first_name, last_name, created_at, updated_at) values (?, ?, ?, ?, ?, ?)",
    );
    const transaction = sqlite.prepare(
      "insert into transactions (user_id, type, property_address, home_value, tier, current_step, status, created_at, updated_at) values (?, ?, ?, ?, 2, ?, ?, ?, ?)",
    );
    const statuses = ["active", "paused", "completed", "unsubscribed", "converted"];
    for (let i = 0; i < ROWS; i++) {
      const at = start + Math.floor((span * i) / ROWS);
      const email = `lead${i}@bench.test`;
      const { lastInsertRowid } = submission.run(
        `First${i}`,
        `Last${i}`,
        email,
        `619555${String(i % 10000).padStart(4, "0")}`,
        i % 3 ? "Looking to sell." : null,
        at,
      );
      if (i % 2 === 0 && campaign) {
        // An agency's active leads wait for their next e-mail in the coming days (a backlog of due drips
        // would make the mail sender, not the page, what is measured).
        const e = engagement.run(
          lastInsertRowid,
          campaign,
          email,
          statuses[i % 5],
          Date.now() + (1 + (i % 14)) * 86400000,
          i % 100,
          at,
          at,
        );
        link.run(e.lastInsertRowid, lastInsertRowid);
      }
      const userId = `bench-user-${i}`;
      user.run(userId, `client${i}@bench.test`, `Client${i}`, `Family${i}`, at, at);
      transaction.run(
        userId,
        i % 2 ? "buying" : "selling",
        `${i} Bench St, San Diego, CA 92101`,
        500000 + (i % 1000) * 1000,
        1 + (i % 13),
        i % 7 ? "active" : "completed",
        at,
        at,
      );
    }
  })();
  return { db, admin };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function benchAdmin(options: { port: number; dir: string }) {
  const database = `${options.dir}/admin-bench.db`;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
  const fillStart = performance.now();
  const { db, admin } = fill(database);
  const storage = createDbSessionStorage({ db: () => db, secret: SECRET, secure: false });
  const session = await storage.getSession();
  session.set("userId", admin.id);
  const cookie = (await storage.commitSession(session)).split(";")[0]!;
  db.$client.close();
  console.log(
    `admin: ${ROWS} submissions and ${ROWS} transactions written in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`,
  );

  console.log(`admin: served with WEB_CONCURRENCY=${WORKERS}`);
  const { base, server } = await startBenchServer(options.port, {
    WEB_CONCURRENCY: WORKERS,
    DATABASE_URL: database,
    SESSION_SECRET: SECRET,
    MAIL_DIR: `${options.dir}/mail`,
  });
  try {
    const pages = [
      "/admin",
      "/admin?q=bench+st&page=2",
      "/admin?page=1000",
      "/admin/leads",
      "/admin/leads?status=paused",
      "/admin/leads?q=last4242",
      "/admin/leads?sort=score",
      "/admin/submissions",
      "/admin/emails",
    ];
    for (const path of pages) {
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < 20; i++) await (await fetch(`${base}${path}`, { headers: { cookie } })).arrayBuffer();
      for (let i = 0; i < 100; i++) {
        const start = performance.now();
        const response = await fetch(`${base}${path}`, { headers: { cookie } });
        await response.arrayBuffer();
        status = response.status;
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 0.95);
      const loaded = await load(`${base}${path}`, { headers: { cookie } });
      const verdict = p95 <= 20 && loaded.rps >= 200 ? "goal met" : "goal NOT met";
      console.log(
        `GET ${path} (${status}): median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; ` +
          `20 connections: ${describeLoad(loaded)} (goal p95 <= 20 ms, >= 200 req/s: ${verdict})`,
      );
    }
  } finally {
    server.kill();
  }
}
