/**
 * The legal holidays as the deadlines count them (app/lib/holidays.ts) and the admins' changes to them:
 * a date added (a proclamation, a new law) or a date of the table removed. Each change computes again the
 * deadlines of every active transaction (app/models/contract.server.ts), in the same database transaction.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { holidayChanges } from "~/db/schema";
import { InvalidInputError } from "~/lib/errors";
import { tableHolidays } from "~/lib/holidays";
import type { PlainDate } from "~/lib/plain-date";
import { type Actor } from "~/models/actor.server";
import { recomputeDeadlines } from "~/models/contract.server";
import { assertAdmin } from "~/models/permissions.server";

export type ListedHoliday = {
  date: PlainDate;
  name: string;
  /** "table": from the statute's table; "added" by an admin; "removed" from the table by an admin. */
  source: "table" | "added" | "removed";
};

/** The holidays of these years, the table's and the admins' changes (removed ones listed as such). */
export function listHolidays(db: Db, actor: Actor, years: number[]): ListedHoliday[] {
  assertAdmin(actor);
  const changes = new Map(
    db
      .select()
      .from(holidayChanges)
      .all()
      .map((c) => [c.date, c]),
  );
  const listed: ListedHoliday[] = [];
  for (const year of years) {
    for (const day of tableHolidays(year)) {
      listed.push({ ...day, source: changes.get(day.date)?.kind === "removed" ? "removed" : "table" });
    }
    for (const change of changes.values()) {
      if (change.kind === "added" && change.date.startsWith(`${year}-`)) {
        listed.push({ date: change.date, name: change.name, source: "added" });
      }
    }
  }
  return listed.sort((a, b) => a.date.localeCompare(b.date));
}

/** Makes a date a holiday (or takes back its removal). Returns how many deadline dates changed. */
export function addHoliday(db: Db, actor: Actor, date: PlainDate, name: string, now = new Date()): number {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const change = tx.select().from(holidayChanges).where(eq(holidayChanges.date, date)).get();
    const inTable = tableHolidays(Number(date.slice(0, 4))).some((h) => h.date === date);
    if (change?.kind === "removed") tx.delete(holidayChanges).where(eq(holidayChanges.date, date)).run();
    else if (change || inTable)
      throw new InvalidInputError("That date is a holiday already", { date: ["Already a holiday"] });
    else tx.insert(holidayChanges).values({ date, kind: "added", name, changedBy: actor.id, createdAt: now }).run();
    return recomputeDeadlines(tx, now);
  });
}

/** Makes a date no longer a holiday (an added one is taken back). Returns how many deadline dates changed. */
export function removeHoliday(db: Db, actor: Actor, date: PlainDate, now = new Date()): number {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const change = tx.select().from(holidayChanges).where(eq(holidayChanges.date, date)).get();
    const fromTable = tableHolidays(Number(date.slice(0, 4))).find((h) => h.date === date);
    if (change?.kind === "added") tx.delete(holidayChanges).where(eq(holidayChanges.date, date)).run();
    else if (fromTable && !change) {
      tx.insert(holidayChanges)
        .values({ date, kind: "removed", name: fromTable.name, changedBy: actor.id, createdAt: now })
        .run();
    } else throw new InvalidInputError("That date is not a holiday", { date: ["Not a holiday"] });
    return recomputeDeadlines(tx, now);
  });
}
