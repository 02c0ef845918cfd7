/**
 * Part of `npm run bench` (`--only=replication`): the database replicated by Litestream (docs/backups.md), against
 * the S3-compatible test server (its TEST_S3_* variables, else skipped):
 * - POST /api/contact, 2,000 posts one after another, p95 with replication on and off (goal: at most 10 % slower);
 * - Litestream's memory and CPU idle and under that load; the WAL's largest size; the lag's p99 under load (the
 *   status the server writes each second, read every 200 ms; goal at most 2 s);
 * - a restore of a database of BENCH_RESTORE_MB (default 1,024) from its replica: the time.
 * Prints; asserts nothing.
 */
import type { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import Database from "better-sqlite3";
import { restoreReplica } from "~/infra/litestream-restore.server";
import { startReplication, readReplicationStatus } from "~/infra/litestream.server";
import { objectStore, type S3Settings } from "~/infra/s3.server";
import { todayIn } from "~/lib/plain-date";
import { freshBenchDatabase, percentile, processMemory, startBenchServer } from "./bench-server";

const POSTS = 2_000;

function testSettings(bucket: string): S3Settings | null {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) return null;
  return {
    endpoint,
    region: process.env.TEST_S3_REGION ?? "us-east-1",
    bucket,
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? "",
    forcePathStyle: true,
    prefix: "",
  };
}

async function stop(server: ReturnType<typeof spawn>) {
  const gone = new Promise((resolve) => server.once("exit", resolve));
  server.kill();
  await gone;
}

/** Litestream's process under the server (a child named litestream), or null. */
function litestreamPid(serverPid: number): number | null {
  for (const entry of fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.includes("(litestream)") && Number(stat.split(") ")[1]!.split(" ")[1]) === serverPid)
        return Number(entry);
    } catch {
      // exited meanwhile
    }
  }
  return null;
}

/** A process's CPU seconds so far (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function posts(base: string, count: number, during?: () => void): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomBytes(6).toString("hex");
    const start = performance.now();
    const response = await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Bench",
        lastName: id,
        email: `bench-${id}@example.com`,
        phone: "6195550100",
        message: "How does the flat fee work?",
      }),
    });
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (i % 20 === 0) during?.();
  }
  return times.sort((a, b) => a - b);
}

export async function benchReplication(options: { port: number; dir: string }) {
  const bucket = `repl-${Date.now()}`;
  const settings = testSettings(bucket);
  if (!settings) {
    console.log("replication: skipped (no TEST_S3_ENDPOINT: start tests/s3/swift-s3.sh and export its TEST_S3_*)");
    return;
  }
  const store = objectStore(settings);
  await store.client.send(new CreateBucketCommand({ Bucket: bucket }));
  const s3Env = {
    S3_ENDPOINT: settings.endpoint!,
    S3_REGION: settings.region,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    BACKUP_INTERVAL_HOURS: "0",
  };
  for (const [label, extra] of [
    ["replication off", {}],
    ["replication on", s3Env],
  ] as const) {
    const { database, db } = freshBenchDatabase(options.dir, `replication-${label.replace(/\W+/g, "-")}`);
    db.$client.close();
    const { base, server } = await startBenchServer(options.port, {
      DATABASE_URL: database,
      SESSION_SECRET: "bench-session-secret-of-at-least-32-chars",
      MAIL_DIR: `${options.dir}/replication-mail`,
      RATE_LIMIT_CONTACT: "1000000/60",
      ...extra,
    });
    try {
      await new Promise((r) => setTimeout(r, 3_000));
      const litestream = litestreamPid(server.pid!);
      const idle = litestream ? { cpu: cpuSeconds(litestream), at: Date.now() } : null;
      await new Promise((r) => setTimeout(r, 5_000));
      const idleCpu = litestream && idle ? (cpuSeconds(litestream) - idle.cpu) / ((Date.now() - idle.at) / 1000) : 0;
      const idleMb = litestream ? processMemory(litestream).rssMb : 0;
      await posts(base, 200); // warm-up
      let largestWal = 0;
      const lags: number[] = [];
      const loadStart = { cpu: litestream ? cpuSeconds(litestream) : 0, at: Date.now() };
      const times = await posts(base, POSTS, () => {
        try {
          largestWal = Math.max(largestWal, fs.statSync(`${database}-wal`).size);
        } catch {
          // no WAL yet
        }
        if (litestream) lags.push(readReplicationStatus(database).lagSeconds);
      });
      const loadCpu = litestream ? (cpuSeconds(litestream) - loadStart.cpu) / ((Date.now() - loadStart.at) / 1000) : 0;
      const line = `replication: POST /api/contact, ${label}: median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms; the WAL's largest ${(largestWal / 1e6).toFixed(1)} MB`;
      if (!litestream) {
        console.log(line);
        continue;
      }
      lags.sort((a, b) => a - b);
      console.log(
        `${line}; Litestream idle ${idleMb.toFixed(0)} MB and ${(idleCpu * 100).toFixed(1)} % of a core, under the load ` +
          `${processMemory(litestream).peakMb.toFixed(0)} MB at its peak and ${(loadCpu * 100).toFixed(1)} % of a core; ` +
          `the lag's p99 ${percentile(lags, 0.99).toFixed(1)} s (goal <= 2 s)`,
      );
    } finally {
      await stop(server);
    }
  }

  // A restore of a big database from its replica.
  const mb = Number(process.env.BENCH_RESTORE_MB ?? 1024);
  const dir = path.join(options.dir, "replication-restore");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "app.db");
  const big = new Database(file);
  big.pragma("journal_mode = WAL");
  big.exec("CREATE TABLE filler (id INTEGER PRIMARY KEY, body BLOB NOT NULL)");
  const insert = big.prepare("INSERT INTO filler (body) VALUES (?)");
  const fill = big.transaction((n: number) => {
    for (let i = 0; i < n; i++) insert.run(randomBytes(4096));
  });
  for (let written = 0; written < mb; written += 64) fill(64 * 256);
  big.pragma("wal_checkpoint(TRUNCATE)");
  big.close();
  const replicaSettings = { ...settings, prefix: "restore-bench/" };
  const replicator = await startReplication(file, replicaSettings, { log: () => {}, dayOf: todayIn });
  const sentStart = Date.now();
  while (!readReplicationStatus(file).lastSyncAt) await new Promise((r) => setTimeout(r, 500));
  const sentSeconds = (Date.now() - sentStart) / 1000;
  await replicator.stop();
  const to = path.join(options.dir, "replication-restored");
  fs.rmSync(to, { recursive: true, force: true });
  const start = Date.now();
  const report = await restoreReplica(store, replicaSettings, { database: file, to });
  const seconds = (Date.now() - start) / 1000;
  console.log(
    `replication: a ${mb} MB database: its first replica sent in ${sentSeconds.toFixed(1)} s; restored in ${seconds.toFixed(1)} s ` +
      `(integrity ${report.integrity}, ${report.rowCounts.filler} rows)`,
  );
  fs.rmSync(to, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
  store.close();
}
