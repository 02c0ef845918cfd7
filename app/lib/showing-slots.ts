/**
 * Showings of a listing (DOMAIN.md, "Showings and tours"): the seller's rules (showing hours per
 * weekday in San Diego wall-clock time, the minimum notice, the slot length, blocked dates) and what they
 * allow: the free slots of the coming days, and why one asked-for time is refused, naming the rule. Pure:
 * times are instants (Date); hours and dates are San Diego's, so a slot keeps its wall-clock time across a
 * daylight-saving change.
 */
import { TZDate } from "@date-fns/tz";
import type { ShowingRules } from "~/domain/enums";
import { addDaysTo, AGENCY_TIME_ZONE, todayIn, weekdayOf, type PlainDate } from "~/lib/plain-date";
import { MAX_DAYS_AHEAD, spansOverlap, type Span } from "~/lib/time-span";

export { MAX_DAYS_AHEAD };

export type { ShowingRules };

export const MAX_NOTICE_HOURS = 48;
export const SLOT_LENGTHS = [30, 60] as const;

/** Until the seller sets theirs: 10 AM to 6 PM every day, two hours' notice, hour slots, each approved. */
export const DEFAULT_RULES: ShowingRules = {
  hours: Array.from({ length: 7 }, () => [{ from: "10:00", to: "18:00" }]),
  noticeHours: 2,
  slotMinutes: 60,
  blockedDates: [],
  autoApprove: false,
};

export type Busy = Span;

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
};

/** The instant of a San Diego wall-clock time on a date. */
export function sanDiegoInstant(date: PlainDate, minutes: number): Date {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, Math.floor(minutes / 60), minutes % 60, 0, AGENCY_TIME_ZONE).getTime());
}

/** The San Diego date and minutes after midnight of an instant. */
function wallClock(at: Date): { date: PlainDate; minutes: number } {
  const local = new TZDate(at.getTime(), AGENCY_TIME_ZONE);
  return { date: todayIn(at), minutes: local.getHours() * 60 + local.getMinutes() };
}

/**
 * Why a showing starting at `start` cannot be asked for, naming the rule, or null when it can: in the past,
 * too soon for the notice, too far ahead, on a blocked date, outside the showing hours (the whole slot must
 * fit a window), not on a slot's start (a window's start and every slot length after it), or over an approved
 * showing.
 */
export function slotError(rules: ShowingRules, busy: Busy[], start: Date, now: Date): string | null {
  if (start <= now) return "That time is in the past";
  if (start.getTime() < now.getTime() + rules.noticeHours * 3600_000) {
    return `The seller asks for ${rules.noticeHours} hours' notice`;
  }
  const { date, minutes } = wallClock(start);
  if (date > addDaysTo(todayIn(now), MAX_DAYS_AHEAD)) return `Ask at most ${MAX_DAYS_AHEAD} days ahead`;
  if (rules.blockedDates.includes(date)) return "The seller does not show the home that day";
  const windows = (rules.hours[weekdayOf(date)] ?? []).filter(
    (w) => minutes >= minutesOf(w.from) && minutes + rules.slotMinutes <= minutesOf(w.to),
  );
  if (!windows.length) return "That time is outside the showing hours";
  // A showing starts on a slot: the window's start, then every slot length after it (10:00, 11:00, …).
  if (!windows.some((w) => (minutes - minutesOf(w.from)) % rules.slotMinutes === 0)) {
    return `Showings start on the ${rules.slotMinutes}-minute slots: choose one of the free times`;
  }
  const slot = { start, end: new Date(start.getTime() + rules.slotMinutes * 60_000) };
  if (busy.some((b) => spansOverlap(slot, b))) return "Another showing is booked at that time";
  return null;
}

/**
 * The free slots' starts from `now` over the next `days` days (San Diego dates), soonest first. Each window's
 * slots are laid out from its first instant, minute by minute, unless a daylight-saving change falls inside
 * the window (its length in instants differs from its length on the clock): then each slot's instant is
 * worked out on its own. A slot laid out here is inside the hours and off the blocked dates by construction;
 * what is left to check is the notice and the approved showings.
 */
export function freeSlots(rules: ShowingRules, busy: Busy[], now: Date, days = 14): Date[] {
  const slots: Date[] = [];
  const today = todayIn(now);
  const earliest = now.getTime() + rules.noticeHours * 3600_000;
  const length = rules.slotMinutes * 60_000;
  for (let i = 0; i < Math.min(days, MAX_DAYS_AHEAD + 1); i++) {
    const date = addDaysTo(today, i);
    if (rules.blockedDates.includes(date)) continue;
    for (const window of rules.hours[weekdayOf(date)] ?? []) {
      const from = minutesOf(window.from);
      const to = minutesOf(window.to);
      const first = sanDiegoInstant(date, from).getTime();
      const steady = sanDiegoInstant(date, to).getTime() - first === (to - from) * 60_000;
      for (let m = from; m + rules.slotMinutes <= to; m += rules.slotMinutes) {
        const start = steady ? first + (m - from) * 60_000 : sanDiegoInstant(date, m).getTime();
        if (start <= now.getTime() || start < earliest) continue;
        const slot = { start: new Date(start), end: new Date(start + length) };
        if (busy.some((b) => spansOverlap(slot, b))) continue;
        slots.push(slot.start);
      }
    }
  }
  return slots;
}

/** An instant as a form's San Diego wall-clock "YYYY-MM-DDTHH:MM" (a datetime-local input's value). */
export function wallClockInput(at: Date): string {
  const { date, minutes } = wallClock(at);
  return `${date}T${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
