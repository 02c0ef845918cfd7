/**
 * What the brokerage answers for, one rule each (issue 53; docs/payouts.md, docs/roster.md, docs/proof.md): who acts
 * for the brokerage on a San Diego day (`mayActForBrokerage`) and who performs the broker's duties, checked at 23:30
 * San Diego time on a month's last day; a transaction's compensation from its signed agreement; what a sold card
 * and the totals show of a sale and of a purchase; the Team page's rules through the API; the places that ask.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreements, agreementSigners, soldHomes, transactions, users, type User } from "~/db/schema";
import { ForbiddenError } from "~/lib/errors";
import { isRequiredFor } from "~/lib/checklist-rules";
import { addDaysTo, formatDateTimeIn, formatMonthIn, monthIn, todayIn } from "~/lib/plain-date";
import { actingRefusal, dutyRefusal, mayActForBrokerage, mayPerformDuty, type Licensee } from "~/lib/roster-rules";
import { signerFor } from "~/models/agreement-access.server";
import { waitingForStaff } from "~/models/agreement-lists.server";
import { compensationOf } from "~/models/compensation.server";
import { checklistEvent, getChecklist } from "~/models/file-review.server";
import { insertDocuments } from "~/models/document.server";
import { scheduleOpenHouse } from "~/models/open-house.server";
import { putHomeListing } from "~/models/home-listing.server";
import { answerSoldConsent, listSold, soldTotals, toSaleJson } from "~/models/sold-home.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { loader as agentsPage } from "~/routes/agents._index";
import { action as addTeam, loader as listTeamApi } from "~/routes/api.team";
import { action as patchTeam } from "~/routes/api.team.$id";
import { action as putDuties } from "~/routes/api.team.$id.duties";
import { action as patchProfile } from "~/routes/api.team.$id.profile";
import { action as patchTransaction, loader as getTransactionApi } from "~/routes/api.transactions.$id._index";
import { insertSignedBuyerAgreement, insertSignedListingAgreement } from "../signed-agreement";
import { addAgent, currentLicenseExpiry, delegate, useAppDb } from "./db";
import { answer, args, get, ORIGIN, sessionCookie } from "./request";

const app = useAppDb();

async function json(method: string, p: string, user: Pick<User, "id">, body?: unknown) {
  const headers = new Headers({ origin: ORIGIN, "content-type": "application/json" });
  headers.set("cookie", await sessionCookie(user));
  return new Request(`${ORIGIN}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** 23:30 on November 30, 2026 in San Diego (PST, UTC−8): already December 1 in UTC. */
const LAST_EVENING = new Date("2026-12-01T07:30:00Z");
/** Half an hour after midnight, December 1 in San Diego. */
const FIRST_MORNING = new Date("2026-12-01T08:30:00Z");

const person = (over: Partial<Licensee> = {}): Licensee => ({
  name: "Ana Agent",
  licenseNumber: "01234567",
  licenseKind: "salesperson",
  licenseExpiresOn: "2026-11-30",
  isBroker: false,
  active: true,
  duties: [],
  ...over,
});

describe("the San Diego day", () => {
  it("at 23:30 on a month's last day is still that day and month, in words and in the API's shape", () => {
    expect(todayIn(LAST_EVENING)).toBe("2026-11-30");
    expect(monthIn(LAST_EVENING)).toBe("2026-11");
    expect(formatMonthIn(LAST_EVENING)).toBe("November 2026");
    expect(formatDateTimeIn(LAST_EVENING)).toBe("November 30, 2026 at 11:30 p.m. PT");
    expect(formatDateTimeIn(FIRST_MORNING)).toBe("December 1, 2026 at 12:30 a.m. PT");
    // Across the daylight-saving change (March 14, 2027, 2 a.m. PST → 3 a.m. PDT): the wall clock, not UTC's.
    expect(formatDateTimeIn(new Date("2027-03-14T09:59:00Z"))).toBe("March 14, 2027 at 1:59 a.m. PT");
    expect(formatDateTimeIn(new Date("2027-03-14T10:01:00Z"))).toBe("March 14, 2027 at 3:01 a.m. PT");
  });
});

describe("who acts for the brokerage", () => {
  it("a license in force to its last San Diego day, not an hour past midnight", () => {
    expect(mayActForBrokerage(person(), todayIn(LAST_EVENING))).toBe(true);
    expect(mayActForBrokerage(person(), todayIn(FIRST_MORNING))).toBe(false);
    expect(actingRefusal(person(), todayIn(FIRST_MORNING))).toBe(
      "Ana Agent's DRE license #01234567 expired on Mon, Nov 30, 2026",
    );
    // An agent's unknown expiry cannot be trusted on a day; the broker's license is the configuration's.
    expect(actingRefusal(person({ licenseExpiresOn: null }), "2026-11-30")).toMatch(/has no expiry date/);
    expect(mayActForBrokerage(person({ isBroker: true, licenseExpiresOn: null }), "2026-11-30")).toBe(true);
    expect(actingRefusal(person({ licenseNumber: null }), "2026-11-30")).toMatch(/has no DRE license number/);
    expect(actingRefusal(person({ active: false }), "2026-11-30")).toMatch(/no longer on the team/);
  });

  it("the broker's duties: the broker, or a licensee they named, each while their license is in force", () => {
    const day = todayIn(LAST_EVENING);
    expect(mayPerformDuty(person({ isBroker: true }), "approveCda", day)).toBe(true);
    expect(dutyRefusal(person(), "approveCda", day)).toBe(
      "Only the responsible broker, or a licensee the broker named on the team page, may approve commission disbursement authorizations",
    );
    expect(mayPerformDuty(person({ duties: ["approveCda"] }), "approveCda", day)).toBe(true);
    expect(mayPerformDuty(person({ duties: ["approveCda"] }), "countersign", day)).toBe(false);
    // Named, but the license expired at midnight: refused, naming the license and the duty.
    expect(dutyRefusal(person({ duties: ["approveCda"] }), "approveCda", todayIn(FIRST_MORNING))).toMatch(
      /expired on Mon, Nov 30, 2026: they may not approve commission disbursement authorizations/,
    );
  });

  it("the lead-paint disclosure is required of a home built before 1978, or whose year is unknown", () => {
    const item = { required: true, requiredWhen: "built_before_1978" as const };
    expect(isRequiredFor(item, { yearBuilt: 1977 })).toBe(true);
    expect(isRequiredFor(item, { yearBuilt: null })).toBe(true);
    expect(isRequiredFor(item, { yearBuilt: 1978 })).toBe(false);
    expect(isRequiredFor({ required: true }, { yearBuilt: 2001 })).toBe(true);
  });
});

const sale = (homeValue = "450000", address = "3021 Upas St, San Diego, CA 92104") =>
  createTransaction(
    app.db,
    app.admin,
    { email: app.client.email, type: "selling", propertyAddress: address, homeValue },
    { notify: false },
  );

describe("a transaction's compensation", () => {
  it("a sale's signed listing agreement, else the tier table (estimated); a purchase's buyer agreement, else none", async () => {
    const t = sale();
    expect(compensationOf(app.db, t)).toEqual({ cents: 500_000, basis: "estimated", agreementId: null });
    // A voided agreement never counts; a signed one decides, whatever the tier says.
    const voided = insertSignedListingAgreement(app.db, t, { fields: { flatFee: "$9,000" } });
    app.db.update(agreements).set({ status: "voided" }).where(eq(agreements.id, voided)).run();
    expect(compensationOf(app.db, t)).toMatchObject({ basis: "estimated", cents: 500_000 });
    const signed = insertSignedListingAgreement(app.db, t, { fields: { flatFee: "$7,500" } });
    expect(compensationOf(app.db, t)).toEqual({ cents: 750_000, basis: "listing_agreement", agreementId: signed });
    const read = await answer(async () =>
      getTransactionApi(args(await get(`/api/transactions/${t.id}`, app.client), { id: String(t.id) })),
    );
    expect(read.data).toMatchObject({ compensation: { amount: 7500, basis: "listing_agreement" } });
    // What a client reads of their transaction never holds the commission's terms.
    expect(read.data).not.toHaveProperty("escrowEmail");
    expect(read.data).not.toHaveProperty("referralBroker");

    const purchase = createTransaction(
      app.db,
      app.admin,
      {
        email: app.client.email,
        type: "buying",
        propertyAddress: "12 Oak St, San Diego, CA 92104",
        homeValue: "800000",
      },
      { notify: false },
    );
    expect(compensationOf(app.db, purchase)).toEqual({ missing: "a signed buyer agreement (its compensation)" });
    insertSignedBuyerAgreement(app.db, purchase, { fields: { buyerBrokerCompensation: "2.5%" } });
    expect(compensationOf(app.db, purchase)).toMatchObject({ cents: 2_000_000, basis: "buyer_agreement" });
  });
});

async function complete(t: { id: number }, body: Record<string, unknown> = {}) {
  return answer(async () =>
    patchTransaction(
      args(
        await json("PATCH", `/api/transactions/${t.id}`, app.admin, {
          status: "completed",
          override: "Reviewed on paper",
          ...body,
        }),
        { id: String(t.id) },
      ),
    ),
  );
}

describe("the homes we sold", () => {
  it("a sale shows its agreement's fee and saving; a purchase only 'Bought', the month and the price, and adds no saving", async () => {
    const t = sale("450000");
    insertSignedListingAgreement(app.db, t, { fields: { flatFee: "$7,500" } });
    expect((await complete(t, { closingPrice: "450000" })).status).toBe(200);
    answerSoldConsent(app.db, app.client, t.id, { show: true, detail: "neighbourhood", photo: false });
    // 3 % of $450,000 is $13,500; the agreement's $7,500 was paid: $6,000 saved (the tier's $5,000 would say $8,500).
    const [card] = listSold(app.db, { page: 1 }).items;
    expect(card).toMatchObject({
      side: "selling",
      feeCents: 750_000,
      savedCents: 600_000,
      feeBasis: "listing_agreement",
    });
    expect(soldTotals(app.db)).toEqual({ count: 1, savedCents: 600_000 });

    const purchase = createTransaction(
      app.db,
      app.admin,
      {
        email: app.client.email,
        type: "buying",
        propertyAddress: "12 Oak St, San Diego, CA 92104",
        homeValue: "800000",
      },
      { notify: false },
    );
    expect((await complete(purchase, { closingPrice: "800000" })).status).toBe(200);
    answerSoldConsent(app.db, app.client, purchase.id, { show: true, detail: "address", photo: false });
    const bought = listSold(app.db, { page: 1 }).items.find((s) => s.id === purchase.id)!;
    expect(toSaleJson(bought)).toMatchObject({ side: "buying", price: 800000, fee: null, saved: null, feeBasis: null });
    // Counted among the homes, adding nothing to what our sellers saved.
    expect(soldTotals(app.db)).toEqual({ count: 2, savedCents: 600_000 });
  });

  it("a sale closed at 23:30 San Diego time on November 30 is November's", async () => {
    const t = sale();
    expect((await complete(t)).status).toBe(200);
    app.db.update(soldHomes).set({ closedAt: LAST_EVENING }).where(eq(soldHomes.transactionId, t.id)).run();
    answerSoldConsent(app.db, app.client, t.id, { show: true, detail: "neighbourhood", photo: false });
    const [card] = listSold(app.db, { page: 1 }).items;
    expect(card!.closedMonth).toBe("November 2026");
    expect(toSaleJson(card!).closedMonth).toBe("2026-11");
  });
});

describe("the Team page's rules", () => {
  const put = async (userId: string, by: User, duties: string[]) =>
    answer(async () =>
      putDuties(args(await json("PUT", `/api/team/${userId}/duties`, by, { duties }), { id: userId })),
    );

  it("an agent needs the license's expiry; the broker alone delegates, to a licensed admin; GET shows it all", async () => {
    const noExpiry = await answer(async () =>
      addTeam(
        args(
          await json("POST", "/api/team", app.admin, {
            email: "una@agency.test",
            firstName: "Una",
            lastName: "Agent",
            role: "agent",
            licenseNumber: "01234567",
          }),
        ),
      ),
    );
    expect(noExpiry.status).toBe(400);
    const ana = addAgent(app.db, app.admin);
    const kind = await answer(async () =>
      patchTeam(args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { licenseKind: "broker" }), { id: ana.id })),
    );
    expect(kind.data).toMatchObject({ licenseKind: "broker", isBroker: false, duties: [], mayActForBrokerage: true });

    const office = upsertUserFromClaims(app.db, { email: "ops@agency.test", firstName: "Olive" }, ["ops@agency.test"]);
    // Not the broker: 403. An agent: 409 (a delegate reviews every file). An admin without a license: 409 naming it.
    expect((await put(office.id, office, ["approveCda"])).status).toBe(403);
    expect((await put(ana.id, app.admin, ["approveCda"])).status).toBe(409);
    const unlicensed = await put(office.id, app.admin, ["approveCda"]);
    expect(unlicensed.status).toBe(409);
    expect((unlicensed.data as { message: string }).message).toContain("Olive has no DRE license number");
    app.db
      .update(users)
      .set({ licenseNumber: "02345678", licenseExpiresOn: currentLicenseExpiry() })
      .where(eq(users.id, office.id))
      .run();
    expect((await put(office.id, app.admin, ["approveCda", "countersign"])).data).toMatchObject({
      duties: ["countersign", "approveCda"],
    });
    const team = (await answer(async () => listTeamApi(args(await get("/api/team", app.admin))))).data as Array<{
      email: string;
      isBroker: boolean;
      duties: string[];
    }>;
    expect(team.find((p) => p.email === "boss@agency.test")).toMatchObject({
      isBroker: true,
      duties: ["countersign", "approveFiles", "approveCda"],
    });
    expect(team.find((p) => p.email === "ops@agency.test")).toMatchObject({ isBroker: false });
    // Revoked: the rest stays.
    expect((await put(office.id, app.admin, ["countersign"])).data).toMatchObject({ duties: ["countersign"] });
  });

  it("an agent with no expiry is not assigned (409 naming it); an expired one leaves /agents and cannot host", async () => {
    const ana = addAgent(app.db, app.admin);
    await answer(async () =>
      patchProfile(args(await json("PATCH", `/api/team/${ana.id}/profile`, ana, { title: "Agent" }), { id: ana.id })),
    );
    const t = sale();
    app.db.update(users).set({ licenseExpiresOn: null }).where(eq(users.id, ana.id)).run();
    const assign = await answer(async () =>
      patchTransaction(
        args(await json("PATCH", `/api/transactions/${t.id}`, app.admin, { assignedAgentId: ana.id }), {
          id: String(t.id),
        }),
      ),
    );
    expect(assign.status).toBe(409);
    expect((assign.data as { message: string }).message).toContain(
      "Ana Agent's DRE license #01234567 has no expiry date on the team page",
    );
    const agents = async () =>
      ((await answer(async () => agentsPage(args(await get("/agents"))))).data as { agents: Array<{ name: string }> })
        .agents;
    expect(await agents()).toEqual([]);
    app.db.update(users).set({ licenseExpiresOn: currentLicenseExpiry() }).where(eq(users.id, ana.id)).run();
    expect((await agents()).map((a) => a.name)).toEqual(["Ana Agent"]);
    app.db
      .update(users)
      .set({ licenseExpiresOn: addDaysTo(todayIn(new Date()), -1) })
      .where(eq(users.id, ana.id))
      .run();
    expect(await agents()).toEqual([]);
    // The sale's page live (its agreement in force, the MLS date reached, the seller's yes): open houses may be held.
    insertSignedListingAgreement(app.db, t);
    putHomeListing(app.db, app.admin, t.id, { mlsEnteredOn: addDaysTo(todayIn(new Date()), -3) });
    putHomeListing(app.db, app.client, t.id, { published: true });
    const start = new Date(Date.now() + 3 * 24 * 3600_000);
    expect(() =>
      scheduleOpenHouse(app.db, app.admin, t.id, {
        start: `${todayIn(start)}T13:00`,
        end: `${todayIn(start)}T15:00`,
        hostId: ana.id,
      }),
    ).toThrow(/Ana Agent's DRE license #01234567 expired on .*: they cannot host an open house/);
  });

  it("the broker's seat, a file's approval: 403 naming the duty to an admin the broker did not name", async () => {
    const office = upsertUserFromClaims(app.db, { email: "ops@agency.test", firstName: "Olive" }, ["ops@agency.test"]);
    const t = sale();
    const id = app.db
      .insert(agreements)
      .values({
        transactionId: t.id,
        clientId: app.client.id,
        kind: "listing",
        title: "Listing agreement",
        fields: {},
        status: "sent",
        sentAt: new Date(),
        unsignedKey: "agreements/x",
        unsignedSha256: "0".repeat(64),
      })
      .returning()
      .get().id;
    app.db
      .insert(agreementSigners)
      .values([
        {
          agreementId: id,
          position: 0,
          role: "client",
          name: "Robin Seller",
          email: app.client.email,
          signedAt: new Date(),
        },
        { agreementId: id, position: 1, role: "agent", name: "", email: "hello@agency.test", forBroker: true },
      ])
      .run();
    expect(() => signerFor(app.db, { actor: office }, id, new Date())).toThrow(ForbiddenError);
    expect(() => signerFor(app.db, { actor: office }, id, new Date())).toThrow(/countersign for the brokerage/);
    expect(waitingForStaff(app.db, office)).toEqual([]);
    expect(waitingForStaff(app.db, app.admin).map((r) => r.id)).toEqual([id]);

    const item = getChecklist(app.db, app.admin, t.id).items[0]!;
    const [documentId] = insertDocuments(
      app.db,
      { transactionId: t.id, uploadedBy: app.admin.id, role: "admin" },
      [{ key: "documents/x", name: "AD.pdf", contentType: "application/pdf", size: 1, sha256: "a".repeat(64) }],
      new Date(),
    );
    checklistEvent(app.db, app.admin, item.id, { type: "attach", documentId });
    checklistEvent(app.db, app.admin, item.id, { type: "ready" });
    expect(() => checklistEvent(app.db, office, item.id, { type: "approve" })).toThrow(/approve or return file items/);

    delegate(app.db, office, ["countersign", "approveFiles"]);
    expect(signerFor(app.db, { actor: office }, id, new Date()).signer.forBroker).toBe(true);
    expect(waitingForStaff(app.db, office).map((r) => r.id)).toEqual([id]);
    expect(checklistEvent(app.db, office, item.id, { type: "approve" }).state).toBe("approved");
  });

  it("a PATCH that assigns and completes an incomplete file changes nothing when refused", async () => {
    const ana = addAgent(app.db, app.admin);
    const t = sale();
    const refused = await answer(async () =>
      patchTransaction(
        args(
          await json("PATCH", `/api/transactions/${t.id}`, app.admin, { assignedAgentId: ana.id, status: "completed" }),
          { id: String(t.id) },
        ),
      ),
    );
    expect(refused.status).toBe(409);
    const row = app.db.select().from(transactions).where(eq(transactions.id, t.id)).get()!;
    expect(row).toMatchObject({ assignedAgentId: null, status: "active" });
  });
});
