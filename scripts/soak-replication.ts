/**
 * npm run soak:replication (docs/backups.md, "Continuous replication"): the host lost, 20 times. Each round the real
 * server runs with Litestream replicating to the S3 store (S3_* or the tests' TEST_S3_*: the Swift test server),
 * takes contact posts (POST /api/contact) for a few seconds, and one second after the last acknowledgment the
 * server and Litestream are killed together (SIGKILL to the process group) and the data folder is wiped; the
 * database is restored from the replica. Every post acknowledged (a 2xx answer) must be in the restore, and
 * PRAGMA integrity_check must say ok. A measurement: it prints each round and exits 1 if anything was lost.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import Database from "better-sqlite3";
import { restoreReplica } from "~/infra/litestream-restore.server";
import { objectStore, type S3Settings } from "~/infra/s3.server";
import { SERVER_ENTRY } from "../playwright.config";
import { waitForServer } from "./bench-server";

const ROUNDS = Number(process.env.SOAK_ROUNDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3400) + 40;
const BASE = `http://localhost:${PORT}`;
const DIR = path.resolve("tests/.tmp/soak-replication");
const variable = (name: string) => process.env[`TEST_S3_${name}`] ?? process.env[`S3_${name}`];
const endpoint = variable("ENDPOINT");
if (!endpoint) {
  console.error(
    'soak:replication needs an S3 store: set S3_* (or start Swift: eval "$(bash tests/s3/swift-s3.sh start)")',
  );
  process.exit(2);
}
const base: S3Settings = {
  endpoint,
  region: variable("REGION") ?? "us-east-1",
  bucket: `soak-${randomBytes(4).toString("hex")}`,
  accessKeyId: variable("ACCESS_KEY_ID") ?? "",
  secretAccessKey: variable("SECRET_ACCESS_KEY") ?? "",
  forcePathStyle: true,
  prefix: "",
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function round(n: number): Promise<{ acknowledged: number; restored: number; integrity: string }> {
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(DIR, { recursive: true });
  const settings = { ...base, prefix: `round-${n}/` };
  const database = path.join(DIR, "app.db");
  // Its own process group: a lost host takes the server and Litestream at once.
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    detached: true,
    stdio: "ignore",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      APP_URL: BASE,
      LOCAL_OIDC_PORT: String(PORT + 1),
      OIDC_ISSUER: "",
      DATABASE_URL: database,
      SESSION_SECRET: "soak-session-secret-of-at-least-32-characters",
      MAIL_DIR: path.join(DIR, "mail"),
      RATE_LIMIT_CONTACT: "1000000/60",
      S3_BUCKET: settings.bucket,
      S3_PREFIX: settings.prefix,
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
  });
  await waitForServer(BASE);
  await sleep(1_500); // Litestream's first snapshot
  const acknowledged = new Set<string>();
  const until = Date.now() + 2_000 + Math.random() * 3_000;
  while (Date.now() < until) {
    const id = randomBytes(6).toString("hex");
    const response = await fetch(`${BASE}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Soak",
        lastName: id,
        email: `soak-${id}@example.com`,
        phone: "6195550100",
        message: "replication",
      }),
    });
    if (response.ok) acknowledged.add(id);
  }
  await sleep(1_000);
  process.kill(-server.pid!, "SIGKILL");
  await sleep(200);
  fs.rmSync(DIR, { recursive: true, force: true });
  const store = objectStore(settings);
  try {
    const to = path.join(path.dirname(DIR), `soak-replication-restored-${n}`);
    fs.rmSync(to, { recursive: true, force: true });
    const report = await restoreReplica(store, settings, { database, to });
    const restored = new Database(report.database, { readonly: true });
    const names = new Set(
      restored.prepare("SELECT last_name FROM contact_submissions WHERE first_name = 'Soak'").pluck().all() as string[],
    );
    restored.close();
    fs.rmSync(to, { recursive: true, force: true });
    return {
      acknowledged: acknowledged.size,
      restored: [...acknowledged].filter((id) => names.has(id)).length,
      integrity: report.integrity,
    };
  } finally {
    store.close();
  }
}

async function main() {
  const store = objectStore(base);
  await store.client.send(new CreateBucketCommand({ Bucket: base.bucket }));
  store.close();
  let lost = 0;
  for (let n = 1; n <= ROUNDS; n++) {
    const r = await round(n);
    lost += r.acknowledged - r.restored;
    console.log(
      `soak:replication round ${n}/${ROUNDS}: ${r.acknowledged} posts acknowledged, ${r.restored} restored, integrity ${r.integrity}`,
    );
    if (r.integrity !== "ok") lost += 1;
  }
  console.log(lost === 0 ? `soak:replication: ${ROUNDS} rounds, nothing lost` : `soak:replication: LOST ${lost}`);
  process.exitCode = lost === 0 ? 0 : 1;
}

await main();
