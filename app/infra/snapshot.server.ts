/**
 * The database off the host (docs/backups.md): a consistent snapshot (SQLite's online backup, which
 * lets the site go on), checked (`PRAGMA integrity_check`) and counted, then compressed, in child processes at
 * the lowest CPU priority so that no request waits for it, gzip-compressed and streamed to the bucket as `snapshots/app-<time>.db.gz` with its manifest
 * beside it (`.json`: the SHA-256 and size of the compressed bytes, the schema version, the rows per table,
 * the time); then the retention (app/lib/snapshot-retention.ts) deletes what is no longer kept. And the way
 * back: `restoreFromS3` (npm run restore) takes the latest snapshot (or the last at or before a time), checks
 * its SHA-256 and its integrity, then fetches every file the database names, each checked against its SHA-256.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import type { Db } from "~/db/client.server";
import { backupName } from "~/infra/backup.server";
import type { ObjectStore } from "~/infra/s3.server";
import { snapshotsToDelete } from "~/lib/snapshot-retention";

export const SNAPSHOTS = "snapshots/";
const NAME = /^snapshots\/(app-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z)\.json$/;

export type Manifest = {
  key: string;
  sha256: string;
  bytes: number;
  databaseBytes: number;
  schemaVersion: { migrations: number; lastMigrationAt: number | null };
  rowCounts: Record<string, number>;
  takenAt: string;
};

/** A stream's bytes counted and hashed on their way. */
function measured() {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest("hex"), bytes }) };
}

/**
 * A Node child process at the lowest CPU priority (nice 19) running `code` with `args`: the snapshot's heavy
 * work (the check, the compression) then takes only the CPU the site leaves (docs/backups.md, "Measured").
 */
function lowPriority(code: string, args: string[]) {
  const child = spawn(process.execPath, ["-e", code, "--", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  try {
    if (child.pid) os.setPriority(child.pid, 19);
  } catch {
    // not allowed here: it runs at the normal priority
  }
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve, reject) =>
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`the child stopped (${code}): ${stderr.slice(0, 300)}`)),
    ),
  );
  return { stdout: child.stdout!, exited };
}

/** integrity_check, the schema version and each table's rows of a database file, in a low-priority child. */
export async function inspect(
  file: string,
): Promise<{ integrity: string; schemaVersion: Manifest["schemaVersion"]; rowCounts: Record<string, number> }> {
  const code = `
    const Database = require("better-sqlite3");
    const db = new Database(process.argv[process.argv.length - 1], { readonly: true });
    try {
      const integrity = db.pragma("integrity_check", { simple: true });
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
      const rowCounts = {};
      for (const t of tables) rowCounts[t] = db.prepare('SELECT count(*) FROM "' + t.replace(/"/g, '""') + '"').pluck().get();
      const m = tables.includes("__drizzle_migrations")
        ? db.prepare("SELECT count(*) AS migrations, max(created_at) AS last FROM __drizzle_migrations").get()
        : { migrations: 0, last: null };
      process.stdout.write(JSON.stringify({ integrity: String(integrity), rowCounts, schemaVersion: { migrations: m.migrations, lastMigrationAt: m.last === null ? null : Number(m.last) } }));
    } finally { db.close(); }`;
  const child = lowPriority(code, [file]);
  const [out] = await Promise.all([readAll(child.stdout), child.exited]);
  return JSON.parse(out.toString("utf8")) as Awaited<ReturnType<typeof inspect>>;
}

/** A file gzip-compressed by a low-priority child, as a stream. */
function gzipped(file: string) {
  return lowPriority(
    `require("node:fs").createReadStream(process.argv[process.argv.length - 1]).pipe(require("node:zlib").createGzip({ level: 6 })).pipe(process.stdout)`,
    [file],
  );
}

/** Takes a snapshot and sends it with its manifest; returns the manifest. The copy's folder is `tmpDir`. */
export async function takeSnapshot(
  db: Db,
  store: ObjectStore,
  options: { tmpDir: string; now?: Date },
): Promise<Manifest> {
  const at = options.now ?? new Date();
  const name = backupName(at);
  fs.mkdirSync(options.tmpDir, { recursive: true });
  const copy = path.join(options.tmpDir, `${name}.snapshot.db`);
  fs.rmSync(copy, { force: true });
  try {
    await db.$client.backup(copy);
    // The copy is one file of its own (no -wal): out of WAL mode before it is read elsewhere.
    const handle = new Database(copy);
    handle.pragma("journal_mode = DELETE");
    handle.close();
    const checked = await inspect(copy);
    if (checked.integrity !== "ok") throw new Error(`integrity_check of the snapshot said: ${checked.integrity}`);
    const key = `${SNAPSHOTS}${name}.db.gz`;
    const measure = measured();
    const body = new PassThrough();
    const sending = store.put(key, body, { contentType: "application/gzip" });
    // The store refused: the file's reading stops too.
    sending.catch((error: unknown) => body.destroy(error as Error));
    const compressing = gzipped(copy);
    await Promise.all([pipeline(compressing.stdout, measure.stream, body), compressing.exited]);
    await sending;
    const { sha256, bytes } = measure.result();
    const manifest: Manifest = {
      key,
      sha256,
      bytes,
      databaseBytes: fs.statSync(copy).size,
      schemaVersion: checked.schemaVersion,
      rowCounts: checked.rowCounts,
      takenAt: at.toISOString(),
    };
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await store.put(`${SNAPSHOTS}${name}.json`, json, {
      sha256: createHash("sha256").update(json).digest("hex"),
      contentType: "application/json",
    });
    return manifest;
  } finally {
    fs.rmSync(copy, { force: true });
  }
}

/** The snapshots in the bucket, oldest first: their manifest's key and time. */
export async function listSnapshots(store: ObjectStore) {
  const found: Array<{ manifest: string; at: Date }> = [];
  for await (const object of store.list(SNAPSHOTS)) {
    const m = NAME.exec(object.key);
    if (!m) continue;
    const [, , y, mo, d, h, mi, s, ms] = m;
    found.push({ manifest: object.key, at: new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!, +(ms ?? 0))) });
  }
  return found.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** A compressed snapshot left without its manifest (a send that stopped midway) is cleaned after a day. */
const ORPHAN_SNAPSHOT_MS = 24 * 3600_000;

/**
 * Deletes the snapshots the retention no longer keeps (the compressed file and its manifest) with every version
 * of each (with versioning on, a plain delete would only add a marker and keep the bytes), and a compressed
 * snapshot left without its manifest for a day.
 */
export async function applyRetention(store: ObjectStore, now = new Date()): Promise<string[]> {
  const all = await listSnapshots(store);
  const remove = new Set(
    snapshotsToDelete(
      all.map((s) => s.at),
      now,
    ).map((d) => d.getTime()),
  );
  const keys = all
    .filter((s) => remove.has(s.at.getTime()))
    .flatMap((s) => [s.manifest, s.manifest.replace(/\.json$/, ".db.gz")]);
  const manifests = new Set(all.map((s) => s.manifest));
  for await (const object of store.list(SNAPSHOTS)) {
    if (!object.key.endsWith(".db.gz") || manifests.has(object.key.replace(/\.db\.gz$/, ".json"))) continue;
    if (now.getTime() - object.modifiedAt.getTime() > ORPHAN_SNAPSHOT_MS) keys.push(object.key);
  }
  for (const key of keys) await store.purge(key);
  return keys;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** How a restored database differs from its manifest (rows of a table, the schema's version), in words. */
export function manifestDifferences(
  manifest: Pick<Manifest, "rowCounts" | "schemaVersion">,
  restored: { rowCounts: Record<string, number>; schemaVersion: Manifest["schemaVersion"] },
): string[] {
  const out: string[] = [];
  const tables = new Set([...Object.keys(manifest.rowCounts), ...Object.keys(restored.rowCounts)]);
  for (const table of [...tables].sort()) {
    const expected = manifest.rowCounts[table];
    const got = restored.rowCounts[table];
    if (expected !== got) out.push(`${table}: ${got ?? "no table"} rows, the manifest says ${expected ?? "no table"}`);
  }
  if (
    manifest.schemaVersion.migrations !== restored.schemaVersion.migrations ||
    manifest.schemaVersion.lastMigrationAt !== restored.schemaVersion.lastMigrationAt
  ) {
    out.push(
      `schema version ${restored.schemaVersion.migrations} migrations, the manifest says ${manifest.schemaVersion.migrations}`,
    );
  }
  return out;
}

export type RestoreReport = {
  manifest: Manifest;
  database: string;
  integrity: string;
  rowCounts: Record<string, number>;
  files: { restored: number; bytes: number; missing: string[]; mismatched: string[] };
};

/**
 * Restores the latest snapshot (or the last at or before `at`) into the empty folder `to`: `app.db` and
 * `files/`. Refuses a folder that is not empty, and a snapshot whose SHA-256 is not its manifest's.
 */
export async function restoreFromS3(
  store: ObjectStore,
  options: { to: string; at?: Date; log?: (line: string) => void },
): Promise<RestoreReport> {
  const log = options.log ?? (() => {});
  if (fs.existsSync(options.to) && fs.readdirSync(options.to).length > 0) {
    throw new Error(`${options.to} is not empty: restore into an empty folder`);
  }
  const snapshots = (await listSnapshots(store)).filter((s) => !options.at || s.at <= options.at);
  const chosen = snapshots.at(-1);
  if (!chosen)
    throw new Error(options.at ? `No snapshot at or before ${options.at.toISOString()}` : "No snapshot in the bucket");
  const manifestObject = await store.get(chosen.manifest);
  if (!manifestObject) throw new Error(`The manifest ${chosen.manifest} is gone`);
  const manifest = JSON.parse((await readAll(manifestObject.body)).toString("utf8")) as Manifest;
  log(`Snapshot ${manifest.key} of ${manifest.takenAt} (${manifest.bytes} bytes compressed)`);

  fs.mkdirSync(options.to, { recursive: true });
  const database = path.join(options.to, "app.db");
  const object = await store.get(manifest.key);
  if (!object) throw new Error(`The snapshot ${manifest.key} is gone`);
  // The compressed bytes are checked against the manifest before a byte of them is used.
  const compressed = `${database}.gz`;
  const measure = measured();
  await pipeline(object.body, measure.stream, fs.createWriteStream(compressed));
  const { sha256 } = measure.result();
  if (sha256 !== manifest.sha256) {
    fs.rmSync(compressed, { force: true });
    throw new Error(
      `The snapshot ${manifest.key} does not match its manifest's SHA-256 (${sha256} ≠ ${manifest.sha256}): refused`,
    );
  }
  await pipeline(fs.createReadStream(compressed), zlib.createGunzip(), fs.createWriteStream(database));
  fs.rmSync(compressed, { force: true });
  const checked = await inspect(database);
  if (checked.integrity !== "ok")
    throw new Error(`integrity_check of the restored database said: ${checked.integrity}`);
  const differences = manifestDifferences(manifest, checked);
  if (differences.length) {
    throw new Error(`The restored database does not match its manifest (${differences.join("; ")}): refused`);
  }
  log(`Database: ${database}, SHA-256 checked, integrity ok, rows and schema version as its manifest says`);

  const files = await restoreFiles(store, database, options.to, log);
  return { manifest, database, integrity: checked.integrity, rowCounts: checked.rowCounts, files };
}

/**
 * Fetches every file the restored database at `database` names into `<to>/files`: the copies' rows (with their
 * SHA-256 and the object's version then), and any document without one. Each is fetched as it was at the moment
 * restored (its recorded version), so that a file replaced or purged since comes back all the same; each is checked.
 */
export async function restoreFiles(
  store: ObjectStore,
  database: string,
  to: string,
  log: (line: string) => void,
): Promise<RestoreReport["files"]> {
  // Every file the database names: the copies' rows (with their SHA-256 and the object's version then), and
  // any document without one. Each is fetched as it was at the snapshot: its recorded version, so that a file
  // replaced or purged since is restored all the same.
  const named = new Database(database, { readonly: true });
  const tables = new Set(named.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());
  const wanted = new Map<string, { sha256: string; versionId: string | null }>();
  if (tables.has("documents")) {
    for (const row of named.prepare("SELECT storage_key AS key, sha256 FROM documents").all() as Array<{
      key: string;
      sha256: string;
    }>)
      wanted.set(row.key, { sha256: row.sha256, versionId: null });
  }
  if (tables.has("offsite_files")) {
    for (const row of named
      .prepare("SELECT key, sha256, version_id AS versionId FROM offsite_files WHERE removed_at IS NULL")
      .all() as Array<{ key: string; sha256: string; versionId: string | null }>)
      wanted.set(row.key, { sha256: row.sha256, versionId: row.versionId });
  }
  named.close();
  const files = { restored: 0, bytes: 0, missing: [] as string[], mismatched: [] as string[] };
  for (const [key, { sha256: expected, versionId }] of wanted) {
    const file = await store.get(key, versionId ?? undefined);
    if (!file) {
      files.missing.push(key);
      continue;
    }
    const target = path.join(to, "files", ...key.split("/"));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const m = measured();
    await pipeline(file.body, m.stream, fs.createWriteStream(target));
    const got = m.result();
    if (got.sha256 !== expected) {
      fs.rmSync(target, { force: true });
      files.mismatched.push(key);
      continue;
    }
    files.restored += 1;
    files.bytes += got.bytes;
  }
  log(`Files: ${files.restored} restored (${files.bytes} bytes), each SHA-256 checked`);
  if (files.missing.length) log(`Missing from the bucket: ${files.missing.join(", ")}`);
  if (files.mismatched.length) log(`Refused (SHA-256 differs): ${files.mismatched.join(", ")}`);
  return files;
}
