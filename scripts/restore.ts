/**
 * The way back from the S3 store (docs/backups.md, "Restore"):
 *
 *   npm run restore                                  # the database as of its last replicated change, in place
 *   npm run restore -- --at "2026-11-28 14:05"       # as of that moment (San Diego time; ISO with offset accepted)
 *   npm run restore -- --at ... --to /srv/restore    # into an empty folder instead (app.db and files/)
 *   npm run restore -- --from-snapshot [--at ...] --to /srv/restore   # from a daily archive instead
 *
 * Litestream restores the database into a new file, which is checked (integrity_check, its rows counted); the files
 * come back as of the same moment by their object versions, each checked against its SHA-256; only then, with the
 * server stopped, are both moved into place (the old ones kept beside them). It prints the time of the last change
 * restored. A time before the history begins, or a bucket without it: a message, nothing changed. Reads the S3_*
 * variables and DATABASE_URL / FILES_DIR.
 */
import path from "node:path";
import { env } from "~/config/env.server";
import { moveIntoPlace, restoreReplica } from "~/infra/litestream-restore.server";
import { readReplicationStatus } from "~/infra/litestream.server";
import { objectStore } from "~/infra/s3.server";
import { restoreFromS3 } from "~/infra/snapshot.server";
import { formatDateTimeIn, instantFromText } from "~/lib/plain-date";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const to = option("to");
const atText = option("at");
const fromSnapshot = process.argv.includes("--from-snapshot") || process.argv.includes("--from-s3");
const at = atText === undefined ? undefined : instantFromText(atText);
if (at === null) {
  console.error(
    `--at takes a San Diego time such as "2026-11-28 14:05", or an ISO time with its offset such as ` +
      `2026-11-28T22:05:00Z, not "${atText}"`,
  );
  process.exit(2);
}
if (fromSnapshot && !to) {
  console.error("Usage: npm run restore -- --from-snapshot [--at <time>] --to <empty folder>");
  process.exit(2);
}
const config = env();
const settings = config.s3;
if (!settings) {
  console.error("S3 is not configured: set S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (and S3_ENDPOINT)");
  process.exit(2);
}
const store = objectStore(settings);
const log = (line: string) => console.log(line);
try {
  if (fromSnapshot) {
    const report = await restoreFromS3(store, { to: to!, at, log });
    printRows(report.rowCounts);
    console.log(`Restored into ${to}: DATABASE_URL=${report.database} FILES_DIR=${to}/files`);
    if (report.files.missing.length || report.files.mismatched.length) process.exitCode = 1;
  } else {
    const live = { database: path.resolve(config.DATABASE_URL), filesDir: config.filesDir };
    // In place only with the server stopped: its replication writes its status each second while it runs.
    if (!to && readReplicationStatus(live.database).running) {
      throw new Error("The server is running (its replication answered in the last seconds): stop it first");
    }
    const target = to ?? path.join(path.dirname(live.database), `restore-${Date.now()}`);
    const report = await restoreReplica(store, settings, { database: live.database, to: target, at, log });
    printRows(report.rowCounts);
    if (report.files.missing.length || report.files.mismatched.length) {
      process.exitCode = 1;
      if (!to) throw new Error(`Files are missing or differ: the restore is left in ${target}, nothing moved`);
    }
    if (to) {
      console.log(`Restored into ${to}: DATABASE_URL=${report.database} FILES_DIR=${to}/files`);
    } else {
      const kept = moveIntoPlace(target, live);
      console.log(
        `Restored in place: ${live.database} and ${live.filesDir}; the old ones are ${kept.database} and ${kept.filesDir}`,
      );
    }
    console.log(
      report.lastChangeAt
        ? `The last change restored: ${formatDateTimeIn(report.lastChangeAt)} (${report.lastChangeAt.toISOString()})`
        : "The last change restored: unknown",
    );
  }
} catch (error) {
  console.error(`Restore refused: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  store.close();
}

function printRows(rowCounts: Record<string, number>) {
  const rows = Object.entries(rowCounts)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${table} ${n}`)
    .join(", ");
  console.log(`Rows: ${rows}`);
}
