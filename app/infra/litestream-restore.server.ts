/**
 * The way back from the replica (docs/backups.md, "Restore"): Litestream restores the database as of a moment (or
 * the latest) into a new file; it is checked (`integrity_check`, its rows counted); the files come back as of the
 * same moment by their object versions (app/infra/snapshot.server.ts `restoreFiles`); only then are both moved into
 * place, the old ones kept beside them. scripts/restore.ts is its command.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { litestreamBinary, litestreamConfig, litestreamEnv, replicaPath } from "~/infra/litestream.server";
import type { ObjectStore, S3Settings } from "~/infra/s3.server";
import { inspect, restoreFiles, type RestoreReport } from "~/infra/snapshot.server";

const run = promisify(execFile);

export type ReplicaRestore = {
  database: string;
  integrity: string;
  rowCounts: Record<string, number>;
  files: RestoreReport["files"];
  /** The last change the restore holds: the replica's last sync at or before the moment asked. */
  lastChangeAt: Date | null;
};

/**
 * The replica's generations and the span of each, from its snapshots (`litestream snapshots`: the history begins at
 * the first) and WAL segments (`litestream wal`: the last change is the last segment), the newest last. (Not
 * `litestream generations`: it reads the local database, which a lost disk no longer has.)
 */
async function generations(binary: string, config: string, database: string, s3: S3Settings) {
  const list = async (command: "snapshots" | "wal") => {
    const { stdout } = await run(binary, [command, "-config", config, database], {
      env: litestreamEnv(s3),
      maxBuffer: 256 * 1024 * 1024,
    });
    // Columns: replica, generation, ..., created (the last).
    return stdout
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols.length >= 4)
      .map((cols) => ({ generation: cols[1]!, created: new Date(cols.at(-1)!) }))
      .filter((row) => !Number.isNaN(row.created.getTime()));
  };
  const spans = new Map<string, { generation: string; start: Date; end: Date }>();
  for (const row of [...(await list("snapshots")), ...(await list("wal"))]) {
    const span = spans.get(row.generation);
    if (!span) spans.set(row.generation, { generation: row.generation, start: row.created, end: row.created });
    else {
      if (row.created < span.start) span.start = row.created;
      if (row.created > span.end) span.end = row.created;
    }
  }
  return [...spans.values()].sort((a, b) => a.end.getTime() - b.end.getTime());
}

/**
 * Restores the replica of `database` (the live database's path: Litestream knows a database by it) as of `at` (or
 * the latest) into the empty folder `to`: `app.db` and `files/`. Throws with a sentence a person reads when there is
 * no history at or before `at`, or the restored file is not sound; nothing outside `to` is touched.
 */
export async function restoreReplica(
  store: ObjectStore,
  s3: S3Settings,
  options: { database: string; to: string; at?: Date; log?: (line: string) => void },
): Promise<ReplicaRestore> {
  const log = options.log ?? (() => {});
  const binary = litestreamBinary();
  if (!binary) throw new Error(`Litestream has no binary for ${process.platform}-${process.arch}`);
  if (fs.existsSync(options.to) && fs.readdirSync(options.to).length > 0) {
    throw new Error(`${options.to} is not empty: restore into an empty folder`);
  }
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), "litestream-restore-"));
  const config = path.join(configDir, "litestream.yml");
  fs.writeFileSync(config, litestreamConfig(options.database, s3, null), { mode: 0o600 });
  const where = `s3://${s3.bucket}/${replicaPath(s3)}`;
  try {
    const spans = await generations(binary, config, path.resolve(options.database), s3);
    if (!spans.length) throw new Error(`No replicated history in ${where}: nothing changed`);
    const first = spans.reduce((a, b) => (a.start < b.start ? a : b));
    if (options.at && options.at < first.start) {
      throw new Error(
        `The history in ${where} begins at ${first.start.toISOString()}, after ${options.at.toISOString()}: nothing changed`,
      );
    }
    fs.mkdirSync(options.to, { recursive: true });
    const database = path.join(options.to, "app.db");
    const args = ["restore", "-config", config, "-o", database];
    if (options.at) args.push("-timestamp", options.at.toISOString());
    try {
      await run(binary, [...args, path.resolve(options.database)], { env: litestreamEnv(s3) });
    } catch (error) {
      const text = `${(error as { stderr?: string }).stderr ?? ""} ${(error as Error).message}`;
      if (/no matching backups|no generation|no snapshots/i.test(text)) {
        throw new Error(`No replicated history at or before ${options.at?.toISOString() ?? "now"} in ${where}`);
      }
      throw new Error(`Litestream could not restore: ${text.trim().split("\n").at(-1)}`);
    }
    const checked = await inspect(database);
    if (checked.integrity !== "ok")
      throw new Error(`integrity_check of the restored database said: ${checked.integrity}`);
    log(`Database: ${database}, integrity ok`);
    const files = await restoreFiles(store, database, options.to, log);
    const within = spans.filter((g) => !options.at || g.start <= options.at).at(-1);
    const lastChangeAt = within ? new Date(Math.min(within.end.getTime(), options.at?.getTime() ?? Infinity)) : null;
    return { database, integrity: checked.integrity, rowCounts: checked.rowCounts, files, lastChangeAt };
  } catch (error) {
    if (fs.existsSync(options.to)) fs.rmSync(options.to, { recursive: true, force: true });
    throw error;
  } finally {
    fs.rmSync(configDir, { recursive: true, force: true });
  }
}

/**
 * Moves a restore (`from`: its `app.db` and `files/`) into place over the live database and files folder, the server
 * stopped: the old ones are kept beside them with `.before-restore-<time>`. Answers where the old ones went.
 */
export function moveIntoPlace(from: string, live: { database: string; filesDir: string }, now = new Date()) {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const kept = {
    database: `${live.database}.before-restore-${stamp}`,
    filesDir: `${live.filesDir}.before-restore-${stamp}`,
  };
  if (fs.existsSync(live.database)) fs.renameSync(live.database, kept.database);
  for (const suffix of ["-wal", "-shm"]) {
    if (fs.existsSync(live.database + suffix)) fs.renameSync(live.database + suffix, kept.database + suffix);
  }
  fs.renameSync(path.join(from, "app.db"), live.database);
  if (fs.existsSync(live.filesDir)) fs.renameSync(live.filesDir, kept.filesDir);
  const files = path.join(from, "files");
  if (fs.existsSync(files)) fs.renameSync(files, live.filesDir);
  else fs.mkdirSync(live.filesDir, { recursive: true });
  fs.rmSync(from, { recursive: true, force: true });
  return kept;
}
