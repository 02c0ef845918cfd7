/**
 * The process's database: the SQLite file of DATABASE_URL, opened (and migrated) on first use and kept
 * across development reloads. Tests point the process at a database of their own with `setDb`.
 */
import { openDatabase, type Db } from "~/db/client.server";
import { env } from "~/config/env.server";

const globalForDb = globalThis as unknown as { __db?: Db };

export function getDb(): Db {
  if (!globalForDb.__db) globalForDb.__db = openDatabase(env().DATABASE_URL, { replicated: replicating() });
  return globalForDb.__db;
}

/** Whether Litestream replicates the database: with S3 configured and a file database (docs/backups.md). */
export const replicating = () => env().s3 !== null && env().DATABASE_URL !== ":memory:";

export function setDb(db: Db | undefined) {
  globalForDb.__db = db;
}
