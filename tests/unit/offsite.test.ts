/**
 * Off the host (issue 39; docs/backups.md), against a real S3-compatible server (OpenStack Swift's s3api,
 * ../shared/tools/s3/swift-s3.sh; .ci/run starts it and exports S3_*): a stored file is in the bucket with
 * its SHA-256 after a round; with the store unreachable the upload still succeeds and the copy waits, then
 * drains; a hard kill between the local write and the copy loses no copy; a file missing here comes back
 * from the bucket, checked; a snapshot restored into an empty folder has the same rows, a clean integrity
 * check and every document byte-identical; a snapshot with one byte changed is refused; a wrong secret opens
 * one incident (the banner's problem, one e-mail) and its end one more; an overwritten object's earlier
 * version reads back; the retention removes what it should and nothing younger. No fake S3.
 */
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { CreateBucketCommand, ListObjectVersionsCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { openDatabase, type Db } from "~/db/client.server";
import { documents, offsiteQueue } from "~/db/schema";
import { DirectoryStore } from "~/infra/file-store.server";
import { copyRound } from "~/infra/offsite-copier.server";
import { offsiteStore } from "~/infra/offsite-store.server";
import { objectStore, type ObjectStore, type S3Settings } from "~/infra/s3.server";
import { applyRetention, listSnapshots, restoreFromS3, takeSnapshot } from "~/infra/snapshot.server";
import { backupAlarm } from "~/lib/backup-alarm";
import { snapshotsToDelete } from "~/lib/snapshot-retention";
import { checkIncident, fileRow, offsiteOverview, retryCopiesNow } from "~/models/offsite.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { setDb } from "~/infra/database.server";
import { loader as dashboardLoader } from "~/routes/admin._index/route";
import { freshDb, outboxWithContent } from "./db";
import { expectConsoleError } from "./setup";
import { answer, args, get } from "./request";

/** The test server's variables, as .ci/run exports them (TEST_S3_*: the app's own servers do not see them). */
const endpoint = process.env.TEST_S3_ENDPOINT;
if (process.env.CI && !endpoint) throw new Error("CI runs these tests against Swift: .ci/run starts it (TEST_S3_*)");
const base: S3Settings | null = endpoint
  ? {
      endpoint,
      region: process.env.TEST_S3_REGION ?? "us-east-1",
      bucket: "unused",
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? "",
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? "",
      forcePathStyle: true,
      prefix: "site/",
    }
  : null;
// The app's own configuration names a bucket too: the Backups panel and the incident read it.
if (base) {
  Object.assign(process.env, {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: "configured-bucket",
    S3_ACCESS_KEY_ID: base.accessKeyId,
    S3_SECRET_ACCESS_KEY: base.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    BACKUP_INTERVAL_HOURS: "1",
  });
}

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "offsite-"));
const buckets: ObjectStore[] = [];

/** A new bucket of its own, created on the server. */
async function newBucket(settings: Partial<S3Settings> = {}): Promise<ObjectStore> {
  const bucket = `t-${randomBytes(6).toString("hex")}`;
  const store = objectStore({ ...base!, bucket, ...settings });
  await store.client.send(new CreateBucketCommand({ Bucket: bucket }));
  buckets.push(store);
  return store;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function setUp(db: Db = freshDb()) {
  const dir = tmp();
  const local = new DirectoryStore(dir);
  return { db, dir, local };
}

afterAll(() => buckets.forEach((b) => b.close()));

describe("the S3 settings", () => {
  it("names what is missing or wrong, and without S3_BUCKET the app keeps to this host", () => {
    expect(parseEnv({}).s3).toBeNull();
    expect(parseEnv({}).backupIntervalHours).toBe(0);
    expect(() => parseEnv({ S3_BUCKET: "my-bucket", S3_ENDPOINT: "http://127.0.0.1:9" })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => parseEnv({ S3_ACCESS_KEY_ID: "x" })).toThrow(/S3_BUCKET: is required with S3_ACCESS_KEY_ID/);
    expect(() => parseEnv({ S3_BUCKET: "Bad_Bucket", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" })).toThrow(
      /S3_BUCKET/,
    );
    const s3 = parseEnv({
      S3_BUCKET: "my-bucket",
      S3_REGION: "us-west-2",
      S3_ACCESS_KEY_ID: "a",
      S3_SECRET_ACCESS_KEY: "b",
      S3_PREFIX: "/coastline/",
      BACKUP_INTERVAL_HOURS: "0.01",
    });
    expect(s3.s3).toMatchObject({ bucket: "my-bucket", prefix: "coastline/", endpoint: null, forcePathStyle: false });
    expect(s3.backupIntervalHours).toBe(0.01);
    expect(
      parseEnv({ S3_BUCKET: "my-bucket", S3_REGION: "x", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" })
        .backupIntervalHours,
    ).toBe(24); // daily archives: Litestream replicates between them (issue 57)
  });

  it("the banner says what is failing and what to check", () => {
    expect(
      backupAlarm({
        lateSnapshot: "9:52 AM",
        intervalHours: 1,
        lastError: "Snapshot: SignatureDoesNotMatch: The request signature we calculated does not match",
      }),
    ).toBe(
      "Backups are failing: no snapshot since 9:52 AM (one is due every hour); the store answers 403 Forbidden: check S3_SECRET_ACCESS_KEY.",
    );
    expect(
      backupAlarm({ lateSnapshot: null, intervalHours: 0.5, lastError: "Error: connect ECONNREFUSED 127.0.0.1:9" }),
    ).toBe(
      "Backups are failing: no snapshot has reached the store yet (one is due every 30 minutes); the store does not answer: check S3_ENDPOINT and this host's network.",
    );
    expect(backupAlarm({ intervalHours: 1, lastError: null })).toBeNull();
  });

  it("keeps the snapshots of 48 hours, a day's first for 35 days, a month's first for three years", () => {
    const now = new Date("2027-06-15T12:00:00Z");
    const at = (iso: string) => new Date(iso);
    const times = [
      at("2027-06-15T11:00:00Z"), // an hour ago
      at("2027-06-14T01:00:00Z"), // within 48 h: all kept
      at("2027-06-14T00:30:00Z"),
      at("2027-06-10T00:00:00Z"), // the first of its day
      at("2027-06-10T05:00:00Z"), // not the first: deleted
      at("2027-05-01T00:00:00Z"), // older than 35 days, the first of May
      at("2027-05-02T00:00:00Z"), // not the first of May: deleted
      at("2024-07-01T00:00:00Z"), // within three years, first of its month
      at("2024-06-01T00:00:00Z"), // older than three years: deleted
    ];
    expect(snapshotsToDelete(times, now).map((d) => d.toISOString())).toEqual([
      "2024-06-01T00:00:00.000Z",
      "2027-05-02T00:00:00.000Z",
      "2027-06-10T05:00:00.000Z",
    ]);
  });
});

// Each test makes real requests to a real server (a snapshot and a restore: dozens): on a busy two-core machine
// that is more than vitest's 5 s default, never a sign of a fault.
describe.runIf(base)("copies to a real S3-compatible store", { timeout: 30_000 }, () => {
  beforeAll(() => expect(base!.accessKeyId).not.toBe(""));

  it("an upload is in the bucket with the same SHA-256 after a round; a file missing here comes back, checked", async () => {
    const bucket = await newBucket();
    const { db, dir, local } = setUp();
    const files = offsiteStore(
      local,
      () => db,
      () => bucket,
    );
    const bytes = randomBytes(300_000);
    const stored = await files.put("documents", Readable.from(bytes));
    expect(await copyRound(db, local, bucket)).toBe(1);
    const object = await bucket.get(stored.key);
    expect(sha(await readAll(object!.body))).toBe(sha(bytes));
    expect(object!.sha256).toBe(sha(bytes));
    expect(fileRow(db, stored.key)).toMatchObject({ sha256: sha(bytes), copiedAt: expect.any(Date) });

    // A new disk: the file is fetched back, checked and kept here again.
    fs.rmSync(path.join(dir, ...stored.key.split("/")));
    expect(sha(await readAll((await files.get(stored.key))!))).toBe(sha(bytes));
    expect(fs.existsSync(path.join(dir, ...stored.key.split("/")))).toBe(true);

    // An object that is not what was stored is refused.
    expectConsoleError(/does not match its SHA-256: refused/);
    await bucket.put(stored.key, Buffer.from("something else"), {});
    fs.rmSync(path.join(dir, ...stored.key.split("/")));
    expect(await files.get(stored.key)).toBeNull();
    expect(fs.existsSync(path.join(dir, ...stored.key.split("/")))).toBe(false);
  });

  it("a file removed before its copy (a refused upload) is not copied, and no error is recorded", async () => {
    const bucket = await newBucket();
    const { db, local } = setUp();
    const files = offsiteStore(
      local,
      () => db,
      () => bucket,
    );
    const stored = await files.put("documents", Readable.from(randomBytes(1000)));
    await files.delete(stored.key);
    await copyRound(db, local, bucket);
    expect(db.select().from(offsiteQueue).all()).toEqual([]);
    expect(await bucket.get(stored.key)).toBeNull();
    expect(offsiteOverview(db).lastError).toBeNull();
  });

  it("with the store unreachable uploads still succeed and copies wait; when it is back the queue drains", async () => {
    const bucket = await newBucket();
    const down = objectStore({ ...base!, bucket: bucket.bucket, endpoint: "http://127.0.0.1:9" });
    const { db, local } = setUp();
    const files = offsiteStore(
      local,
      () => db,
      () => down,
    );
    const keys = [];
    for (let i = 0; i < 3; i++) keys.push((await files.put("documents", Readable.from(randomBytes(1000)))).key);
    expect(await copyRound(db, local, down)).toBe(0);
    const waiting = db.select().from(offsiteQueue).all();
    expect(waiting).toHaveLength(3);
    expect(waiting[0]!.lastError).toBeTruthy();
    expect(offsiteOverview(db).waiting).toBe(3);
    down.close();

    retryCopiesNow(db);
    expect(await copyRound(db, local, bucket)).toBe(3);
    expect(db.select().from(offsiteQueue).all()).toEqual([]);
    for (const key of keys) expect(await bucket.get(key)).not.toBeNull();
  });

  it("a hard kill between the local write and the copy loses no copy: the queue row is there at restart", async () => {
    const bucket = await newBucket();
    const dir = tmp();
    const database = path.join(dir, "app.db");
    openDatabase(database).$client.close(); // migrated
    const child = promisify(execFile)(
      process.execPath,
      ["--import", "tsx", path.resolve("tests/unit/fixtures/offsite-writer.ts"), database, path.join(dir, "files")],
      { env: { ...process.env, TSX_TSCONFIG_PATH: path.resolve("tsconfig.json") } },
    );
    const killed = await child.then(
      () => null,
      (error: { signal?: string }) => error.signal,
    );
    expect(killed).toBe("SIGKILL");
    const db = openDatabase(database);
    const queued = db.select().from(offsiteQueue).all();
    expect(queued).toHaveLength(1);
    const local = new DirectoryStore(path.join(dir, "files"));
    expect(await copyRound(db, local, bucket)).toBe(1);
    expect(await bucket.get(queued[0]!.key)).not.toBeNull();
    db.$client.close();
  });

  it("a snapshot restored into an empty folder: the same rows, integrity ok, every document byte-identical; one changed byte is refused", async () => {
    const bucket = await newBucket();
    const dir = tmp();
    const db = openDatabase(path.join(dir, "app.db"));
    const { local } = setUp(db);
    const files = offsiteStore(
      local,
      () => db,
      () => bucket,
    );
    const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const sale = createTransaction(
      db,
      admin,
      { email: "seller@example.com", type: "selling", propertyAddress: "1 Main St", homeValue: "800000" },
      { notify: false },
    );
    const papers = [randomBytes(50_000), randomBytes(120_000)];
    for (const [i, bytes] of papers.entries()) {
      const stored = await files.put("documents", Readable.from(bytes));
      db.insert(documents)
        .values({
          transactionId: sale.id,
          name: `paper-${i}.pdf`,
          contentType: "application/pdf",
          size: stored.size,
          sha256: stored.sha256,
          storageKey: stored.key,
          uploadedByRole: "admin",
        })
        .run();
    }
    await copyRound(db, local, bucket);
    const manifest = await takeSnapshot(db, bucket, { tmpDir: path.join(dir, "snapshots") });
    expect(manifest.rowCounts.documents).toBe(2);

    const notEmpty = tmp();
    fs.writeFileSync(path.join(notEmpty, "something"), "x");
    await expect(restoreFromS3(bucket, { to: notEmpty })).rejects.toThrow(/not empty/);

    const to = path.join(tmp(), "restore");
    const report = await restoreFromS3(bucket, { to });
    expect(report.integrity).toBe("ok");
    const live = (table: string) => db.$client.prepare(`SELECT count(*) FROM "${table}"`).pluck().get();
    for (const [table, n] of Object.entries(report.rowCounts)) {
      if (table.startsWith("offsite_")) continue; // the copies' own rows moved on since
      expect([table, n]).toEqual([table, live(table)]);
    }
    expect(report.files.restored).toBe(2);
    const rows = db.select().from(documents).all();
    for (const row of rows) {
      const restored = fs.readFileSync(path.join(to, "files", ...row.storageKey.split("/")));
      expect(sha(restored)).toBe(row.sha256);
    }

    // One byte changed in the stored snapshot: refused.
    const object = await bucket.get(manifest.key);
    const bytes = await readAll(object!.body);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    await bucket.put(manifest.key, bytes, {});
    await expect(restoreFromS3(bucket, { to: path.join(tmp(), "again") })).rejects.toThrow(
      /does not match its manifest/,
    );
    db.$client.close();
  });

  it("a wrong secret opens one incident: the banner's problem and one e-mail, and one more when it is over", async () => {
    const bucket = await newBucket();
    const wrong = objectStore({ ...base!, bucket: bucket.bucket, secretAccessKey: "not-the-secret" });
    const { db, local } = setUp();
    const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const files = offsiteStore(
      local,
      () => db,
      () => wrong,
    );
    await files.put("documents", Readable.from(randomBytes(2000)));
    const t0 = new Date(); // the copy is due from its put on
    expect(await copyRound(db, local, wrong, () => t0)).toBe(0);
    expect(offsiteOverview(db, t0).lastError?.message).toMatch(/Signature|Access|Denied|Forbidden/i);
    expect(checkIncident(db, t0)).toBeNull(); // not an hour yet

    const later = new Date(t0.getTime() + 2 * 3600_000);
    expect(offsiteOverview(db, later).problems[0]).toMatch(/has waited since/);
    expect(checkIncident(db, later)).toBe("opened");
    expect(checkIncident(db, new Date(later.getTime() + 60_000))).toBeNull();
    expect(outboxWithContent(db, "backup").map((m) => [m.toAddress, m.subject])).toEqual([
      ["boss@agency.test", "Backups: copies off the host are failing"],
    ]);
    // The dashboard's banner, as an admin loads it (the copy's wait moved two hours back).
    db.$client.prepare("UPDATE offsite_queue SET created_at = ?").run(t0.getTime() - 2 * 3600_000);
    setDb(db);
    try {
      const page = await answer(async () => dashboardLoader(args(await get("/admin", admin))));
      // It says what is failing and what to check (issue 43).
      expect((page.data as { backupAlarm: string }).backupAlarm).toMatch(
        /^Backups are failing: files have waited to be copied since .*; the store answers 403 Forbidden: check S3_(SECRET_ACCESS_KEY|ACCESS_KEY_ID)/,
      );
    } finally {
      setDb(undefined);
    }

    retryCopiesNow(db, later);
    expect(await copyRound(db, local, bucket, () => later)).toBe(1);
    expect(checkIncident(db, later)).toBe("closed");
    expect(outboxWithContent(db, "backup").map((m) => m.subject)).toEqual([
      "Backups: copies off the host are failing",
      "Backups: copies off the host are back",
    ]);
    wrong.close();
  });

  it("versioning is on: an overwritten object's earlier version reads back", async () => {
    const bucket = await newBucket();
    expect(await bucket.ensureVersioning()).toBe("Enabled");
    const first = await bucket.put("documents/aa/v", Buffer.from("first"), {});
    await bucket.put("documents/aa/v", Buffer.from("second"), {});
    expect((await readAll((await bucket.get("documents/aa/v"))!.body)).toString()).toBe("second");
    expect(first.versionId).toBeTruthy();
    expect((await readAll((await bucket.get("documents/aa/v", first.versionId!))!.body)).toString()).toBe("first");
  });

  it("the retention deletes the snapshots it no longer keeps, and nothing younger", async () => {
    const bucket = await newBucket();
    const now = new Date("2027-06-15T12:00:00Z");
    const names = ["20270615T110000Z", "20270610T000000Z", "20270610T050000Z", "20240601T000000Z"];
    for (const name of names) {
      await bucket.put(`snapshots/app-${name}.json`, Buffer.from("{}"), {});
      await bucket.put(`snapshots/app-${name}.db.gz`, Buffer.from("x"), {});
    }
    const removed = await applyRetention(bucket, now);
    expect(removed.sort()).toEqual(
      [
        "snapshots/app-20240601T000000Z.db.gz",
        "snapshots/app-20240601T000000Z.json",
        "snapshots/app-20270610T050000Z.db.gz",
        "snapshots/app-20270610T050000Z.json",
      ].sort(),
    );
    expect((await listSnapshots(bucket)).map((s) => s.at.toISOString())).toEqual([
      "2027-06-10T00:00:00.000Z",
      "2027-06-15T11:00:00.000Z",
    ]);
  });

  it("a restore at a time brings each file back as it was then, by its recorded version; a manifest that disagrees is refused", async () => {
    const bucket = await newBucket();
    expect(await bucket.ensureVersioning()).toBe("Enabled");
    const dir = tmp();
    const db = openDatabase(path.join(dir, "app.db"));
    const { local } = setUp(db);
    const files = offsiteStore(
      local,
      () => db,
      () => bucket,
    );
    const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const sale = createTransaction(
      db,
      admin,
      { email: "seller@example.com", type: "selling", propertyAddress: "1 Main St", homeValue: "800000" },
      { notify: false },
    );
    const papers = [randomBytes(20_000), randomBytes(30_000)];
    const keys: string[] = [];
    for (const [i, bytes] of papers.entries()) {
      const stored = await files.put("documents", Readable.from(bytes));
      keys.push(stored.key);
      db.insert(documents)
        .values({
          transactionId: sale.id,
          name: `paper-${i}.pdf`,
          contentType: "application/pdf",
          size: stored.size,
          sha256: stored.sha256,
          storageKey: stored.key,
          uploadedByRole: "admin",
        })
        .run();
    }
    await copyRound(db, local, bucket);
    expect(fileRow(db, keys[0]!)?.versionId).toBeTruthy();
    const taken = new Date();
    const manifest = await takeSnapshot(db, bucket, { tmpDir: path.join(dir, "snapshots"), now: taken });
    // After the snapshot: one object replaced, the other deleted (a marker on top of its versions).
    await bucket.put(keys[0]!, Buffer.from("replaced later"), {});
    await bucket.delete(keys[1]!);
    const report = await restoreFromS3(bucket, { to: path.join(tmp(), "at"), at: new Date(taken.getTime() + 1000) });
    expect(report.files).toMatchObject({ restored: 2, missing: [], mismatched: [] });
    for (const [i, key] of keys.entries()) {
      expect(sha(fs.readFileSync(path.join(report.database, "..", "files", ...key.split("/"))))).toBe(sha(papers[i]!));
    }

    // A manifest whose rows or schema version are not the database's: refused after the restore's check.
    const manifestKey = manifest.key.replace(/\.db\.gz$/, ".json");
    const edited = { ...manifest, rowCounts: { ...manifest.rowCounts, documents: 3 } };
    await bucket.put(manifestKey, Buffer.from(JSON.stringify(edited)), {});
    await expect(restoreFromS3(bucket, { to: path.join(tmp(), "edited") })).rejects.toThrow(
      /does not match its manifest \(documents: 2 rows, the manifest says 3\)/,
    );
    db.$client.close();
  });

  it(
    "with versioning on, the retention and a purged file leave no version behind; a snapshot without its manifest is cleaned",
    { timeout: 60_000 },
    async () => {
      const bucket = await newBucket();
      expect(await bucket.ensureVersioning()).toBe("Enabled");
      const versions = async (key: string) => {
        const page = await bucket.client.send(
          new ListObjectVersionsCommand({ Bucket: bucket.bucket, Prefix: `${bucket.prefix}${key}` }),
        );
        return [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])].filter(
          (v) => v.Key === `${bucket.prefix}${key}`,
        ).length;
      };
      const now = new Date("2027-06-15T12:00:00Z");
      for (const name of ["20270615T110000Z", "20240601T000000Z"]) {
        await bucket.put(`snapshots/app-${name}.json`, Buffer.from("{}"), {});
        await bucket.put(`snapshots/app-${name}.db.gz`, Buffer.from("x"), {});
        await bucket.put(`snapshots/app-${name}.db.gz`, Buffer.from("xx"), {});
      }
      // A send that stopped before its manifest: cleaned once it is a day old.
      await bucket.put("snapshots/app-20270601T000000Z.db.gz", Buffer.from("orphan"), {});
      const removed = await applyRetention(bucket, now);
      expect(removed.sort()).toEqual(
        [
          "snapshots/app-20240601T000000Z.db.gz",
          "snapshots/app-20240601T000000Z.json",
          "snapshots/app-20270601T000000Z.db.gz",
        ].sort(),
      );
      expect(await versions("snapshots/app-20240601T000000Z.db.gz")).toBe(0);
      expect(await versions("snapshots/app-20270601T000000Z.db.gz")).toBe(0);
      expect(await versions("snapshots/app-20270615T110000Z.db.gz")).toBe(2);

      // A document purged after its three years: the queue's delete removes every version.
      const db = freshDb();
      const { local } = setUp(db);
      const files = offsiteStore(
        local,
        () => db,
        () => bucket,
      );
      const stored = await files.put("documents", Readable.from(randomBytes(1000)));
      await copyRound(db, local, bucket);
      await bucket.put(stored.key, Buffer.from("second version"), {});
      expect(await versions(stored.key)).toBe(2);
      await files.delete(stored.key);
      await copyRound(db, local, bucket);
      expect(await versions(stored.key)).toBe(0);
    },
  );
});
