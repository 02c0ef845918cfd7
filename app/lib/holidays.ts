/**
 * California's legal holidays, for counting contract deadlines (docs/decisions/018-deadlines.md).
 *
 * Sources: Government Code §6700 (the list of holidays) and §6701 (November 11 on a Saturday), and Civil
 * Code §7 (a holiday that falls on a Sunday is observed on the Monday after). Every Sunday is a holiday
 * under both; the deadline rules treat Saturdays and Sundays as closed days anyway. Not in the table:
 * Good Friday (a holiday from noon to 3 p.m. only), the day after Thanksgiving (a state employees' day
 * off, Gov. Code §19853, not a §6700 holiday), and days the Governor appoints one year at a time. Admins
 * add or remove single dates on /admin/holidays when the law or a proclamation changes the list.
 *
 * `since` is the first year a holiday is counted. Framework-free: the portal, the admin area and the
 * reminders compute with the same table.
 */
import type { HOLIDAY_CHANGE_KINDS } from "~/domain/enums";
import type { PlainDate } from "~/lib/plain-date";
import { addDaysTo, plainDate, weekdayOf } from "~/lib/plain-date";

type Rule =
  | { kind: "fixed"; month: number; day: number }
  /** The nth weekday of a month (weekday 0 = Sunday); n = -1: the last one. */
  | { kind: "nth"; month: number; weekday: number; n: number };

export type HolidayRule = {
  name: string;
  rule: Rule;
  since: number;
  /** What happens when the date falls on a weekend: observed on the Monday after a Sunday (Civ. Code §7),
   * and for Veterans Day on the Friday before a Saturday (Gov. Code §6701). */
  weekend: "sunday-to-monday" | "sunday-to-monday, saturday-to-friday" | "never on a weekend";
};

export const CALIFORNIA_HOLIDAYS: readonly HolidayRule[] = [
  { name: "New Year's Day", rule: { kind: "fixed", month: 1, day: 1 }, since: 1872, weekend: "sunday-to-monday" },
  {
    name: "Martin Luther King, Jr. Day",
    rule: { kind: "nth", month: 1, weekday: 1, n: 3 },
    since: 1986,
    weekend: "never on a weekend",
  },
  { name: "Lincoln Day", rule: { kind: "fixed", month: 2, day: 12 }, since: 1909, weekend: "sunday-to-monday" },
  {
    name: "Washington's Birthday",
    rule: { kind: "nth", month: 2, weekday: 1, n: 3 },
    since: 1971,
    weekend: "never on a weekend",
  },
  { name: "César Chávez Day", rule: { kind: "fixed", month: 3, day: 31 }, since: 2001, weekend: "sunday-to-monday" },
  {
    name: "Memorial Day",
    rule: { kind: "nth", month: 5, weekday: 1, n: -1 },
    since: 1971,
    weekend: "never on a weekend",
  },
  { name: "Independence Day", rule: { kind: "fixed", month: 7, day: 4 }, since: 1872, weekend: "sunday-to-monday" },
  { name: "Labor Day", rule: { kind: "nth", month: 9, weekday: 1, n: 1 }, since: 1893, weekend: "never on a weekend" },
  { name: "Admission Day", rule: { kind: "fixed", month: 9, day: 9 }, since: 1872, weekend: "sunday-to-monday" },
  {
    name: "Native American Day",
    rule: { kind: "nth", month: 9, weekday: 5, n: 4 },
    since: 1998,
    weekend: "never on a weekend",
  },
  {
    name: "Columbus Day",
    rule: { kind: "nth", month: 10, weekday: 1, n: 2 },
    since: 1971,
    weekend: "never on a weekend",
  },
  {
    name: "Veterans Day",
    rule: { kind: "fixed", month: 11, day: 11 },
    since: 1938,
    weekend: "sunday-to-monday, saturday-to-friday",
  },
  {
    name: "Thanksgiving Day",
    rule: { kind: "nth", month: 11, weekday: 4, n: 4 },
    since: 1942,
    weekend: "never on a weekend",
  },
  { name: "Christmas Day", rule: { kind: "fixed", month: 12, day: 25 }, since: 1872, weekend: "sunday-to-monday" },
];

/** An admin's change to the table: a date added (with its name) or a date of the table removed. */
export type HolidayChange = { date: PlainDate; kind: (typeof HOLIDAY_CHANGE_KINDS)[number]; name: string };

function dateOf(rule: Rule, year: number): PlainDate {
  if (rule.kind === "fixed") return plainDate(year, rule.month, rule.day);
  if (rule.n > 0) {
    const first = plainDate(year, rule.month, 1);
    const offset = (rule.weekday - weekdayOf(first) + 7) % 7;
    return addDaysTo(first, offset + (rule.n - 1) * 7);
  }
  const last = plainDate(year, rule.month + 1, 0); // day 0 of the next month (December's rolls into January)
  return addDaysTo(last, -((weekdayOf(last) - rule.weekday + 7) % 7));
}

/** The holidays of one year from the table: each observed date with its name (and "observed" when moved). */
export function tableHolidays(year: number): { date: PlainDate; name: string }[] {
  const days: { date: PlainDate; name: string }[] = [];
  for (const holiday of CALIFORNIA_HOLIDAYS) {
    if (year < holiday.since) continue;
    const date = dateOf(holiday.rule, year);
    days.push({ date, name: holiday.name });
    const weekday = weekdayOf(date);
    if (weekday === 0 && holiday.weekend !== "never on a weekend") {
      days.push({ date: addDaysTo(date, 1), name: `${holiday.name} (observed)` });
    } else if (weekday === 6 && holiday.weekend === "sunday-to-monday, saturday-to-friday") {
      days.push({ date: addDaysTo(date, -1), name: `${holiday.name} (observed)` });
    }
  }
  return days.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The legal holidays the deadlines count with: the table's for the years asked, with the admins'
 * changes applied (a removed date is not a holiday; an added one is).
 */
export class HolidayCalendar {
  private readonly names = new Map<PlainDate, string>();
  private readonly years = new Set<number>();

  constructor(private readonly changes: readonly HolidayChange[] = []) {}

  /** The holiday's name on that date, or null. */
  nameOn(date: PlainDate): string | null {
    const year = Number(date.slice(0, 4));
    if (!this.years.has(year)) this.load(year);
    return this.names.get(date) ?? null;
  }

  private load(year: number) {
    this.years.add(year);
    for (const day of tableHolidays(year)) this.names.set(day.date, day.name);
    for (const change of this.changes) {
      if (!change.date.startsWith(`${year}-`)) continue;
      if (change.kind === "removed") this.names.delete(change.date);
      else this.names.set(change.date, change.name);
    }
  }
}
