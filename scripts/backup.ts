/**
 * One online backup of DATABASE_URL into data/backups/ (BACKUP_DIR), checked with integrity_check;
 * the newest 14 are kept. Safe while the site runs:
 *   npm run backup
 */
import { openDatabase } from "~/db/client.server";
import { backupDatabase } from "~/infra/backup.server";
import { env } from "~/config/env.server";

const config = env();
const db = openDatabase(config.DATABASE_URL);
try {
  const result = await backupDatabase(db, config.backupDir);
  console.log(`Backup written: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB, integrity ok)`);
  for (const name of result.removed) console.log(`Removed the old backup ${name}`);
} catch (error) {
  console.error("Backup failed:", error);
  process.exitCode = 1;
} finally {
  db.$client.close();
}
