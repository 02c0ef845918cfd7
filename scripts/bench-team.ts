/**
 * Part of `npm run bench`: a team of agents (docs/decisions/030-team.md).
 * - An agent's pages at the `today` scale (scripts/bench-data.ts: 100,000 transactions and leads), 1,000
 *   of each assigned to them: /admin and /admin/leads (goal p95 <= 20 ms);
 * - the audit with 5,000,000 events: /admin/audit unfiltered, by action, by person, by transaction, by
 *   dates, and a transaction's History tab (goal p95 <= 20 ms);
 * - the export of a transaction with 200 documents of 10 MB (2 GB): the server's resident memory before,
 *   at its peak while the ZIP streams, and the ZIP's size (goal: growth <= 50 MB).
 * 500 sequential views after 200 (bench-server.ts). Prints; asserts nothing. The database is kept between
 * runs (tests/.tmp/bench/team-today.db), its team and audit added once.
 */
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { type Db } from "~/db/client.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { benchDatabase, SCALES } from "./bench-data";
import {
  BENCH_SECRET,
  describeCold,
  describeTimes,
  processMemory,
  sequentialTimes,
  sessionCookie,
  startBenchServer,
  freshBenchDatabase,
} from "./bench-server";

const GOAL_P95 = 20;
const ASSIGNED = 1_000;
const AUDIT_EVENTS = 5_000_000;
const DOCUMENTS = 200;
const DOCUMENT_MB = 10;
const AGENT_EMAIL = "bench-agent@agency.test";

/** The agent, 1,000 transactions and leads assigned to them, and 5 million audit events: added once. */
function addTeam(db: Db) {
  const sqlite = db.$client;
  const agent = upsertUserFromClaims(db, { email: AGENT_EMAIL, firstName: "Bench", lastName: "Agent" });
  sqlite
    .prepare("update users set is_agent = 1, license_number = '01234567', team_position = 1 where id = ?")
    .run(agent.id);
  const assigned = (table: string) =>
    (sqlite.prepare(`select count(*) n from ${table} where assigned_agent_id = ?`).get(agent.id) as { n: number }).n;
  if (assigned("transactions") < ASSIGNED) {
    sqlite
      .prepare(
        `update transactions set assigned_agent_id = ? where id in (select id from transactions where id % 100 = 7 limit ${ASSIGNED})`,
      )
      .run(agent.id);
  }
  if (assigned("contact_submissions") < ASSIGNED) {
    sqlite
      .prepare(
        `update contact_submissions set assigned_agent_id = ?, assigned_at = created_at where id in (select id from contact_submissions where id % 100 = 7 limit ${ASSIGNED})`,
      )
      .run(agent.id);
  }
  const events = (sqlite.prepare("select count(*) n from audit_events").get() as { n: number }).n;
  if (events < AUDIT_EVENTS) {
    const start = performance.now();
    const actions = [
      "document.view",
      "document.upload",
      "milestone.update",
      "transaction.update",
      "message.hide",
      "sign_in",
      "deadline.update",
      "offer.counter",
    ];
    const batch = 500_000;
    const from = Date.now() - 10 * 365 * 86_400_000;
    const step = (10 * 365 * 86_400_000) / AUDIT_EVENTS;
    for (let done = events; done < AUDIT_EVENTS; done += batch) {
      sqlite
        .prepare(
          `insert into audit_events (actor_id, actor_name, actor_role, action, subject_type, subject_id, transaction_id, at, ip, changes)
           with recursive n(i) as (select cast(? as integer) union all select i + 1 from n where i < cast(? as integer))
           select case when i % 3 = 0 then ? else null end, 'Bench Agent', case when i % 3 = 0 then 'agent' else 'client' end,
                  json_extract(?, '$[' || (i % ${actions.length}) || ']'), 'transaction', cast(i % 100000 as text),
                  1 + i % 100000, cast(? + i * ? as integer), '192.0.2.1', '{"status":{"before":"open","after":"done"}}'
           from n`,
        )
        .run(done, Math.min(done + batch, AUDIT_EVENTS) - 1, agent.id, JSON.stringify(actions), from, step);
    }
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
    console.log(
      `team: ${AUDIT_EVENTS - events} audit events written in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
  }
  const transaction = (
    sqlite.prepare("select id from transactions where assigned_agent_id = ? order by id limit 1").get(agent.id) as {
      id: number;
    }
  ).id;
  return { agentId: agent.id, transaction };
}

export async function benchTeam(options: { port: number; dir: string }) {
  mkdirSync(options.dir, { recursive: true });
  const database = `${options.dir}/team-today.db`;
  const { db, adminId, written, seconds } = benchDatabase(database, SCALES.today!);
  console.log(`team: 100,000 transactions and leads ${written ? "written" : "reused"} in ${seconds.toFixed(1)} s`);
  const { agentId, transaction } = addTeam(db);
  const adminCookie = await sessionCookie(db, adminId);
  const agentCookie = await sessionCookie(db, agentId);
  db.$client.close();

  const { base, server } = await startBenchServer(options.port, {
    DATABASE_URL: database,
    SESSION_SECRET: BENCH_SECRET,
    MAIL_DIR: `${options.dir}/mail`,
  });
  try {
    const pages: Array<[string, string]> = [
      [`/admin`, agentCookie],
      [`/admin?type=selling&page=2`, agentCookie],
      [`/admin/leads`, agentCookie],
      [`/admin/leads?status=nurturing&sort=score`, agentCookie],
      [`/admin/audit`, adminCookie],
      [`/admin/audit?action=document.view`, adminCookie],
      [`/admin/audit?actorId=${agentId}`, adminCookie],
      [`/admin/audit?transactionId=${transaction}`, adminCookie],
      [`/admin/audit?from=2020-01-01&to=2020-12-31`, adminCookie],
      [`/admin/audit?action=sign_in&before=2500000`, adminCookie],
      [`/admin/transactions/${transaction}/history`, agentCookie],
    ];
    for (const [path, cookie] of pages) {
      const who = cookie === agentCookie ? "an agent" : "an admin";
      const { cold, status, ...timed } = await sequentialTimes(`${base}${path}`, { cookie });
      console.log(
        `team: GET ${path} as ${who}${status === 200 ? "" : ` (${status})`}: ${describeTimes(timed, GOAL_P95)}` +
          describeCold(cold),
      );
    }
  } finally {
    server.kill();
  }
  await benchExport({ port: options.port + 5, dir: options.dir });
}

/** A transaction with 200 documents of 10 MB, exported: the server's memory while the ZIP streams. */
async function benchExport(options: { port: number; dir: string }) {
  const filesDir = `${options.dir}/export-files`;
  rmSync(filesDir, { recursive: true, force: true });
  mkdirSync(`${filesDir}/documents`, { recursive: true });
  const { database, db, admin } = freshBenchDatabase(options.dir, "export");
  const t = createTransaction(
    db,
    admin,
    { email: "export@example.com", type: "selling", propertyAddress: "1 Export St", homeValue: "900000" },
    { notify: false },
  );
  // Bytes that do not compress (a PDF's or a photo's), written once per document.
  const block = Buffer.alloc(DOCUMENT_MB * 1024 * 1024);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((Math.imul(i, 2654435761) ^ (i >>> 7)) >>> 0, i);
  const insert = db.$client.prepare(
    "insert into documents (transaction_id, name, content_type, size, sha256, storage_key, uploaded_by_role, created_at) values (?, ?, 'application/pdf', ?, 'bench', ?, 'admin', ?)",
  );
  for (let i = 0; i < DOCUMENTS; i++) {
    const key = `documents/bench-${i}`;
    writeFileSync(`${filesDir}/${key}`, block);
    // Every fifth name repeats: the ZIP numbers them.
    insert.run(t.id, i % 5 === 0 ? "Disclosure.pdf" : `Document ${i}.pdf`, block.length, key, Date.now() + i);
  }
  const cookie = await sessionCookie(db, admin.id);
  db.$client.close();
  const { base, server } = await startBenchServer(options.port, {
    DATABASE_URL: database,
    SESSION_SECRET: BENCH_SECRET,
    FILES_DIR: filesDir,
    MAIL_DIR: `${options.dir}/mail`,
  });
  try {
    // Warm the route up (its modules loaded) with a small request first.
    await fetch(`${base}/admin/transactions/${t.id}/history`, { headers: { cookie } });
    const before = processMemory(server.pid!).rssMb;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, processMemory(server.pid!).rssMb);
    }, 50);
    const start = performance.now();
    const out = `${options.dir}/export.zip`;
    const bytes = await new Promise<number>((resolve, reject) => {
      http
        .get(`${base}/admin/transactions/${t.id}/export`, { headers: { cookie } }, (res) => {
          let n = 0;
          const file = createWriteStream(out);
          res.on("data", (chunk: Buffer) => {
            n += chunk.length;
          });
          res.pipe(file);
          file.on("finish", () => resolve(n));
          res.on("error", reject);
        })
        .on("error", reject);
    });
    clearInterval(sampler);
    const seconds = (performance.now() - start) / 1000;
    const growth = peak - before;
    console.log(
      `team: export of ${DOCUMENTS} documents of ${DOCUMENT_MB} MB: ${(bytes / 1024 / 1024).toFixed(0)} MB of ZIP in ${seconds.toFixed(1)} s; ` +
        `server memory ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at its peak (growth ${growth.toFixed(0)} MB, goal <= 50 MB: ${growth <= 50 ? "met" : "NOT met"})`,
    );
    rmSync(out, { force: true });
  } finally {
    server.kill();
    rmSync(filesDir, { recursive: true, force: true });
  }
}
