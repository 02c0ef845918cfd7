/**
 * The way back from the S3 store (issue 39; docs/backups.md):
 *   npm run restore -- --from-s3 [--at 2026-11-27T10:00:00Z] --to /srv/restore
 * takes the latest database snapshot (or the last at or before --at), checks its SHA-256 against its manifest
 * and its integrity, then fetches every document and image the database names, each checked against its
 * SHA-256, into the empty folder: `app.db` and `files/` (point DATABASE_URL and FILES_DIR at them). Refuses
 * a folder that is not empty, a snapshot whose hash does not match, a restored database whose rows or schema
 * version differ from its manifest, and an --at without its offset. Each file comes back as it was at the
 * snapshot (its recorded object version). Reads the S3_* variables.
 */
import { env } from "~/config/env.server";
import { objectStore } from "~/infra/s3.server";
import { restoreFromS3 } from "~/infra/snapshot.server";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** An instant with its offset: Z or ±hh:mm. */
const AT_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const to = option("to");
const at = option("at");
if (!process.argv.includes("--from-s3") || !to) {
  console.error("Usage: npm run restore -- --from-s3 [--at <ISO time>] --to <empty folder>");
  process.exit(2);
}
if (at !== undefined && (!AT_FORMAT.test(at) || Number.isNaN(Date.parse(at)))) {
  // Without an offset the time would be read in this machine's zone: say which instant is meant.
  console.error(
    `--at takes an ISO time with its offset, such as 2026-11-27T10:00:00Z or 2026-11-27T02:00:00-08:00, not "${at}"`,
  );
  process.exit(2);
}
const settings = env().s3;
if (!settings) {
  console.error("S3 is not configured: set S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (and S3_ENDPOINT)");
  process.exit(2);
}
const store = objectStore(settings);
try {
  const report = await restoreFromS3(store, {
    to,
    at: at ? new Date(at) : undefined,
    log: (line) => console.log(line),
  });
  const rows = Object.entries(report.rowCounts)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${table} ${n}`)
    .join(", ");
  console.log(`Rows: ${rows}`);
  console.log(`Restored into ${to}: DATABASE_URL=${report.database} FILES_DIR=${to}/files`);
  if (report.files.missing.length || report.files.mismatched.length) process.exitCode = 1;
} catch (error) {
  console.error(`Restore refused: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  store.close();
}
