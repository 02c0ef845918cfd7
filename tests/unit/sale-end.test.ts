/**
 * Nothing of a closed sale stays open (issue 43; docs/showings.md): a sale completed or cancelled (on the Manage
 * page or PATCH /api/transactions/{id}) declines its open requests and cancels its approved showings to come
 * (each agent e-mailed, the invitation cancelled), its page answers 404 and no access instructions go out
 * again; a time that has passed cannot be approved or accepted; every time the app takes is in a range that
 * makes sense; a confirmed tour stop cancelled tells the other side, a closed purchase's tours are read-only;
 * PATCH takes the page's fields; a showing's change empties only its own page from the page cache.
 */
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PageCache, buildEntry } from "../../server/page-cache";
import { showings } from "~/db/schema";
import { transactionPatchSchema } from "~/lib/admin-schemas";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { savedHomeSchema } from "~/lib/saved-home-schema";
import { phoneShowingSchema, showingEventSchema, showingRulesSchema } from "~/lib/showing-schema";
import { DEFAULT_RULES } from "~/lib/showing-slots";
import { tourRequestSchema } from "~/lib/tour-schema";
import { contentVersionOf, pageScopeHeader, pageScopeVersion } from "~/models/content-version.server";
import { createSavedHome } from "~/models/saved-home.server";
import { initializeMilestones } from "~/models/milestone.server";
import {
  agentShowingEvent,
  getShowingRules,
  recordPhoneShowing,
  requestShowing,
  saveShowingRules,
  showingEvent,
  showingPage,
} from "~/models/showing.server";
import { requestTour, tourEvent } from "~/models/tour.server";
import { patchTransaction } from "~/models/transaction-edit.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { insertSignedBuyerAgreement } from "../signed-agreement";
import { freshDb, outboxWithContent } from "./db";

const hours = (n: number) => n * 3600_000;
const agent = (email: string) => ({
  agentName: "Pat Buyer-Agent",
  brokerage: "Harbor Homes",
  licenseNumber: "01234567",
  phone: "619-555-0199",
  email,
  people: 2,
});
/** A slot start within the default hours (10 AM to 6 PM San Diego), three days out, on the hour. */
const inDays = (days: number, hourUtc = 19) => {
  const d = new Date(Date.now() + days * 24 * 3600_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
};

function sale() {
  const db = freshDb();
  const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
  const seller = upsertUserFromClaims(db, { email: "seller@example.com", firstName: "Sam" });
  const t = createTransaction(
    db,
    admin,
    { email: seller.email, type: "selling", propertyAddress: "12 Palm St, San Diego", homeValue: "850000" },
    { notify: false },
  );
  const token = getShowingRules(db, seller, t.id).token;
  saveShowingRules(
    db,
    seller,
    t.id,
    showingRulesSchema.parse({ ...DEFAULT_RULES, accessInstructions: "Lockbox 4321" }),
  );
  return { db, admin, seller, t, token };
}

describe("a sale that ends", () => {
  it("declines the open requests, cancels the approved showings to come (invitations cancelled), and closes its page", () => {
    const { db, admin, seller, t, token } = sale();
    const requested = requestShowing(db, token, { ...agent("a@harbor.example"), slots: [{ start: inDays(3) }] });
    const approved = requestShowing(db, token, { ...agent("b@harbor.example"), slots: [{ start: inDays(4) }] });
    showingEvent(db, seller, approved.id, { type: "approve", start: inDays(4) });
    const proposed = requestShowing(db, token, { ...agent("c@harbor.example"), slots: [{ start: inDays(5) }] });
    showingEvent(db, seller, proposed.id, { type: "propose", start: inDays(6) });

    const result = patchTransaction(
      db,
      admin,
      t.id,
      transactionPatchSchema.parse({ status: "completed", override: "The file was reviewed on paper" }),
    );
    expect(result.status).toBe("completed");
    const status = (id: number) => db.select().from(showings).where(eq(showings.id, id)).get()!.status;
    expect([status(requested.id), status(approved.id), status(proposed.id)]).toEqual([
      "declined",
      "cancelled",
      "declined",
    ]);
    const cancelled = outboxWithContent(db, "showing").filter(
      (m) => m.toAddress === "b@harbor.example" && m.subject.startsWith("Showing cancelled"),
    );
    expect(cancelled).toHaveLength(1);
    const calendar = new ICAL.Component(ICAL.parse(cancelled[0]!.calendar!.content));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(calendar.getFirstSubcomponent("vevent")!.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(() => showingPage(db, token)).toThrow(NotFoundError);

    // The agent's own page can no longer accept, and nothing sends the access instructions again.
    const before = outboxWithContent(db, "showing").length;
    expect(() => agentShowingEvent(db, proposed.agentToken, "approve")).toThrow(ConflictError);
    expect(() => recordPhoneShowing(db, admin, t.id, { ...agent("d@harbor.example"), start: inDays(7) })).toThrow(
      ConflictError,
    );
    const after = outboxWithContent(db, "showing");
    expect(after).toHaveLength(before);
    expect(after.filter((m) => m.textBody.includes("Lockbox 4321"))).toHaveLength(1); // the one approval before
  });

  it("a time that has passed is neither approved nor accepted (409 naming it)", () => {
    const { db, seller, token } = sale();
    const start = inDays(2);
    const showing = requestShowing(db, token, { ...agent("a@harbor.example"), slots: [{ start }] });
    const later = new Date(start.getTime() + hours(1));
    expect(() => showingEvent(db, seller, showing.id, { type: "approve", start }, later)).toThrow(
      /That time has passed/,
    );
    showingEvent(db, seller, showing.id, { type: "propose", start: inDays(3) });
    expect(() => agentShowingEvent(db, showing.agentToken, "approve", new Date(inDays(3).getTime() + 60_000))).toThrow(
      ConflictError,
    );
    // One rule for the buyer's agent: a request not yet answered is not theirs to accept.
    const other = requestShowing(db, token, { ...agent("b@harbor.example"), slots: [{ start: inDays(4) }] });
    expect(() => agentShowingEvent(db, other.agentToken, "approve")).toThrow(/cannot be approved/);
  });
});

describe("times far from now", () => {
  it("are refused with a 400 naming the field, never a 500", () => {
    const { db, admin, seller, token } = sale();
    const parse = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) =>
      schema.safeParse(v).success;
    expect(parse(showingEventSchema, { type: "propose", start: "+275760-09-13T00:00:00.000Z" })).toBe(false);
    expect(parse(showingEventSchema, { type: "propose", start: "-271821-04-20T00:00:00.000Z" })).toBe(false);
    const showing = requestShowing(db, token, { ...agent("a@harbor.example"), slots: [{ start: inDays(2) }] });
    const far = new Date("2099-06-01T19:00:00Z");
    expect(() => showingEvent(db, seller, showing.id, { type: "propose", start: far })).toThrow(InvalidInputError);
    const phone = phoneShowingSchema.parse({ ...agent("b@harbor.example"), start: "2021-01-01T19:00:00Z" });
    let refused: unknown;
    try {
      recordPhoneShowing(db, admin, showing.transactionId, phone);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect((refused as InvalidInputError).fieldErrors.start?.[0]).toMatch(/at most a year in the past/);
    expect(() => recordPhoneShowing(db, admin, showing.transactionId, { ...phone, start: far })).toThrow(
      /within 120 days/,
    );
  });

  it("tours: a time beyond 120 days or in the past is a 400 naming it; a stop cancelled tells the other side", () => {
    const db = freshDb();
    const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const client = upsertUserFromClaims(db, { email: "buyer@example.com", firstName: "Bea", lastName: "Cruz" });
    const purchase = createTransaction(
      db,
      admin,
      { email: client.email, type: "buying", propertyAddress: "", homeValue: "900000" },
      { notify: false },
    );
    insertSignedBuyerAgreement(db, purchase);
    const home = createSavedHome(db, client, savedHomeSchema.parse({ address: "1 Elm St", price: "900000" }));
    const ask = (start: string) =>
      requestTour(db, client, purchase.id, tourRequestSchema.parse({ listingIds: [home.id], slots: [{ start }] }));
    expect(() => ask("2099-01-01T19:00:00Z")).toThrow(InvalidInputError);
    const { tour } = ask(inDays(3).toISOString());
    // The staff e-mail names the client.
    expect(outboxWithContent(db, "showing").map((m) => m.subject)).toContain("Tour requested by Bea Cruz");
    expect(() =>
      tourEvent(db, admin, tour.id, { type: "confirm", listingId: home.id, start: new Date("2099-01-01T19:00:00Z") }),
    ).toThrow(InvalidInputError);
    tourEvent(db, admin, tour.id, { type: "confirm", listingId: home.id, start: inDays(3) });
    tourEvent(db, admin, tour.id, { type: "cancel", listingId: home.id });
    const told = outboxWithContent(db, "showing").filter((m) => m.subject === "Tour stop cancelled: 1 Elm St");
    expect(told.map((m) => m.toAddress)).toEqual(["buyer@example.com"]);
    // A closed purchase's tours are read-only.
    const second = ask(inDays(4).toISOString());
    patchTransaction(
      db,
      admin,
      purchase.id,
      transactionPatchSchema.parse({ status: "completed", override: "The file was reviewed on paper" }),
    );
    expect(() => tourEvent(db, client, second.tour.id, { type: "cancel", listingId: home.id })).toThrow(
      /its tours can only be read/,
    );
    expect(() => ask(inDays(5).toISOString())).toThrow(ConflictError);
  });
});

describe("PATCH /api/transactions/{id} takes the page's fields", () => {
  it("status, address, value and type with the page's rules; an unknown field is refused", () => {
    const { db, admin, t } = sale();
    expect(transactionPatchSchema.safeParse({ stage: "closed" }).success).toBe(false);
    const patched = patchTransaction(
      db,
      admin,
      t.id,
      transactionPatchSchema.parse({ propertyAddress: "14 Palm St", homeValue: 900000 }),
    );
    expect(patched).toMatchObject({ propertyAddress: "14 Palm St", homeValue: "900000", status: "active" });
    initializeMilestones(db, admin, t.id);
    expect(() => patchTransaction(db, admin, t.id, transactionPatchSchema.parse({ type: "buying" }))).toThrow(
      /once its steps are set up/,
    );
    const client = upsertUserFromClaims(db, { email: "seller@example.com" });
    expect(() => patchTransaction(db, client, t.id, transactionPatchSchema.parse({ status: "completed" }))).toThrow();
  });
});

describe("a showing's change empties only its own page from the cache", () => {
  it("raises the sale's scope, not the public pages' version", async () => {
    const { db, seller, t, token } = sale();
    const cache = new PageCache({
      version: () => contentVersionOf(db, "publicPages"),
      scopeVersion: (scope) => pageScopeVersion(db, scope),
    });
    const html = (scope?: string) =>
      new Headers({ "content-type": "text/html", ...(scope ? { "x-page-scope": scope } : {}) });
    cache.set("/", await buildEntry(200, html(), Buffer.from("<p>home</p>"), cache.version()));
    const scope = pageScopeHeader(db, `sale:${t.id}`);
    cache.set(`/showings/${token}`, await buildEntry(200, html(scope), Buffer.from("<p>page</p>"), cache.version()));
    expect(cache.get(`/showings/${token}`)?.headers.map(([name]) => name)).not.toContain("x-page-scope");

    const showing = requestShowing(db, token, { ...agent("a@harbor.example"), slots: [{ start: inDays(3) }] });
    showingEvent(db, seller, showing.id, { type: "approve", start: inDays(3) });
    expect(cache.get("/")).toBeDefined();
    expect(cache.get(`/showings/${token}`)).toBeUndefined();
  });
});
