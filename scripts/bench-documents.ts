/**
 * Part of `npm run bench`: documents (app/infra/upload.server.ts) on the real server, one process.
 * - Ten uploads of a 25 MB file at once through POST /api/transactions/{id}/documents, each body streamed
 *   from the disk: how many succeeded, the MB/s of all of them together, and the server's resident memory
 *   before and at its highest during the uploads (sampled every 20 ms from /proc). Goal: it grows by at
 *   most 50 MB (a file is written as it arrives, never held whole).
 * - Then (once `sync` has written the uploads to the disk) `/client-portal` of a client whose transaction
 *   has 200 documents: the median and p95 of 500 sequential GETs after 200 (goal p95 <= 20 ms), then requests/s at
 *   20 connections.
 * Prints figures; asserts nothing.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import { addDocuments } from "~/models/document.server";
import { initializeMilestones, listMilestones } from "~/models/milestone.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
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
import { describeLoad, load } from "./load";

const UPLOADS = 10;
const FILE_BYTES = 25 * 1024 * 1024 - 64 * 1024; // under UPLOAD_MAX_MB=25 with room for the name
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 200);
const GOAL = { growthMb: 50, p95: 20 };

export async function benchDocuments(options: { port: number; dir: string }) {
  const filesDir = `${options.dir}/documents-files`;
  const upload = `${options.dir}/upload-25mb.pdf`;
  rmSync(filesDir, { recursive: true, force: true });
  const { database, db, admin } = freshBenchDatabase(options.dir, "documents");
  // A PDF's signature, then random bytes (nothing compresses or dedupes them).
  writeFileSync(upload, Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(FILE_BYTES - 9)]));
  const client = upsertUserFromClaims(db, { email: "bench-client@example.com", firstName: "Bench" });
  const transaction = createTransaction(
    db,
    admin,
    { email: client.email, type: "buying", propertyAddress: "200 Paper Ln", homeValue: "900000" },
    { notify: false },
  );
  initializeMilestones(db, admin, transaction.id);
  const steps = listMilestones(db, admin, transaction.id);
  // 200 documents, a third of them on a step, through the model (the rows the portal reads; no files).
  for (let i = 0; i < DOCUMENTS; i++) {
    const step = i % 3 === 0 ? steps[i % steps.length]!.id : null;
    addDocuments(
      db,
      i % 4 === 0 ? client : admin,
      transaction.id,
      [
        {
          name: `Document ${i + 1} - inspection report.pdf`,
          contentType: "application/pdf",
          size: 100_000 + i,
          sha256: "0".repeat(64),
          key: `documents/00/${String(i).padStart(32, "0")}`,
        },
      ],
      { milestoneId: step, now: new Date(Date.now() - (DOCUMENTS - i) * 60_000) },
    );
  }
  // The seeding's notice e-mails are not what is measured: the server's mailer would render them meanwhile.
  db.$client.prepare("DELETE FROM email_outbox").run();
  const adminCookie = await sessionCookie(db, admin.id);
  const clientCookie = await sessionCookie(db, client.id);
  db.$client.close();

  const { base, server } = await startBenchServer(options.port, {
    DATABASE_URL: database,
    FILES_DIR: filesDir,
    SESSION_SECRET: BENCH_SECRET,
    MAIL_DIR: `${options.dir}/mail`,
  });
  try {
    const url = new URL(`${base}/api/transactions/${transaction.id}/documents`);
    // One small upload first: the route's modules are loaded before the memory is read.
    await postFile(url, adminCookie, upload, 1024);
    await new Promise((r) => setTimeout(r, 500));
    const before = processMemory(server.pid!).rssMb;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, processMemory(server.pid!).rssMb);
    }, 20);
    const start = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: UPLOADS }, () => postFile(url, adminCookie, upload).catch(() => 0)),
    );
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, processMemory(server.pid!).rssMb);
    const ok = statuses.filter((s) => s === 201).length;
    const mb = (UPLOADS * statSync(upload).size) / 1024 / 1024;
    const growth = peak - before;
    console.log(
      `documents: ${UPLOADS} uploads of ${(statSync(upload).size / 1024 / 1024).toFixed(1)} MB at once: ${ok} stored, ` +
        `${UPLOADS - ok} failed${ok === UPLOADS ? "" : ` (${statuses.join(", ")})`}; ${seconds.toFixed(1)} s, ` +
        `${(mb / seconds).toFixed(0)} MB/s together`,
    );
    console.log(
      `documents: server memory ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most during the uploads: ` +
        `+${growth.toFixed(0)} MB (goal <= ${GOAL.growthMb} MB: ${growth <= GOAL.growthMb ? "met" : "NOT met"})`,
    );

    // The uploads' 250 MB go to the disk before the portal is timed.
    execFileSync("sync");
    const portal = `${base}/client-portal`;
    const { cold, status, ...timed } = await sequentialTimes(portal, { cookie: clientCookie });
    console.log(
      `documents: GET /client-portal with ${DOCUMENTS} documents${status === 200 ? "" : ` (${status})`}: ` +
        `${describeTimes(timed, GOAL.p95)}${describeCold(cold)}; ` +
        `20 connections: ${describeLoad(await load(portal, { headers: { cookie: clientCookie } }))}`,
    );
  } finally {
    server.kill();
    rmSync(filesDir, { recursive: true, force: true });
    rmSync(upload, { force: true });
  }
}

/** POSTs `file` (its first `limit` bytes) as the multipart field `file`, streamed from the disk; the status. */
function postFile(url: URL, cookie: string, file: string, limit?: number): Promise<number> {
  const boundary = `----bench${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="inspection.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = limit ?? statSync(file).size;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          cookie,
          origin: url.origin,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": head.length + size + tail.length,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.write(head);
    const body = createReadStream(file, { end: size - 1 });
    body.pipe(request, { end: false });
    body.on("end", () => request.end(tail));
    body.on("error", reject);
  });
}
