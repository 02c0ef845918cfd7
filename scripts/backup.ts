/**
 * One backup of DATABASE_URL and FILES_DIR into data/backups/ (BACKUP_DIR): a folder with the checked
 * database and the uploaded files (app/infra/backup.server.ts); the newest 14 are kept. Safe while the
 * site runs:
 *   npm run backup
 */
import { openDatabase } from "~/db/client.server";
import { backupSite, describeBackup } from "~/infra/backup.server";
import { env } from "~/config/env.server";

const config = env();
const db = openDatabase(config.DATABASE_URL);
try {
  const result = await backupSite(db, { backupDir: config.backupDir, filesDir: config.filesDir });
  for (const line of describeBackup(result)) console.log(line);
} catch (error) {
  console.error("Backup failed:", error);
  process.exitCode = 1;
} finally {
  db.$client.close();
}
