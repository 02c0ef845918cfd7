/**
 * Part of `npm run bench`: copies off the host (docs/backups.md), against the S3-compatible test server
 * (tests/s3/swift-s3.sh; its TEST_S3_* variables, else this part is skipped):
 * - a 25 MB upload's answer time with S3 configured, next to the same server without (goal: within 10 %);
 * - copying 1,000 documents of 1 MB (documents a second, MB a second);
 * - a snapshot of a big database (BENCH_SNAPSHOT_MB, default 1,024; the ten-year database is about 5 GB):
 *   the process's memory above where it started, sampled every 20 ms (goal: at most 100 MB more);
 * - a web page's p95 while a snapshot runs, next to the same page without one (goal: unchanged).
 * Prints; asserts nothing.
 */
import type { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import Database from "better-sqlite3";
import { openDatabase } from "~/db/client.server";
import { DirectoryStore } from "~/infra/file-store.server";
import { copyRound } from "~/infra/offsite-copier.server";
import { offsiteStore } from "~/infra/offsite-store.server";
import { objectStore, type S3Settings } from "~/infra/s3.server";
import { takeSnapshot } from "~/infra/snapshot.server";
import { initializeMilestones } from "~/models/milestone.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import {
  BENCH_ADMIN,
  BENCH_SECRET,
  describeTimes,
  freshBenchDatabase,
  percentile,
  sequentialTimes,
  sessionCookie,
  startBenchServer,
} from "./bench-server";

const UPLOAD_MB = 25;

/** Stops a bench server and waits until it is gone (the next one takes the same port). */
async function stop(server: ReturnType<typeof spawn>) {
  const gone = new Promise((resolve) => server.once("exit", resolve));
  server.kill();
  await gone;
}

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
    prefix: "bench/",
  };
}

/**
 * Times a multipart upload of one 25 MB PDF to the documents API, `count` times; `settle` runs between two
 * (with S3: until the last upload's copy has left, so that each answer is timed on its own).
 */
async function uploadTimes(
  base: string,
  cookie: string,
  transactionId: number,
  count: number,
  settle: () => Promise<void>,
) {
  const pdf = Buffer.concat([
    Buffer.from("%PDF-1.7\n"),
    randomBytes(UPLOAD_MB * 1024 * 1024 - 16),
    Buffer.from("\n%%EOF\n"),
  ]);
  const times: number[] = [];
  for (let i = 0; i < count + 2; i++) {
    const form = new FormData();
    form.append("file", new Blob([pdf], { type: "application/pdf" }), `big-${i}.pdf`);
    const start = performance.now();
    const answer = await fetch(`${base}/api/transactions/${transactionId}/documents`, {
      method: "POST",
      headers: { cookie, origin: base },
      body: form,
    });
    await answer.arrayBuffer();
    if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
    if (i >= 2) times.push(performance.now() - start);
    await settle();
  }
  return times.sort((a, b) => a - b);
}

export async function benchBackups(options: { port: number; dir: string }) {
  const bucketName = `bench-${Date.now()}`;
  const settings = testSettings(bucketName);
  if (!settings) {
    console.log(
      "backups: skipped (no TEST_S3_ENDPOINT: start tests/s3/swift-s3.sh and export its TEST_S3_* variables)",
    );
    return;
  }
  const bucket = objectStore(settings);
  await bucket.client.send(new CreateBucketCommand({ Bucket: bucketName }));

  // 1. A 25 MB upload's answer, with S3 configured and without.
  const { database, db, admin } = freshBenchDatabase(options.dir, "backups", "Alex");
  const t = createTransaction(
    db,
    admin,
    { email: "seller@example.com", type: "selling", propertyAddress: "1 Copy St", homeValue: "900000" },
    { notify: false },
  );
  initializeMilestones(db, admin, t.id);
  const cookie = await sessionCookie(db, admin.id);
  db.$client.close();
  const s3Env = {
    S3_ENDPOINT: settings.endpoint!,
    S3_REGION: settings.region,
    S3_BUCKET: bucketName,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    S3_PREFIX: "bench-site",
    BACKUP_INTERVAL_HOURS: "0",
  };
  const medians: Record<string, number> = {};
  for (const [label, extra] of [
    ["without S3", {}],
    // The store unreachable: the copies wait, so the answer is timed with nothing else running.
    ["with S3 (the store unreachable)", { ...s3Env, S3_ENDPOINT: "http://127.0.0.1:9" }],
    // The Swift test server on the same 2 cores and disk: its own work competes with the next upload.
    ["with S3 (the test server on this machine)", s3Env],
  ] as const) {
    // A files folder of its own: the S3 server would otherwise first copy what the other one stored.
    const filesDir = `${options.dir}/backups-files-${label.replace(/\W+/g, "-")}`;
    fs.rmSync(filesDir, { recursive: true, force: true });
    const { base, server } = await startBenchServer(options.port, {
      DATABASE_URL: database,
      SESSION_SECRET: BENCH_SECRET,
      FILES_DIR: filesDir,
      MAIL_DIR: `${options.dir}/mail`,
      ...extra,
    });
    try {
      const queue = new Database(database, { readonly: true });
      const waiting = () => queue.prepare("SELECT count(*) FROM offsite_queue").pluck().get() as number;
      const settle = async () => {
        if (label.includes("unreachable")) return; // its copies wait, by design
        for (let i = 0; i < 300 && waiting() > 0; i++) await new Promise((r) => setTimeout(r, 100));
        await new Promise((r) => setTimeout(r, 500));
      };
      const times = await uploadTimes(base, cookie, t.id, 10, settle);
      queue.close();
      medians[label] = percentile(times, 0.5);
      console.log(
        `backups: a ${UPLOAD_MB} MB upload's answer ${label}: median ${percentile(times, 0.5).toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms`,
      );
    } finally {
      await stop(server);
    }
  }
  for (const label of ["with S3 (the store unreachable)", "with S3 (the test server on this machine)"]) {
    const ratio = medians[label]! / medians["without S3"]!;
    console.log(
      `backups: ${label}, the upload answers in ${(ratio * 100).toFixed(0)} % of the time without (goal <= 110 %: ${ratio <= 1.1 ? "goal met" : "goal NOT met"})`,
    );
  }

  // 2. Copying 1,000 documents of 1 MB.
  const copyDir = `${options.dir}/backups-copy`;
  fs.rmSync(copyDir, { recursive: true, force: true });
  const local = new DirectoryStore(`${copyDir}/files`);
  const copyDb = openDatabase(`${copyDir}/app.db`);
  const files = offsiteStore(
    local,
    () => copyDb,
    () => bucket,
  );
  const mb = randomBytes(1024 * 1024);
  for (let i = 0; i < 1000; i++) await files.put("documents", Readable.from([mb.subarray(0, mb.length - (i % 7))]));
  const started = performance.now();
  let copied = 0;
  while (copied < 1000) {
    const done = await copyRound(copyDb, local, bucket, () => new Date(), 200);
    if (done === 0) throw new Error("a copy failed");
    copied += done;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `backups: copying 1,000 documents of 1 MB to the S3 store: ${seconds.toFixed(1)} s (${(1000 / seconds).toFixed(0)} documents/s, ${(1000 / seconds).toFixed(0)} MB/s)`,
  );
  copyDb.$client.close();

  // 3. A big database's snapshot: the memory it takes, and 4. a page while it runs.
  const sizeMb = Number(process.env.BENCH_SNAPSHOT_MB ?? 1024);
  const bigFile = `${options.dir}/backups-big.db`;
  if (!fs.existsSync(bigFile) || fs.statSync(bigFile).size < sizeMb * 1024 * 1024 * 0.95) {
    fs.rmSync(bigFile, { force: true });
    const raw = new Database(bigFile);
    raw.pragma("journal_mode = WAL");
    raw.exec("CREATE TABLE filler (id INTEGER PRIMARY KEY, body BLOB NOT NULL)");
    const insert = raw.prepare("INSERT INTO filler (body) VALUES (?)");
    // Half random, half repeated: about as compressible as a database of text.
    const chunk = Buffer.concat([randomBytes(2048), Buffer.alloc(2048, "a")]);
    const rows = Math.ceil((sizeMb * 1024 * 1024) / chunk.length);
    const write = raw.transaction((n: number) => {
      for (let i = 0; i < n; i++) insert.run(chunk);
    });
    for (let done = 0; done < rows; done += 50_000) write(Math.min(50_000, rows - done));
    raw.close();
  }
  const big = openDatabase(bigFile);
  const bigAdmin = upsertUserFromClaims(big, { email: BENCH_ADMIN }, [BENCH_ADMIN]);
  const bigCookie = await sessionCookie(big, bigAdmin.id);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const snapStart = performance.now();
  const manifest = await takeSnapshot(big, bucket, { tmpDir: path.join(options.dir, "backups-snapshots") });
  clearInterval(sampler);
  big.$client.close();
  const extraMb = (peak - before) / 1024 / 1024;
  console.log(
    `backups: a snapshot of a ${(manifest.databaseBytes / 1024 / 1024).toFixed(0)} MB database: ${((performance.now() - snapStart) / 1000).toFixed(1)} s, ` +
      `${(manifest.bytes / 1024 / 1024).toFixed(0)} MB compressed; memory ${extraMb.toFixed(0)} MB above the start ` +
      `(goal <= 100 MB: ${extraMb <= 100 ? "goal met" : "goal NOT met"})`,
  );

  // 4. The dashboard's p95 while the server snapshots the big database, next to it quiet.
  for (const [label, interval] of [
    ["quiet", "0"],
    ["while a snapshot runs", "1"],
  ] as const) {
    const { base, server } = await startBenchServer(options.port, {
      DATABASE_URL: bigFile,
      SESSION_SECRET: BENCH_SECRET,
      FILES_DIR: `${options.dir}/backups-files`,
      MAIL_DIR: `${options.dir}/mail`,
      ...s3Env,
      BACKUP_INTERVAL_HOURS: interval,
    });
    try {
      // The snapshot starts with the server (then every hour); the page is timed meanwhile.
      const { cold: _cold, status, ...timed } = await sequentialTimes(`${base}/admin`, { cookie: bigCookie }, 500, 100);
      console.log(`backups: GET /admin ${label}${status === 200 ? "" : ` (${status})`}: ${describeTimes(timed, 20)}`);
    } finally {
      await stop(server);
    }
  }
  bucket.close();
}
