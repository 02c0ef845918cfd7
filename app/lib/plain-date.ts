/**
 * Plain calendar dates ("2027-07-05") in San Diego's time zone, for the contract's deadlines: never a UTC
 * timestamp turned into a date. Arithmetic and formatting are date-fns's on a `TZDate` at midnight in
 * America/Los_Angeles, so a Daylight Saving Time change inside a period moves nothing.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, differenceInCalendarDays, format } from "date-fns";

/** "YYYY-MM-DD". */
export type PlainDate = string;

export const AGENCY_TIME_ZONE = "America/Los_Angeles";
const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

const midnight = (date: PlainDate) => {
  const [, y, m, d] = SHAPE.exec(date)!;
  return new TZDate(Number(y), Number(m) - 1, Number(d), AGENCY_TIME_ZONE);
};
const print = (date: Date) => format(date, "yyyy-MM-dd");

/** The date of that year, month (1-12) and day. */
export const plainDate = (year: number, month: number, day: number): PlainDate =>
  print(new TZDate(year, month - 1, day, AGENCY_TIME_ZONE));

/** The text as a date when it is a real one ("2027-02-30" is not), else null. */
export function parsePlainDate(text: string): PlainDate | null {
  const match = SHAPE.exec(text.trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const date = plainDate(Number(y), Number(m), Number(d));
  return date === text.trim() ? date : null;
}

export const addDaysTo = (date: PlainDate, days: number): PlainDate => print(addDays(midnight(date), days));

/** 0 = Sunday ... 6 = Saturday. */
export const weekdayOf = (date: PlainDate): number => midnight(date).getDay();

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: PlainDate, to: PlainDate): number =>
  differenceInCalendarDays(midnight(to), midnight(from));

/** Today's date in San Diego at that instant. */
export const todayIn = (now: Date): PlainDate => print(new TZDate(now.getTime(), AGENCY_TIME_ZONE));

/** The instant of `hour`:00 on that date in San Diego (a reminder's time). */
export const instantAt = (date: PlainDate, hour: number): Date => {
  const day = midnight(date);
  return new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, 0, 0, AGENCY_TIME_ZONE).getTime());
};

/** "Mon, Jul 5, 2027". */
export const formatPlainDate = (date: PlainDate) => format(midnight(date), "EEE, MMM d, yyyy");
/** "Sat, Jul 17" (a moved date's origin, beside the new one). */
export const formatShortDate = (date: PlainDate) => format(midnight(date), "EEE, MMM d");
