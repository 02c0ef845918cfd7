import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { eq, getTableColumns } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, beforeEach } from "vitest";
import { openDatabase, type Db } from "~/db/client.server";
import { setDb } from "~/infra/database.server";
import { emailContents, emailOutbox, users, type User } from "~/db/schema";
import type { BrokerDuty } from "~/domain/enums";
import { setDuties } from "~/models/broker-duties.server";
import type { EmailKind } from "~/domain/enums";
import { addStaff } from "~/models/team.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { addDaysTo, todayIn } from "~/lib/plain-date";

/** A fresh in-memory database with every migration applied. */
export function freshDb(): Db {
  return openDatabase(":memory:");
}

/**
 * For tests that call routes: before each test a fresh database becomes the
 * process's database, with an admin and a client in it.
 */
export function useAppDb() {
  const state = {} as { db: Db; admin: User; client: User };
  beforeEach(() => {
    state.db = freshDb();
    setDb(state.db);
    state.admin = upsertUserFromClaims(state.db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    state.client = upsertUserFromClaims(state.db, { email: "client@example.com", firstName: "Robin" });
  });
  afterEach(() => setDb(undefined));
  return state;
}

/** The outbox's rows with what each e-mail says (its bodies, headers and payload live in email_contents). */
export function outboxWithContent(db: Db, kind?: EmailKind) {
  const query = db
    .select({ ...getTableColumns(emailOutbox), ...getTableColumns(emailContents) })
    .from(emailOutbox)
    .innerJoin(emailContents, eq(emailContents.emailId, emailOutbox.id));
  return (kind ? query.where(eq(emailOutbox.kind, kind)) : query).orderBy(emailOutbox.id).all();
}

/** A license's expiry two years after the test's clock: current whatever day the suite runs. */
export const currentLicenseExpiry = (now = new Date()) => addDaysTo(todayIn(now), 730);

/**
 * An agent added by `admin` on the team page: "{name}@agency.test", "{Name} Agent", licensed (a salesperson's
 * license in force for two more years), taking leads.
 */
export function addAgent(db: Db, admin: User, name = "Ana", license = "01234567") {
  return addStaff(db, admin, {
    email: `${name.toLowerCase()}@agency.test`,
    firstName: name,
    lastName: "Agent",
    role: "agent",
    phone: "619-555-0101",
    licenseNumber: license,
    licenseKind: "salesperson",
    licenseExpiresOn: currentLicenseExpiry(),
  });
}

/** The responsible broker of the unit tests (vitest.config.ts `AGENCY_BROKER_EMAIL`), an admin. */
export const brokerOf = (db: Db) => upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);

/**
 * An admin the broker names to perform their duties (10 CCR 2725): licensed (a salesperson's license in force for two
 * more years), then delegated by the broker on the team page's rule.
 */
export function delegate(db: Db, person: User, duties: BrokerDuty[] = ["countersign", "approveFiles", "approveCda"]) {
  db.update(users)
    .set({ licenseNumber: person.licenseNumber ?? "02345678", licenseExpiresOn: currentLicenseExpiry() })
    .where(eq(users.id, person.id))
    .run();
  setDuties(db, brokerOf(db), person.id, duties);
}

/**
 * A database migrated as it was up to the migration `tag`, with data written by `before`, then migrated
 * to the present: what a migration does to rows that existed before it.
 */
export function migratedFrom(tag: string, before: (sqlite: Database.Database) => void): Database.Database {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-"));
  try {
    cpSync("drizzle", path.join(dir, "drizzle"), { recursive: true });
    const journalFile = path.join(dir, "drizzle/meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
    const at = journal.entries.findIndex((e) => e.tag === tag);
    if (at < 0) throw new Error(`no migration ${tag}`);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at + 1) }));
    const sqlite = new Database(":memory:");
    sqlite.pragma("foreign_keys = ON");
    const old = drizzle(sqlite);
    migrate(old, { migrationsFolder: path.join(dir, "drizzle") });
    before(sqlite);
    writeFileSync(journalFile, JSON.stringify(journal));
    migrate(old, { migrationsFolder: path.join(dir, "drizzle") });
    return sqlite;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
