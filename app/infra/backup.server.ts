/**
 * Backups of the site: the SQLite file and the uploaded files (FILES_DIR), one folder per run,
 * `app-20261122T093000Z/` holding `app.db` and `files/`. `npm run backup` runs one; BACKUP_INTERVAL_HOURS
 * makes the server run one on that schedule; the newest KEEP are kept.
 *
 * - The database: better-sqlite3's online backup copies a consistent snapshot while the site keeps
 *   serving (readers and the writer go on; the copy restarts its pages when they change), then the copy
 *   is checked with PRAGMA integrity_check.
 * - The files, after the snapshot, so that every file the snapshot names is already on the disk (a row is
 *   written only once its file is: app/models/document.server.ts). A stored file never changes (its key
 *   is new each time: app/infra/file-store.server.ts), so a file the previous backup holds is hard-linked
 *   from it, like `rsync --link-dest`: each backup is whole on its own, and a file takes the disk once
 *   however many backups hold it. A new file is copied (a clone where the file system can).
 * - The run is written to `<name>.partial/` and renamed when complete: a stop half-way leaves no backup
 *   that looks whole.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Db } from "~/db/client.server";

export const KEEP_BACKUPS = 14;
/** A backup's folder, or the single `.db` file of the backups made before files were kept. */
const NAME = /^app-\d{8}T\d{6}(?:\d{3})?Z(?:\.db)?$/;
const PARTIAL = ".partial";
export const BACKUP_DATABASE = "app.db";
export const BACKUP_FILES = "files";

/** `app-20261122T093000Z`: sorts by time, and says when in UTC. */
export const backupName = (at: Date) =>
  `app-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z")}`;

export type BackupResult = {
  /** The backup's folder. */
  folder: string;
  /** Its database file and size. */
  database: string;
  bytes: number;
  /** The files: how many, how many were new (copied rather than linked), their bytes. */
  files: { count: number; copied: number; bytes: number };
  /** Files the database names that were not in FILES_DIR (purged between the snapshot and the copy). */
  missing: string[];
  removed: string[];
};

export async function backupSite(
  db: Db,
  options: { backupDir: string; filesDir: string; now?: Date; keep?: number },
): Promise<BackupResult> {
  const { backupDir, filesDir } = options;
  fs.mkdirSync(backupDir, { recursive: true });
  const now = options.now ?? new Date();
  let folder = path.join(backupDir, backupName(now));
  if (fs.existsSync(folder)) folder = folder.replace(/Z$/, `${String(now.getUTCMilliseconds()).padStart(3, "0")}Z`);
  if (fs.existsSync(folder)) throw new Error(`The backup ${folder} exists already`);
  const previous = newestBackup(backupDir);
  const partial = `${folder}${PARTIAL}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial);
  try {
    const database = path.join(partial, BACKUP_DATABASE);
    await db.$client.backup(database);
    const keys = checkDatabase(database);
    const files = await copyFiles(filesDir, path.join(partial, BACKUP_FILES), previous);
    const missing = keys.filter((key) => !fs.existsSync(path.join(partial, BACKUP_FILES, ...key.split("/"))));
    fs.renameSync(partial, folder);
    const removed = rotate(backupDir, options.keep ?? KEEP_BACKUPS);
    const file = path.join(folder, BACKUP_DATABASE);
    return { folder, database: file, bytes: fs.statSync(file).size, files, missing, removed };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * One self-contained file (the copy leaves WAL mode, so it has no -wal or -shm beside it), checked; the
 * documents' storage keys it names, to check that their files came along (blog images can be uploaded
 * again; a transaction's papers cannot).
 */
function checkDatabase(file: string): string[] {
  const copy = new Database(file);
  try {
    copy.pragma("journal_mode = DELETE");
    const result = copy.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new Error(`integrity_check of the backup said: ${String(result)}`);
    const tables = new Set(copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all());
    if (!tables.has("documents")) return [];
    return copy.prepare("SELECT storage_key FROM documents").pluck().all() as string[];
  } finally {
    copy.close();
  }
}

async function copyFiles(from: string, to: string, previous: string | null) {
  const linkFrom = previous ? path.join(previous, BACKUP_FILES) : null;
  let count = 0;
  let copied = 0;
  let bytes = 0;
  fs.mkdirSync(to, { recursive: true });
  for await (const relative of walk(from, "")) {
    const source = path.join(from, relative);
    const target = path.join(to, relative);
    const stat = await fs.promises.stat(source).catch(() => null);
    if (!stat) continue; // deleted since it was listed (a purge): not part of this backup
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const earlier = linkFrom ? path.join(linkFrom, relative) : null;
    const earlierStat = earlier ? await fs.promises.stat(earlier).catch(() => null) : null;
    if (earlier && earlierStat?.size === stat.size) {
      await fs.promises.link(earlier, target);
    } else {
      await fs.promises.copyFile(source, target, fs.constants.COPYFILE_FICLONE);
      copied += 1;
    }
    count += 1;
    bytes += stat.size;
  }
  return { count, copied, bytes };
}

/** Every file under `dir`, as a path relative to it; half-written uploads are left out. */
async function* walk(dir: string, relative: string): AsyncGenerator<string> {
  const entries = await fs.promises.readdir(path.join(dir, relative), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* walk(dir, child);
    else if (entry.isFile() && !entry.name.endsWith(PARTIAL)) yield child;
  }
}

function backups(dir: string) {
  return fs
    .readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort();
}

/** The newest complete backup folder (one made before files were kept has none to link from). */
function newestBackup(dir: string): string | null {
  const folders = backups(dir).filter((name) => !name.endsWith(".db"));
  return folders.length ? path.join(dir, folders[folders.length - 1]!) : null;
}

function rotate(dir: string, keep: number): string[] {
  const all = backups(dir);
  const removed = all.slice(0, Math.max(0, all.length - keep));
  for (const name of removed) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  return removed;
}

/** The lines `npm run backup` and the server's schedule print about a backup. */
export function describeBackup(result: BackupResult): string[] {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const { files } = result;
  const lines = [
    `Backup written: ${result.folder} (database ${mb(result.bytes)}, integrity ok; ` +
      `${files.count} file(s), ${mb(files.bytes)}, ${files.copied} new)`,
  ];
  if (result.missing.length) {
    lines.push(`Warning: ${result.missing.length} document file(s) named by the database were not in FILES_DIR`);
  }
  for (const name of result.removed) lines.push(`Removed the old backup ${name}`);
  return lines;
}
