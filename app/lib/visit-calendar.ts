/**
 * Visits as iCalendar (RFC 5545, written by ical-generator): a showing of our listing or a stop of a buyer's
 * tour, a timed event with a UID that stays the same for the visit's life and a SEQUENCE raised at each
 * change. Sent as an invitation with an e-mail (METHOD:REQUEST, or METHOD:CANCEL with STATUS:CANCELLED,
 * app/models/showing-mail.server.ts) and listed in the calendar feeds (app/infra/calendar-feed.server.ts).
 */
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from "ical-generator";

export type Visit = {
  /** "showing-12" or "tour-stop-7": with the site's host, the event's UID. */
  key: string;
  sequence: number;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  cancelled: boolean;
};

/** Adds a visit to a calendar (times in UTC: the wall-clock time is the instant's, across daylight saving). */
export function addVisit(calendar: ICalCalendar, visit: Visit, host: string) {
  calendar.createEvent({
    id: `${visit.key}@${host}`,
    sequence: visit.sequence,
    stamp: visit.stamp,
    start: visit.start,
    end: visit.end,
    summary: visit.cancelled ? `Cancelled: ${visit.summary}` : visit.summary,
    description: visit.description,
    location: visit.location,
    status: visit.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/** One visit as an e-mail's invitation, from the agency to one attendee; a cancelled one as METHOD:CANCEL. */
export function invitation(
  visit: Visit,
  site: { name: string; email: string; host: string },
  attendee: { name: string; email: string },
): { method: "REQUEST" | "CANCEL"; content: string } {
  const method = visit.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ method, prodId: { company: site.name, product: "Showings", language: "EN" } });
  addVisit(calendar, visit, site.host);
  const event = calendar.events()[0]!;
  event.organizer({ name: site.name, email: site.email });
  event.createAttendee({ name: attendee.name, email: attendee.email });
  return { method: visit.cancelled ? "CANCEL" : "REQUEST", content: calendar.toString() };
}
