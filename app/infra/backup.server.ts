/**
 * Online backups of the SQLite file: better-sqlite3's backup API copies a consistent snapshot while the
 * site keeps serving (readers and the writer go on; the copy restarts its pages when they change).
 * Each copy is checked with PRAGMA integrity_check before it counts, and the newest KEEP are kept.
 * `npm run backup` runs one; BACKUP_INTERVAL_HOURS makes the server run one on that schedule.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Db } from "~/db/client.server";

export const KEEP_BACKUPS = 14;
const NAME = /^app-\d{8}T\d{6}(?:\d{3})?Z\.db$/;

/** `app-20261122T093000Z.db`: sorts by time, and says when in UTC. */
export const backupName = (at: Date) =>
  `app-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z")}.db`;

export type BackupResult = { file: string; bytes: number; removed: string[] };

export async function backupDatabase(
  db: Db,
  dir: string,
  options: { now?: Date; keep?: number } = {},
): Promise<BackupResult> {
  fs.mkdirSync(dir, { recursive: true });
  const now = options.now ?? new Date();
  let file = path.join(dir, backupName(now));
  if (fs.existsSync(file)) file = file.replace(/Z\.db$/, `${String(now.getUTCMilliseconds()).padStart(3, "0")}Z.db`);
  const partial = `${file}.partial`;
  try {
    await db.$client.backup(partial);
    // One self-contained file: the copy leaves WAL mode, so it has no -wal or -shm beside it.
    const copy = new Database(partial);
    try {
      copy.pragma("journal_mode = DELETE");
      const result = copy.pragma("integrity_check", { simple: true });
      if (result !== "ok") throw new Error(`integrity_check of the backup said: ${String(result)}`);
    } finally {
      copy.close();
    }
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  const keep = options.keep ?? KEEP_BACKUPS;
  const backups = fs
    .readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
  return { file, bytes: fs.statSync(file).size, removed };
}
