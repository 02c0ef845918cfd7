/**
 * The one SQLite database: WAL mode, foreign keys on, a busy timeout, and the
 * drizzle-kit migrations of `drizzle/` applied when it is opened.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & {
  $client: Database.Database;
};

/** The database or a transaction on it: what a helper called inside `db.transaction` takes. */
export type DbOrTx = BaseSQLiteDatabase<"sync", Database.RunResult, typeof schema>;

/** The migrations drizzle-kit wrote; they ship with the build and run when a database is opened. */
const MIGRATIONS_FOLDER = path.resolve("drizzle");

/** Opens (creating if needed) and migrates the SQLite file at `file`. */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // Transactions take the write lock when they begin (BEGIN IMMEDIATE), waiting up to the busy timeout
  // for another connection (a backup, a script, a test fixture). A deferred one that read first would
  // fail at once with SQLITE_BUSY when that connection wrote in between. Nested ones are savepoints.
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => transaction(run, { behavior: "immediate", ...config })) as typeof db.transaction;
  return db;
}

/**
 * A query built and compiled once per database, for the three that run on every request: the session and
 * its user (every signed-in view) and the public pages' content version (every cached public view). Every
 * other read is a plain Drizzle query (docs/decisions/022-one-path-per-read.md). `build` uses
 * `sql.placeholder` for its values.
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let query = byDb.get(db);
    if (query === undefined) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}
