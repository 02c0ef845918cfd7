/**
 * Showings (issue 38), the rules' part: free slots from the showing hours, the notice, blocked dates and the
 * showings already approved, across a daylight-saving Sunday; and each refused time naming its rule. The
 * showings themselves: the page never shows the access instructions, requests checked against the rules,
 * approvals that never overlap, answers by status, a showing booked by phone, and 404 for anyone else.
 */
import { describe, expect, it } from "vitest";
import { ConflictError, type InvalidInputError, NotFoundError } from "~/lib/errors";
import { showingRequestSchema, showingRulesSchema } from "~/lib/showing-schema";
import { DEFAULT_RULES, freeSlots, sanDiegoInstant, slotError, type ShowingRules } from "~/lib/showing-slots";
import {
  getShowingRules,
  listShowings,
  recordPhoneShowing,
  requestShowing,
  resetShowingToken,
  saveShowingRules,
  showingEvent,
  showingPage,
  toShowingJson,
} from "~/models/showing.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import type { User } from "~/db/schema";
import { loader as pageLoader } from "~/routes/api.showings.$ref._index";
import { action as eventAction } from "~/routes/api.showings.$ref.events";
import { action as requestAction } from "~/routes/api.showings.$ref.requests";
import { loader as listLoader } from "~/routes/api.transactions.$id.showings";
import { addAgent, freshDb, useAppDb } from "./db";
import { answer, args, get, ORIGIN, sessionCookie } from "./request";

const rules: ShowingRules = {
  ...DEFAULT_RULES,
  hours: [
    [{ from: "12:00", to: "14:00" }], // Sunday
    [],
    [],
    [],
    [],
    [],
    [
      { from: "09:00", to: "10:00" },
      { from: "15:00", to: "16:30" },
    ], // Saturday
  ],
  noticeHours: 2,
  slotMinutes: 30,
};

describe("free showing slots", () => {
  it("keeps the wall-clock hours across the spring-forward Sunday (2027-03-14)", () => {
    const now = new Date("2027-03-12T20:00:00Z"); // Friday noon in San Diego
    const slots = freeSlots(rules, [], now, 3).map((s) => s.toISOString());
    expect(slots).toEqual([
      // Saturday, PST (UTC-8)
      "2027-03-13T17:00:00.000Z",
      "2027-03-13T17:30:00.000Z",
      "2027-03-13T23:00:00.000Z",
      "2027-03-13T23:30:00.000Z",
      "2027-03-14T00:00:00.000Z",
      // Sunday, PDT (UTC-7): still noon to 2 PM
      "2027-03-14T19:00:00.000Z",
      "2027-03-14T19:30:00.000Z",
      "2027-03-14T20:00:00.000Z",
      "2027-03-14T20:30:00.000Z",
    ]);
  });

  it("leaves out what the notice, a blocked date and an approved showing take", () => {
    const now = new Date("2027-03-13T16:10:00Z"); // Saturday 8:10 AM: 2 hours' notice ends 10:10
    const busy = [{ start: new Date("2027-03-13T23:00:00Z"), end: new Date("2027-03-13T23:45:00Z") }];
    const slots = freeSlots({ ...rules, blockedDates: ["2027-03-14"] }, busy, now, 2).map((s) => s.toISOString());
    expect(slots).toEqual(["2027-03-14T00:00:00.000Z"]);
  });

  it("names the rule a refused time breaks", () => {
    const now = new Date("2027-03-12T20:00:00Z");
    const at = (iso: string) => slotError(rules, [], new Date(iso), now);
    expect(at("2027-03-12T19:00:00Z")).toBe("That time is in the past");
    expect(at("2027-03-12T21:00:00Z")).toBe("The seller asks for 2 hours' notice");
    expect(at("2027-03-13T18:00:00Z")).toBe("That time is outside the showing hours"); // 10:00, the window ends
    expect(at("2027-03-13T17:30:00Z")).toBeNull();
    expect(at("2027-07-17T16:00:00Z")).toBe("Ask at most 120 days ahead");
    expect(slotError({ ...rules, blockedDates: ["2027-03-13"] }, [], new Date("2027-03-13T17:00:00Z"), now)).toBe(
      "The seller does not show the home that day",
    );
    const busy = [{ start: new Date("2027-03-13T17:15:00Z"), end: new Date("2027-03-13T17:45:00Z") }];
    expect(slotError(rules, busy, new Date("2027-03-13T17:00:00Z"), now)).toBe(
      "Another showing is booked at that time",
    );
    expect(slotError(rules, busy, new Date("2027-03-13T17:45:00Z"), now)).toBe(
      "That time is outside the showing hours",
    );
    expect(sanDiegoInstant("2027-11-07", 12 * 60).toISOString()).toBe("2027-11-07T20:00:00.000Z"); // back to PST
  });
});

describe("showings of a listing", () => {
  const NOW = new Date("2027-03-12T20:00:00Z"); // Friday noon in San Diego
  const agentFields = {
    agentName: "Pat Buyer-Agent",
    brokerage: "Harbor Homes",
    licenseNumber: "01234567",
    phone: "619-555-0199",
    email: "pat@harbor.example",
    people: 2,
  };
  const setUp = () => {
    const db = freshDb();
    const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const seller = upsertUserFromClaims(db, { email: "seller@example.com" });
    const sale = createTransaction(
      db,
      admin,
      { email: seller.email, type: "selling", propertyAddress: "12 Palm St, San Diego", homeValue: "850000" },
      { notify: false },
    );
    const token = getShowingRules(db, seller, sale.id).token;
    return { db, admin, seller, sale, token };
  };

  it("the page shows the address and free slots, never the access instructions; a reset token is gone", () => {
    const { db, admin, seller, sale, token } = setUp();
    saveShowingRules(
      db,
      seller,
      sale.id,
      showingRulesSchema.parse({ ...DEFAULT_RULES, accessInstructions: "Lockbox code 4321; the dog stays in" }),
    );
    const page = showingPage(db, token, NOW);
    expect(page.address).toBe("12 Palm St, San Diego");
    expect(page.freeSlots[0]!.toISOString()).toBe("2027-03-12T22:00:00.000Z"); // 2 PM: two hours' notice
    expect(JSON.stringify(page)).not.toContain("4321");
    expect(getShowingRules(db, admin, sale.id).accessInstructions).toContain("4321");
    const fresh = resetShowingToken(db, admin, sale.id);
    expect(() => showingPage(db, token, NOW)).toThrow(NotFoundError);
    expect(showingPage(db, fresh, NOW).address).toBe("12 Palm St, San Diego");
    expect(() => resetShowingToken(db, seller, sale.id)).toThrow();
  });

  it("requests are checked against the rules; approvals never overlap; answers follow the status", () => {
    const { db, admin, seller, sale, token } = setUp();
    const ask = (starts: string[]) =>
      requestShowing(
        db,
        token,
        showingRequestSchema.parse({ ...agentFields, slots: starts.map((start) => ({ start })) }),
        NOW,
      );
    try {
      ask(["2027-03-13T18:00:00Z", "2027-03-13T03:00:00Z"]);
      expect.unreachable();
    } catch (error) {
      expect((error as InvalidInputError).fieldErrors).toEqual({
        "slots.1.start": ["That time is outside the showing hours"],
      });
    }
    const first = ask(["2027-03-13T18:00:00Z", "2027-03-13T19:00:00Z"]);
    expect(first).toMatchObject({ status: "requested", people: 2 });
    const second = ask(["2027-03-13T18:00:00Z"]);
    expect(
      showingEvent(db, seller, first.id, { type: "approve", start: new Date("2027-03-13T18:00:00Z") }, NOW).status,
    ).toBe("approved");
    expect(() => showingEvent(db, admin, second.id, { type: "approve" }, NOW)).toThrow(ConflictError);
    expect(
      showingEvent(db, admin, second.id, { type: "propose", start: new Date("2027-03-13T20:00:00Z") }, NOW).status,
    ).toBe("proposed");
    expect(showingEvent(db, seller, second.id, { type: "approve" }, NOW).start.toISOString()).toBe(
      "2027-03-13T20:00:00.000Z",
    );
    expect(showingEvent(db, seller, first.id, { type: "cancel" }, NOW).status).toBe("cancelled");
    expect(() => showingEvent(db, seller, first.id, { type: "approve" }, NOW)).toThrow(ConflictError);
    expect(showingPage(db, token, NOW).freeSlots.map((s) => s.toISOString())).not.toContain("2027-03-13T20:00:00.000Z");

    // Approved automatically, on the first slot still free.
    saveShowingRules(db, seller, sale.id, showingRulesSchema.parse({ ...DEFAULT_RULES, autoApprove: true }));
    const auto = ask(["2027-03-13T20:00:00Z", "2027-03-13T21:00:00Z"]);
    expect(auto).toMatchObject({ status: "approved", start: new Date("2027-03-13T21:00:00Z") });

    // Booked by phone, in the past: done.
    const phoned = recordPhoneShowing(
      db,
      admin,
      sale.id,
      { ...agentFields, start: new Date("2027-03-01T18:00:00Z") },
      NOW,
    );
    expect(toShowingJson(phoned, NOW).status).toBe("done");
    expect(listShowings(db, seller, sale.id, NOW).map((s) => s.status)).toEqual([
      "done",
      "cancelled",
      "approved",
      "approved",
    ]);

    // Anyone else: not found.
    const stranger = upsertUserFromClaims(db, { email: "stranger@example.com" });
    const agent = { ...addAgent(db, admin), isAgent: true };
    for (const who of [stranger, agent]) {
      expect(() => listShowings(db, who, sale.id)).toThrow(NotFoundError);
      expect(() => showingEvent(db, who, auto.id, { type: "cancel" }, NOW)).toThrow(NotFoundError);
    }
    const purchase = createTransaction(
      db,
      admin,
      { email: stranger.email, type: "buying", propertyAddress: "1 A St", homeValue: "500000" },
      { notify: false },
    );
    expect(() => getShowingRules(db, admin, purchase.id)).toThrow(NotFoundError);
  });
});

describe("showings over HTTP", () => {
  const app = useAppDb();
  const json = (path: string, method: string, body: unknown, user?: Pick<User, "id">) =>
    (async () => {
      const headers = new Headers({ origin: ORIGIN, "content-type": "application/json" });
      if (user) headers.set("cookie", await sessionCookie(user));
      return new Request(`${ORIGIN}${path}`, { method, headers, body: JSON.stringify(body) });
    })();

  it("a buyer's agent asks on the public API; the seller reads and approves; others get 404, visitors 401", async () => {
    const sale = createTransaction(
      app.db,
      app.admin,
      { email: app.client.email, type: "selling", propertyAddress: "7 Shore Dr", homeValue: "950000" },
      { notify: false },
    );
    const token = getShowingRules(app.db, app.admin, sale.id).token;
    saveShowingRules(
      app.db,
      app.admin,
      sale.id,
      showingRulesSchema.parse({ ...DEFAULT_RULES, accessInstructions: "Code 9876" }),
    );
    const page = await answer(() => pageLoader(args(new Request(`${ORIGIN}/api/showings/${token}`), { ref: token })));
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).not.toContain("9876");
    const free = (page.data as { freeSlots: string[] }).freeSlots;
    expect(
      (await answer(() => pageLoader(args(new Request(`${ORIGIN}/api/showings/x`), { ref: "nope" })))).status,
    ).toBe(404);

    const body = { ...{ agentName: "Pat", brokerage: "Harbor", phone: "619-555-0199", email: "pat@harbor.example" } };
    const bad = await answer(async () =>
      requestAction(
        args(
          await json(`/api/showings/${token}/requests`, "POST", {
            ...body,
            licenseNumber: "123",
            slots: [{ start: free[0] }],
          }),
          { ref: token },
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect((bad.data as { errors: Record<string, string[]> }).errors.licenseNumber).toEqual([
      "Enter your 8-digit DRE license number",
    ]);
    const made = await answer(async () =>
      requestAction(
        args(
          await json(`/api/showings/${token}/requests`, "POST", {
            ...body,
            licenseNumber: "01234567",
            slots: [{ start: free[0] }],
          }),
          { ref: token },
        ),
      ),
    );
    expect(made.status).toBe(201);
    const { id } = made.data as { id: number; status: string };
    expect(made.data).toMatchObject({ status: "requested", start: free[0] });

    const listed = await answer(async () =>
      listLoader(args(await get(`/api/transactions/${sale.id}/showings`, app.client), { id: String(sale.id) })),
    );
    expect(listed.status).toBe(200);
    expect(listed.data).toEqual([
      expect.objectContaining({
        id,
        status: "requested",
        agent: { name: "Pat", brokerage: "Harbor", licenseNumber: "01234567" },
        feedback: null,
      }),
    ]);
    const stranger = upsertUserFromClaims(app.db, { email: "stranger@example.com" });
    expect(
      (
        await answer(async () =>
          listLoader(args(await get(`/api/transactions/${sale.id}/showings`, stranger), { id: String(sale.id) })),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await answer(async () =>
          listLoader(args(await get(`/api/transactions/${sale.id}/showings`), { id: String(sale.id) })),
        )
      ).status,
    ).toBe(401);
    const approved = await answer(async () =>
      eventAction(
        args(await json(`/api/showings/${id}/events`, "POST", { type: "approve" }, app.client), { ref: String(id) }),
      ),
    );
    expect(approved).toMatchObject({ status: 200, data: { status: "approved" } });
    expect(
      (
        await answer(async () =>
          eventAction(
            args(await json(`/api/showings/${id}/events`, "POST", { type: "cancel" }, stranger), { ref: String(id) }),
          ),
        )
      ).status,
    ).toBe(404);
  });
});
