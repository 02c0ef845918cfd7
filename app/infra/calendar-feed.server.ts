/**
 * Deadlines as iCalendar (RFC 5545), written by ical-generator: one all-day event per deadline
 * (DTSTART;VALUE=DATE, DTEND the next day), a UID that stays the same for the deadline's life, SEQUENCE
 * raised when its date changes, a summary "Loan contingency removal — 123 Main St" and the portal's
 * link. Served by /calendar/{token}.ics (the feed) and /deadlines/{id}.ics (one event). A feed also holds
 * its showings and tour stops as timed events (app/lib/visit-calendar.ts).
 *
 * A feed's text is kept in memory by what it says (its events' ids, dates, sequences and changes): a
 * calendar app asks again every few hours, and ical-generator folds lines by encoding each character on
 * its own, which makes a staff feed of hundreds of events slow to write (docs/benchmarks.md), so a feed is
 * written once per change. Its ETag answers a calendar app's If-None-Match with 304.
 */
import { createHash } from "node:crypto";
import ical from "ical-generator";
import { env } from "~/config/env.server";
import { ruleOf } from "~/lib/deadlines";
import { addDaysTo, type PlainDate } from "~/lib/plain-date";
import { addVisit, type Visit } from "~/lib/visit-calendar";
import type { Feed, FeedEvent } from "~/models/calendar.server";

const ICS_HEADERS = {
  "Content-Type": "text/calendar; charset=utf-8",
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
};

/** A plain date as the UTC midnight ical-generator writes as a DATE. */
const asDate = (date: PlainDate) => new Date(`${date}T00:00:00Z`);

function calendarOf(name: string, events: FeedEvent[], visits: Visit[] = []) {
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
  for (const visit of visits) addVisit(calendar, visit, domain);
  return calendar;
}

/** Feeds written, by their ETag (at most FEEDS_KEPT, the least recently asked dropped first). */
const written = new Map<string, string>();
const FEEDS_KEPT = 500;

/** The whole feed of a client or an admin; 304 when the app's copy (If-None-Match) is the current one. */
export function feedResponse(feed: Feed, request?: Request): Response {
  const { site } = env().mail;
  const properties = [...new Set(feed.events.map((e) => e.propertyAddress).filter(Boolean))];
  const name = feed.staff
    ? `${site.name} — all transactions`
    : `${site.name} — ${properties.length === 1 ? properties[0] : "key dates"}`;
  const etag = `"${createHash("sha256")
    .update(name)
    .update(
      feed.events
        .map(({ deadline: d, type, propertyAddress }) =>
          [d.id, d.dueOn, d.sequence, d.updatedAt.getTime(), type, propertyAddress].join("\t"),
        )
        .join("\n"),
    )
    .update(
      feed.visits
        .map((v) => [v.key, v.sequence, v.stamp.getTime(), v.start.getTime(), v.cancelled, v.location].join("\t"))
        .join("\n"),
    )
    .digest("base64url")}"`;
  const headers = { ...ICS_HEADERS, ETag: etag };
  if (request?.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  let text = written.get(etag);
  if (text === undefined) {
    text = calendarOf(name, feed.events, feed.visits).toString();
    if (written.size >= FEEDS_KEPT) written.delete(written.keys().next().value!);
  } else {
    written.delete(etag);
  }
  written.set(etag, text);
  return new Response(text, { headers });
}

/** One deadline as a downloadable event. */
export function eventResponse(event: FeedEvent): Response {
  const { site } = env().mail;
  const body = calendarOf(`${site.name} — ${event.propertyAddress ?? "key date"}`, [event]).toString();
  return new Response(body, {
    headers: { ...ICS_HEADERS, "Content-Disposition": `attachment; filename="${event.deadline.key}.ics"` },
  });
}
