/**
 * Spans of time (a showing, a slot, a tour stop) and the windows a time the app takes must fall in: pure, one
 * rule each, used by the showings' rules (app/lib/showing-slots.ts), their model and the tours'.
 */
import { DAY_MS } from "~/lib/time";

export type Span = { start: Date; end: Date };

/** Whether two spans share any instant (one ending as the other starts does not). */
export const spansOverlap = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** How far ahead a showing, a proposal or a tour may be asked for (the seller's rules allow no further). */
export const MAX_DAYS_AHEAD = 120;
/** How far back staff may record a showing booked by phone. */
export const PHONE_BOOKING_DAYS_BACK = 365;

/** Why a time still to come cannot be taken (in the past, or further than MAX_DAYS_AHEAD days ahead), or null. */
export function aheadError(at: Date, now: Date): string | null {
  if (at <= now) return "That time is in the past";
  if (at.getTime() > now.getTime() + (MAX_DAYS_AHEAD + 1) * DAY_MS) {
    return `Choose a time within ${MAX_DAYS_AHEAD} days from today`;
  }
  return null;
}

/** Why a showing booked by phone cannot be at that time (more than a year back or 120 days ahead), or null. */
export function phoneBookingError(at: Date, now: Date): string | null {
  if (at.getTime() < now.getTime() - PHONE_BOOKING_DAYS_BACK * DAY_MS) {
    return "A showing booked by phone is at most a year in the past";
  }
  if (at.getTime() > now.getTime() + (MAX_DAYS_AHEAD + 1) * DAY_MS) {
    return `Choose a time within ${MAX_DAYS_AHEAD} days from today`;
  }
  return null;
}
