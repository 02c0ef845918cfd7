/**
 * Part of `npm run bench`: every admin page on a large database (scripts/bench-data.ts: `--scale=today`,
 * the default, or `--scale=10y`), served by the real server as the README deploys it on a 2-core host
 * (WEB_CONCURRENCY=2; BENCH_WORKERS changes it). For each page: the median and p95 of 500 sequential GETs
 * by a signed-in admin after 200 to warm up (node:http on one kept-alive connection), then requests/s and
 * p99 under 20 connections (autocannon); then each process's memory after the whole run. Prints figures;
 * asserts nothing.
 */
import { benchDatabase, type Scale } from "./bench-data";
import {
  BENCH_SECRET,
  percentile,
  sequentialTimes,
  serverMemory,
  sessionCookie,
  startBenchServer,
} from "./bench-server";
import { load } from "./load";

const WORKERS = process.env.BENCH_WORKERS ?? "2";
/** The goals: p95 alone, requests/s and p99 at 20 connections, each web process's memory. */
const GOAL = { p95: 20, rps: 200, p99: 250, rssMb: 250 };

export async function benchAdmin(options: { port: number; dir: string; scale: Scale; only?: string[] }) {
  const { scale } = options;
  const database = `${options.dir}/admin-${scale.name}.db`;
  const { db, adminId, written, seconds } = benchDatabase(database, scale);
  console.log(
    `admin (--scale=${scale.name}): ${scale.transactions} transactions, ${scale.leads} leads, ${scale.emails} e-mails ` +
      `${written ? "written" : "reused"} in ${seconds.toFixed(1)} s`,
  );
  // The detail pages' records: a lead with e-mails, a failed e-mail, a campaign, a transaction, a post.
  const one = (sql: string) => (db.$client.prepare(sql).get() as { id: number } | undefined)?.id;
  const lead = one(
    `select id from contact_submissions where engagement_id is not null order by id limit 1 offset ${Math.floor(scale.leads / 2)}`,
  );
  const email = one("select id from email_outbox order by id desc limit 1");
  const campaign = one("select id from lead_nurturing_campaigns order by id desc limit 1");
  const transaction = one(
    `select id from transactions order by id limit 1 offset ${Math.floor(scale.transactions / 2)}`,
  );
  const post = one("select id from blog_posts order by id limit 1");
  const cookie = await sessionCookie(db, adminId);
  db.$client.close();

  console.log(`admin: served with WEB_CONCURRENCY=${WORKERS}`);
  const { base, server } = await startBenchServer(options.port, {
    WEB_CONCURRENCY: WORKERS,
    DATABASE_URL: database,
    SESSION_SECRET: BENCH_SECRET,
    MAIL_DIR: `${options.dir}/mail`,
  });
  try {
    const pages = [
      "/admin",
      "/admin?q=bench+st&page=2",
      "/admin?page=1000",
      "/admin?type=selling",
      "/admin/leads",
      "/admin/leads?status=paused",
      "/admin/leads?status=nurturing&sort=score",
      "/admin/leads?q=last4242",
      "/admin/leads?sort=score",
      "/admin/leads?page=1000",
      lead ? `/admin/leads/${lead}` : null,
      "/admin/submissions",
      "/admin/emails",
      "/admin/emails?status=failed",
      "/admin/emails?kind=drip",
      "/admin/emails?status=sent&kind=lead_alert",
      email ? `/admin/emails/${email}` : null,
      "/admin/campaigns",
      campaign ? `/admin/campaigns/${campaign}` : null,
      "/admin/blog",
      post ? `/admin/blog/${post}` : null,
      transaction ? `/admin/transactions/${transaction}` : null,
      "/admin/transactions/new",
    ]
      .filter((path): path is string => path !== null)
      .filter((path) => !options.only || options.only.includes(path));
    const memoryBefore = serverMemory(server.pid!);
    console.log(
      `${"page".padEnd(44)} ${"median".padStart(7)} ${"p95".padStart(7)}  ${"req/s".padStart(6)} ${"p99".padStart(6)}  goal`,
    );
    for (const path of pages) {
      const { times, status } = await sequentialTimes(`${base}${path}`, { cookie });
      const p95 = percentile(times, 0.95);
      const loaded = await load(`${base}${path}`, { headers: { cookie } });
      const met = p95 <= GOAL.p95 && loaded.rps >= GOAL.rps && loaded.p99 <= GOAL.p99 && status === 200;
      console.log(
        `${`GET ${path}${status === 200 ? "" : ` (${status})`}`.padEnd(44)} ${`${percentile(times, 0.5).toFixed(1)} ms`.padStart(7)} ` +
          `${`${p95.toFixed(1)} ms`.padStart(7)}  ${String(Math.round(loaded.rps)).padStart(6)} ${`${loaded.p99} ms`.padStart(6)}  ` +
          `${met ? "met" : "NOT met"}${loaded.non2xx || loaded.errors ? ` (${loaded.non2xx} non-2xx, ${loaded.errors} errors)` : ""}`,
      );
    }
    const memoryAfter = serverMemory(server.pid!);
    for (const process of memoryAfter) {
      const before = memoryBefore.find((p) => p.pid === process.pid)?.rssMb ?? 0;
      const verdict =
        process.role === "web" ? ` (goal <= ${GOAL.rssMb} MB: ${process.rssMb <= GOAL.rssMb ? "met" : "NOT met"})` : "";
      console.log(
        `admin memory, ${process.role} ${process.pid}: ${before} MB before the pages, ${process.rssMb} MB after${verdict}`,
      );
    }
    console.log(
      `admin goals: p95 <= ${GOAL.p95} ms alone, >= ${GOAL.rps} req/s with p99 <= ${GOAL.p99} ms at 20 connections`,
    );
  } finally {
    server.kill();
  }
}
