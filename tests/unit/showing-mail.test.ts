/**
 * Showings and tours (issue 38), what follows a request: the buyer's agent's confirmation with the access
 * instructions and an invitation parsed back with ical.js, its cancellation (METHOD:CANCEL, STATUS:CANCELLED,
 * the next SEQUENCE), a proposed time accepted from the agent's own link, the feedback request an hour after
 * the end and one reminder a day later with an injected clock, the seller's weekly summary, the calendar feeds,
 * and buyers' tours (409 without an agreement, confirmed by the agent, in the client's feed, rated after;
 * 404 for anyone else).
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { ConflictError, NotFoundError } from "~/lib/errors";
import { showingFeedbackSchema, showingRulesSchema } from "~/lib/showing-schema";
import { DEFAULT_RULES } from "~/lib/showing-slots";
import { savedHomeSchema } from "~/lib/saved-home-schema";
import { tourRequestSchema } from "~/lib/tour-schema";
import { calendarToken, feedOf } from "~/models/calendar.server";
import { askDueFeedback, sendWeeklySummaries } from "~/models/showing-feedback.server";
import {
  agentShowing,
  agentShowingEvent,
  getShowingRules,
  giveShowingFeedback,
  recordPhoneShowing,
  requestShowing,
  saveShowingRules,
  showingEvent,
  showingsOverview,
} from "~/models/showing.server";
import { requestTour, tourEvent, listTours } from "~/models/tour.server";
import { createSavedHome } from "~/models/saved-home.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { feedResponse } from "~/infra/calendar-feed.server";
import { insertSignedBuyerAgreement } from "../signed-agreement";
import { addAgent, freshDb, outboxWithContent } from "./db";

const NOW = new Date("2027-03-12T20:00:00Z"); // Friday noon in San Diego
const agent = {
  agentName: "Pat Buyer-Agent",
  brokerage: "Harbor Homes",
  licenseNumber: "01234567",
  phone: "619-555-0199",
  email: "pat@harbor.example",
  people: 2,
};
const at = (iso: string) => new Date(iso);
const hours = (n: number) => n * 3600_000;

function setUp() {
  const db = freshDb();
  const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
  const seller = upsertUserFromClaims(db, { email: "seller@example.com", firstName: "Sam" });
  const sale = createTransaction(
    db,
    admin,
    { email: seller.email, type: "selling", propertyAddress: "12 Palm St, San Diego", homeValue: "850000" },
    { notify: false },
  );
  const token = getShowingRules(db, seller, sale.id).token;
  saveShowingRules(
    db,
    seller,
    sale.id,
    showingRulesSchema.parse({ ...DEFAULT_RULES, accessInstructions: "Lockbox 4321 on the side gate" }),
  );
  return { db, admin, seller, sale, token };
}

/** The invitation of the agent's last e-mail, parsed: its METHOD and its one event. */
function lastInvitation(db: Db) {
  const mail = outboxWithContent(db, "showing")
    .filter((m) => m.toAddress === agent.email && m.calendar)
    .at(-1)!;
  const calendar = new ICAL.Component(ICAL.parse(mail.calendar!.content));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return { mail, method: calendar.getFirstPropertyValue("method"), event };
}

describe("a showing's e-mails and invitation", () => {
  it("approval sends the access instructions and an invitation; cancel sends it again cancelled, one version up", () => {
    const { db, seller, token } = setUp();
    const showing = requestShowing(db, token, { ...agent, slots: [{ start: at("2027-03-13T18:00:00Z") }] }, NOW);
    const notices = outboxWithContent(db, "showing");
    // The seller and the office are asked to answer; the agent gets a receipt with their own page's link
    // (issue 43), and no access instructions nor invitation until approved.
    expect(notices.map((m) => m.toAddress)).toContain("seller@example.com");
    expect(notices.length).toBeGreaterThan(1);
    const receipt = notices.find((m) => m.toAddress === agent.email)!;
    expect(receipt.subject).toBe("Showing request received: 12 Palm St, San Diego");
    expect(receipt.textBody).toContain(`/showings/agent/${showing.agentToken}`);
    expect(receipt.calendar).toBeNull();
    expect(notices.every((m) => !m.textBody.includes("4321"))).toBe(true);

    showingEvent(db, seller, showing.id, { type: "approve", start: at("2027-03-13T18:00:00Z") }, NOW);
    const approved = lastInvitation(db);
    expect(approved.mail.subject).toBe("Showing confirmed: 12 Palm St, San Diego, Sat, Mar 13, 10:00 AM");
    expect(approved.mail.textBody).toContain("Lockbox 4321 on the side gate");
    expect(approved.method).toBe("REQUEST");
    expect(approved.event.getFirstPropertyValue("uid")).toMatch(/^showing-\d+@/);
    expect(String(approved.event.getFirstPropertyValue("dtstart"))).toBe("2027-03-13T18:00:00Z");
    expect(approved.event.getFirstPropertyValue("sequence")).toBe(0);
    expect(approved.event.getFirstPropertyValue("status")).toBe("CONFIRMED");

    showingEvent(db, seller, showing.id, { type: "cancel" }, NOW);
    const cancelled = lastInvitation(db);
    expect(cancelled.method).toBe("CANCEL");
    expect(cancelled.event.getFirstPropertyValue("uid")).toBe(approved.event.getFirstPropertyValue("uid"));
    expect(cancelled.event.getFirstPropertyValue("sequence")).toBe(1);
    expect(cancelled.event.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("a proposed time is accepted from the agent's link; the seller is told; an unknown link is not found", () => {
    const { db, seller, token } = setUp();
    const showing = requestShowing(db, token, { ...agent, slots: [{ start: at("2027-03-13T18:00:00Z") }] }, NOW);
    showingEvent(db, seller, showing.id, { type: "propose", start: at("2027-03-13T21:00:00Z") }, NOW);
    const proposal = outboxWithContent(db, "showing").at(-1)!;
    expect(proposal.toAddress).toBe(agent.email);
    const link = /\/showings\/agent\/([A-Za-z0-9_-]{32})/.exec(proposal.textBody)![1]!;
    expect(agentShowing(db, link, NOW).showing.status).toBe("proposed");
    agentShowingEvent(db, link, "approve", NOW);
    expect(agentShowing(db, link, NOW).showing).toMatchObject({
      status: "approved",
      start: "2027-03-13T21:00:00.000Z",
    });
    const after = outboxWithContent(db, "showing").slice(-3);
    expect(after.some((m) => m.toAddress === "seller@example.com" && m.subject.startsWith("Showing confirmed"))).toBe(
      true,
    );
    expect(lastInvitation(db).method).toBe("REQUEST");
    expect(() => agentShowing(db, "x".repeat(32), NOW)).toThrow(NotFoundError);
  });

  it("asks for feedback an hour after the end, reminds once a day later, then stops; the seller reads it", () => {
    const { db, admin, seller, sale } = setUp();
    const showing = recordPhoneShowing(db, admin, sale.id, { ...agent, start: at("2027-03-13T18:00:00Z") }, NOW);
    const asked = () => outboxWithContent(db, "showing").filter((m) => m.subject.includes("How was the showing"));
    const end = showing.end.getTime();
    expect(askDueFeedback(db, new Date(end + hours(1) - 1000))).toBe(0);
    expect(askDueFeedback(db, new Date(end + hours(1)))).toBe(1);
    expect(asked().map((m) => m.subject)).toEqual(["How was the showing of 12 Palm St, San Diego?"]);
    expect(askDueFeedback(db, new Date(end + hours(24)))).toBe(0);
    expect(askDueFeedback(db, new Date(end + hours(25)))).toBe(1);
    expect(asked().at(-1)!.subject).toBe("Reminder: How was the showing of 12 Palm St, San Diego?");
    expect(askDueFeedback(db, new Date(end + hours(24 * 30)))).toBe(0);
    expect(asked()).toHaveLength(2);

    const link = /\/showings\/agent\/([A-Za-z0-9_-]{32})/.exec(asked()[0]!.textBody)![1]!;
    const feedback = showingFeedbackSchema.parse({ interest: "4", price: "too_high", comments: "Loved the yard" });
    expect(() => giveShowingFeedback(db, link, feedback, new Date(end - 1000))).toThrow(ConflictError);
    giveShowingFeedback(db, link, feedback, new Date(end + hours(2)));
    expect(() => giveShowingFeedback(db, link, feedback, new Date(end + hours(3)))).toThrow(ConflictError);
    const overview = showingsOverview(db, seller, sale.id, {}, new Date(end + hours(3)));
    expect(overview.past[0]).toMatchObject({
      status: "done",
      feedback: { interest: 4, price: "too_high", comments: "Loved the yard" },
    });
    expect(overview.totals).toEqual({ shown: 1, rated: 1, interest: 4 });
  });

  it("the answered feedback is never asked for; a cancelled showing is not asked either", () => {
    const { db, admin, sale } = setUp();
    const one = recordPhoneShowing(db, admin, sale.id, { ...agent, start: at("2027-03-13T18:00:00Z") }, NOW);
    const two = recordPhoneShowing(db, admin, sale.id, { ...agent, start: at("2027-03-13T20:00:00Z") }, NOW);
    showingEvent(db, admin, two.id, { type: "cancel" }, NOW);
    const link = agentLinkOf(db, one.id);
    giveShowingFeedback(
      db,
      link,
      showingFeedbackSchema.parse({ interest: 2, price: "about_right" }),
      new Date(one.end.getTime() + 60_000),
    );
    expect(askDueFeedback(db, new Date("2027-03-20T00:00:00Z"))).toBe(0);
  });

  it("the seller's weekly summary counts the week's showings, interest, prices and comments", () => {
    const { db, admin, sale } = setUp();
    const s = recordPhoneShowing(db, admin, sale.id, { ...agent, start: at("2027-03-13T18:00:00Z") }, NOW);
    giveShowingFeedback(
      db,
      agentLinkOf(db, s.id),
      showingFeedbackSchema.parse({ interest: 5, price: "low", comments: "Bring an offer" }),
      new Date(s.end.getTime() + 60_000),
    );
    expect(sendWeeklySummaries(db, new Date())).toBe(0); // the first is due a week after the rules were made
    const due = new Date(Date.now() + 8 * 24 * hours(1));
    db.$client
      .prepare("UPDATE showings SET start = ?, end = ?")
      .run(due.getTime() - hours(48), due.getTime() - hours(47));
    expect(sendWeeklySummaries(db, due)).toBe(1);
    const summary = outboxWithContent(db, "showing").at(-1)!;
    expect(summary.toAddress).toBe("seller@example.com");
    expect(summary.textBody).toContain("1 showing of 12 Palm St, San Diego");
    expect(summary.textBody).toContain("Average interest: 5.0 of 5");
    expect(summary.textBody).toContain("Low: 1");
    expect(summary.textBody).toContain("Bring an offer");
    expect(sendWeeklySummaries(db, due)).toBe(0); // the next one is a week later
  });
});

function agentLinkOf(db: Db, id: number): string {
  return (db.$client.prepare("SELECT agent_token FROM showings WHERE id = ?").get(id) as { agent_token: string })
    .agent_token;
}

describe("calendar feeds", () => {
  it("the seller's feed and the staff feed hold the approved showing; cancelled, it is marked cancelled", async () => {
    const { db, admin, seller, sale } = setUp();
    const now = new Date();
    const start = new Date(Math.ceil((now.getTime() + hours(48)) / hours(1)) * hours(1));
    const showing = recordPhoneShowing(db, admin, sale.id, { ...agent, start }, now);
    const sellerFeed = feedOf(db, calendarToken(db, seller), now)!;
    expect(sellerFeed.visits.map((v) => [v.key, v.cancelled])).toEqual([[`showing-${showing.id}`, false]]);
    expect(feedOf(db, calendarToken(db, admin), now)!.visits).toHaveLength(1);
    const text = await feedResponse(sellerFeed).text();
    expect(text).toContain("SUMMARY:Showing — 12 Palm St\\, San Diego");
    expect(text).not.toContain("4321");
    showingEvent(db, admin, showing.id, { type: "cancel" }, now);
    const cancelled = await feedResponse(feedOf(db, calendarToken(db, seller), now)!).text();
    expect(cancelled).toContain("STATUS:CANCELLED");
    expect(cancelled).toContain("SEQUENCE:1");
    // Another agent's feed does not see the listing.
    const other = addAgent(db, admin, "Bo", "07654321");
    expect(feedOf(db, calendarToken(db, other as User), now)!.visits).toEqual([]);
  });
});

describe("buyers' tours", () => {
  function buyer() {
    const db = freshDb();
    const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const client = upsertUserFromClaims(db, { email: "buyer@example.com" });
    const purchase = createTransaction(
      db,
      admin,
      { email: client.email, type: "buying", propertyAddress: "", homeValue: "900000" },
      { notify: false },
    );
    const homes = ["1 Elm St", "2 Oak Ave", "3 Bay Rd"].map((address) =>
      createSavedHome(db, client, savedHomeSchema.parse({ address, price: "900000" })),
    );
    return { db, admin, client, purchase, homes };
  }
  const soon = () => new Date(Math.ceil((Date.now() + hours(72)) / hours(1)) * hours(1));

  it("needs the buyer agreement in force (409 with a link); with it the agent confirms and it is in the client's feed", async () => {
    const { db, admin, client, purchase, homes } = buyer();
    const input = tourRequestSchema.parse({
      listingIds: [homes[2]!.id, homes[0]!.id],
      slots: [{ start: soon().toISOString() }],
    });
    let refused: unknown;
    try {
      requestTour(db, client, purchase.id, input);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).link).toBeTruthy();

    insertSignedBuyerAgreement(db, purchase);
    const { tour, stops } = requestTour(db, client, purchase.id, input);
    expect(stops.map((s) => [s.address, s.stop.position])).toEqual([
      ["3 Bay Rd", 1],
      ["1 Elm St", 2],
    ]);
    // Only staff confirm; the client's confirm is "not found".
    expect(() => tourEvent(db, client, tour.id, { type: "confirm", listingId: homes[2]!.id, start: soon() })).toThrow(
      NotFoundError,
    );
    tourEvent(db, admin, tour.id, { type: "confirm", listingId: homes[2]!.id, start: soon() });
    const text = await feedResponse(feedOf(db, calendarToken(db, client))!).text();
    expect(text).toContain("SUMMARY:Tour — 3 Bay Rd");
    expect(text).toContain("STATUS:CONFIRMED");

    tourEvent(db, client, tour.id, { type: "cancel", listingId: homes[2]!.id });
    const after = await feedResponse(feedOf(db, calendarToken(db, client))!).text();
    expect(after).toContain("STATUS:CANCELLED");
  });

  it("the client rates a home once seen; another client and another agent are told not found", () => {
    const { db, admin, client, purchase, homes } = buyer();
    insertSignedBuyerAgreement(db, purchase);
    const { tour } = requestTour(
      db,
      client,
      purchase.id,
      tourRequestSchema.parse({ listingIds: [homes[0]!.id], slots: [{ start: soon().toISOString() }] }),
    );
    const start = soon();
    tourEvent(db, admin, tour.id, { type: "confirm", listingId: homes[0]!.id, start });
    expect(() => tourEvent(db, client, tour.id, { type: "rate", listingId: homes[0]!.id, rating: 4 })).toThrow(
      ConflictError,
    );
    const later = new Date(start.getTime() + hours(2));
    tourEvent(db, client, tour.id, { type: "rate", listingId: homes[0]!.id, rating: 4, note: "Small kitchen" }, later);
    expect(listTours(db, client, purchase.id)[0]!.stops[0]!.stop).toMatchObject({ rating: 4, note: "Small kitchen" });

    const stranger = upsertUserFromClaims(db, { email: "stranger@example.com" });
    const otherAgent = addAgent(db, admin, "Bo", "07654321") as User;
    for (const who of [stranger, otherAgent]) {
      expect(() => listTours(db, who, purchase.id)).toThrow(NotFoundError);
      expect(() => tourEvent(db, who, tour.id, { type: "cancel", listingId: homes[0]!.id })).toThrow(NotFoundError);
    }
  });
});
