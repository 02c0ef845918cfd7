/**
 * Plain calendar dates ("2027-07-05") in San Diego's time zone, for the contract's deadlines: never a UTC
 * timestamp turned into a date.
 *
 * - Where the time zone matters, the time-zone data decides, so Daylight Saving Time is San Diego's: the
 *   instant of a reminder's hour is @date-fns/tz's `TZDate` in America/Los_Angeles; today's date at an
 *   instant is the runtime's Intl formatter in that zone.
 * - A plain date has no time zone, so counting days and naming weekdays is done on the date's own day
 *   number (its UTC midnight), where no DST change can move anything, and formatting uses the runtime's
 *   Intl formatter on that UTC day.
 */
import { TZDate } from "@date-fns/tz";

/** "YYYY-MM-DD". */
export type PlainDate = string;

export const AGENCY_TIME_ZONE = "America/Los_Angeles";

/** Today's date in San Diego, by the runtime's time-zone data. */
const todayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The date's UTC midnight, in milliseconds. */
const dayOf = (date: PlainDate) => {
  const [, y, m, d] = SHAPE.exec(date)!;
  return Date.UTC(Number(y), Number(m) - 1, Number(d));
};
const print = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The date of that year, month (1-12) and day (overflowing days and months roll over, as Date.UTC does). */
export const plainDate = (year: number, month: number, day: number): PlainDate => print(Date.UTC(year, month - 1, day));

/** The text as a date when it is a real one ("2027-02-30" is not), else null. */
export function parsePlainDate(text: string): PlainDate | null {
  const trimmed = text.trim();
  const match = SHAPE.exec(trimmed);
  if (!match) return null;
  const [, y, m, d] = match;
  if (Number(y) < 1000) return null;
  return plainDate(Number(y), Number(m), Number(d)) === trimmed ? trimmed : null;
}

export const addDaysTo = (date: PlainDate, days: number): PlainDate => print(dayOf(date) + days * DAY_MS);

/** The same day `months` later, or that month's last day when it has no such day (Jan 31 + 1 month: Feb 28). */
export const addMonthsTo = (date: PlainDate, months: number): PlainDate => {
  const [, y, m, d] = SHAPE.exec(date)!;
  const year = Number(y);
  const month = Number(m) - 1 + months;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return print(Date.UTC(year, month, Math.min(Number(d), last)));
};

/** 0 = Sunday ... 6 = Saturday. */
export const weekdayOf = (date: PlainDate): number => new Date(dayOf(date)).getUTCDay();

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: PlainDate, to: PlainDate): number => Math.round((dayOf(to) - dayOf(from)) / DAY_MS);

/** Today's date in San Diego at that instant. */
export const todayIn = (now: Date): PlainDate => {
  const parts = todayFormat.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
};

/** The instant of `hour`:00 on that date in San Diego (a reminder's time). */
export const instantAt = (date: PlainDate, hour: number): Date => {
  const [, y, m, d] = SHAPE.exec(date)!;
  return new Date(new TZDate(Number(y), Number(m) - 1, Number(d), hour, 0, 0, AGENCY_TIME_ZONE).getTime());
};

const longFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const shortFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});

/** "Mon, Jul 5, 2027". */
export const formatPlainDate = (date: PlainDate) => longFormat.format(dayOf(date));
/** "Sat, Jul 17" (a moved date's origin, beside the new one). */
export const formatShortDate = (date: PlainDate) => shortFormat.format(dayOf(date));

/** The month ("YYYY-MM") of an instant in San Diego: a sale closed on November 30 at 11:30 p.m. is November's. */
export const monthIn = (now: Date): string => todayIn(now).slice(0, 7);

const monthWords = new Intl.DateTimeFormat("en-US", { timeZone: AGENCY_TIME_ZONE, month: "long", year: "numeric" });
/** "December 2026": the San Diego month of an instant, in words. */
export const formatMonthIn = (at: Date): string => monthWords.format(at);

const dayWords = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });
/** "November 28, 2026": a plain date in words (no weekday). */
export const formatDayWords = (date: PlainDate) => dayWords.format(dayOf(date));

const clockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});
/**
 * "November 28, 2026 at 7:29 a.m. PT": an instant as San Diego reads it, for a record a person signs or reads
 * (an approval, a review), never an ISO timestamp.
 */
export function formatDateTimeIn(at: Date): string {
  const time = clockFormat
    .format(at)
    .replace(/\s?AM$/, " a.m.")
    .replace(/\s?PM$/, " p.m.");
  return `${formatDayWords(todayIn(at))} at ${time} PT`;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A moment typed by a person: "2026-11-28 14:05" (San Diego's clock, the agency's) or an ISO time with its offset
 * ("2026-11-28T22:05:00Z"); null when it is neither or no such time exists.
 */
export function instantFromText(text: string): Date | null {
  const value = text.trim();
  if (WITH_OFFSET.test(value)) {
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  const m = LOCAL_TIME.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  const at = new TZDate(y, mo - 1, d, h, mi, m[6] ? Number(m[6]) : 0, AGENCY_TIME_ZONE);
  // A date that does not exist (February 30) rolls over: refused.
  if (todayIn(new Date(at.getTime())) !== `${m[1]}-${m[2]}-${m[3]}`) return null;
  return new Date(at.getTime());
}
