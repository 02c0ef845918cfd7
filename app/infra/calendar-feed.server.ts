/**
 * Deadlines as iCalendar (RFC 5545), written by ical-generator: one all-day event per deadline
 * (DTSTART;VALUE=DATE, DTEND the next day), a UID that stays the same for the deadline's life, SEQUENCE
 * raised when its date changes, a summary "Loan contingency removal — 123 Main St" and the portal's
 * link. Served by /calendar/{token}.ics (the feed) and /deadlines/{id}.ics (one event).
 */
import ical from "ical-generator";
import { env } from "~/config/env.server";
import { ruleOf } from "~/lib/contract-dates";
import { addDaysTo, type PlainDate } from "~/lib/plain-date";
import type { Feed, FeedEvent } from "~/models/calendar.server";

const ICS_HEADERS = {
  "Content-Type": "text/calendar; charset=utf-8",
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
};

/** A plain date as the UTC midnight ical-generator writes as a DATE. */
const asDate = (date: PlainDate) => new Date(`${date}T00:00:00Z`);

function calendarOf(name: string, events: FeedEvent[]) {
  const { mail } = env();
  const domain = new URL(mail.appUrl).hostname;
  const calendar = ical({ name, prodId: { company: mail.site.name, product: "Key dates", language: "EN" } });
  for (const { deadline, type, propertyAddress } of events) {
    const rule = ruleOf(deadline.key);
    const property = propertyAddress || "Address to be confirmed";
    calendar.createEvent({
      id: `deadline-${deadline.id}@${domain}`,
      sequence: deadline.sequence,
      stamp: deadline.updatedAt,
      allDay: true,
      start: asDate(deadline.dueOn),
      end: asDate(addDaysTo(deadline.dueOn, 1)),
      summary: `${rule.title} — ${property}`,
      description: `${rule.task[type]}\n\nYour portal: ${mail.appUrl}/client-portal`,
      url: `${mail.appUrl}/client-portal`,
    });
  }
  return calendar;
}

/** The whole feed of a client or an admin. */
export function feedResponse(feed: Feed): Response {
  const { site } = env().mail;
  const properties = [...new Set(feed.events.map((e) => e.propertyAddress).filter(Boolean))];
  const name = feed.staff
    ? `${site.name} — all transactions`
    : `${site.name} — ${properties.length === 1 ? properties[0] : "key dates"}`;
  return new Response(calendarOf(name, feed.events).toString(), { headers: ICS_HEADERS });
}

/** One deadline as a downloadable event. */
export function eventResponse(event: FeedEvent): Response {
  const { site } = env().mail;
  const body = calendarOf(`${site.name} — ${event.propertyAddress ?? "key date"}`, [event]).toString();
  return new Response(body, {
    headers: { ...ICS_HEADERS, "Content-Disposition": `attachment; filename="${event.deadline.key}.ics"` },
  });
}
