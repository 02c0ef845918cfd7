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

/** Opens (creating if needed) and migrates the SQLite file at `file` (`replicated`: Litestream checkpoints it). */
export function openDatabase(file: string, options: { replicated?: boolean } = {}): Db {
  if (file !== ":memory:") {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  // Replicated by Litestream (app/infra/litestream.server.ts): Litestream checkpoints, after it has copied the WAL;
  // the app's own automatic checkpoints would race it (its guidance for a busy database).
  if (options.replicated) sqlite.pragma("wal_autocheckpoint = 0");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  keepStatements(sqlite);
  // Transactions take the write lock when they begin (BEGIN IMMEDIATE), waiting up to the busy timeout
  // for another connection (a backup, a script, a test fixture). A deferred one that read first would
  // fail at once with SQLITE_BUSY when that connection wrote in between. Nested ones are savepoints.
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => transaction(run, { behavior: "immediate", ...config })) as typeof db.transaction;
  return db;
}

/** How many compiled statements a connection keeps (the app's distinct queries are a few hundred). */
const KEPT_STATEMENTS = 1000;

/**
 * Keeps each compiled statement by its SQL text: Drizzle compiles every query it runs afresh, and on a page that
 * asks forty questions (a transaction's workspace) compiling was a fifth of the loader's time (docs/benchmarks.md,
 * 2026-11-28). A kept statement is handed back as a new one would be: in object mode (Drizzle turns raw mode on
 * where it wants arrays, a caller its pluck). Nothing here iterates a statement (`.iterate()`), so none is busy when
 * handed out again. The oldest go first past KEPT_STATEMENTS.
 */
function keepStatements(sqlite: Database.Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = kept.get(source);
    // As a new one would be: every row an object (raw, pluck and expand off).
    if (statement) return statement.reader ? statement.raw(false).pluck(false).expand(false) : statement;
    statement = prepare(source);
    kept.set(source, statement);
    if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
    return statement;
  }) as typeof sqlite.prepare;
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
