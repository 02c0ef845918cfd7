/**
 * What the public sees, and when (issue 54; docs/listings.md, docs/proof.md): the listing's state by one rule (every
 * combination of its inputs), kept in the same database transaction as each change and by the day job with its own
 * clock (an MLS date of tomorrow goes live tomorrow, the seller and the agent told; an ended agreement takes the page
 * and its open houses down, the host and the seller told); open houses only for a live listing; reading never writes;
 * the sitemap follows its pages' scopes; fair housing read as a person reads it; the door's visitors told, two people
 * who share a phone kept apart, "similar homes" a campaign of its own; the view hashes gone once counted.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  checklistItems,
  contactSubmissions,
  homeListings,
  leadEngagement,
  leadNurturingCampaigns,
  listingViews,
  openHouses,
  pageScopes,
  type User,
} from "~/db/schema";
import { fairHousingFlags } from "~/lib/fair-housing";
import { visitorSchema } from "~/lib/home-listing-schema";
import { listingState, type ListingInputs } from "~/lib/listing-state";
import { addDaysTo, instantAt, todayIn } from "~/lib/plain-date";
import { sendDueDrip } from "~/models/drips.server";
import { getHomeListing, purgeCountedViews, putHomeListing, recordView } from "~/models/home-listing.server";
import { listingDayJob } from "~/models/listing-state.server";
import { scheduleOpenHouse, signInVisitor } from "~/models/open-house.server";
import { assignTransaction } from "~/models/team.server";
import { createTransaction } from "~/models/transaction.server";
import { loader as homePage } from "~/routes/homes.$slug";
import { loader as sitemap } from "~/routes/sitemap[.]xml";
import { insertSignedListingAgreement } from "../signed-agreement";
import { addAgent, outboxWithContent, useAppDb } from "./db";
import { answer, args, get } from "./request";

const app = useAppDb();

describe("a listing's state, one rule", () => {
  it("live only with the yes, an agreement in force, the MLS date reached and the sale active; sold only with the sale's yes", () => {
    const today = "2026-11-30";
    const flags = [true, false];
    for (const sellerYes of flags)
      for (const agreementInForce of flags)
        for (const mls of [null, "2026-11-29", "2026-11-30", "2026-12-01"])
          for (const status of ["active", "completed", "cancelled"] as const)
            for (const wasLive of flags)
              for (const soldShown of flags) {
                const inputs: ListingInputs = {
                  sellerYes,
                  agreementInForce,
                  mlsEnteredOn: mls,
                  status,
                  wasLive,
                  soldShown,
                  today,
                };
                const expected =
                  status === "completed"
                    ? wasLive && soldShown
                      ? "sold"
                      : "hidden"
                    : status === "active" && sellerYes && agreementInForce && mls !== null && mls <= today
                      ? "live"
                      : "hidden";
                expect(listingState(inputs), JSON.stringify(inputs)).toBe(expected);
              }
  });
});

/** A sale of the client's, its listing agreement signed (from a month ago to `endsOn`), assigned to `agent`. */
function sale(agent: User, address = "3021 Upas St, San Diego, CA 92104", endsOn?: string) {
  const t = createTransaction(
    app.db,
    app.admin,
    { email: app.client.email, type: "selling", propertyAddress: address, homeValue: "850000" },
    { notify: false },
  );
  insertSignedListingAgreement(app.db, t, { endsOn, fields: { flatFee: "$10,000" } });
  assignTransaction(app.db, app.admin, t.id, { assignedAgentId: agent.id, collaboratorIds: [] });
  return t;
}

const row = (id: number) => app.db.select().from(homeListings).where(eq(homeListings.transactionId, id)).get()!;
const status = async (slug: string) =>
  (await answer(async () => homePage(args(await get(`/homes/${slug}`), { slug })))).status;

describe("when a listing goes public, and leaves", () => {
  it("an MLS date of tomorrow: 404 today; live at 23:30 tomorrow by the day job, the seller and the agent told", async () => {
    const ana = addAgent(app.db, app.admin);
    const t = sale(ana);
    // 23:30 San Diego time on November 30 (already December 1 in UTC); the MLS date is December 1.
    const evening = instantAt("2026-11-30", 23);
    const lastEvening = new Date(evening.getTime() + 30 * 60_000);
    putHomeListing(app.db, ana, t.id, { mlsEnteredOn: "2026-12-01", price: 849000 }, lastEvening);
    putHomeListing(app.db, app.client, t.id, { published: true }, lastEvening);
    expect(row(t.id)).toMatchObject({ state: "hidden", publishedAt: null });
    expect(getHomeListing(app.db, ana, t.id, lastEvening).notLive).toBe(
      "It goes live on the MLS date, December 1, 2026",
    );
    expect(listingDayJob(app.db, lastEvening)).toBe(0);
    expect(await status("3021-upas-st-92104")).toBe(404);
    // Half an hour later it is December 1 in San Diego: the day job makes it live, with its first price.
    const midnight = new Date(lastEvening.getTime() + 60 * 60_000);
    expect(listingDayJob(app.db, midnight)).toBe(1);
    expect(row(t.id)).toMatchObject({ state: "live", publishedAt: midnight });
    expect(await status("3021-upas-st-92104")).toBe(200);
    const told = outboxWithContent(app.db).filter((m) => m.subject.startsWith("Live on our site"));
    expect(told.map((m) => m.toAddress).sort()).toEqual(["ana@agency.test", app.client.email]);
    // The job again the same day changes nothing and tells nobody again.
    expect(listingDayJob(app.db, new Date(midnight.getTime() + 3600_000))).toBe(0);
  });

  it("open houses only for a live listing; an ended agreement takes the page and its open houses down", async () => {
    const ana = addAgent(app.db, app.admin);
    const today = todayIn(new Date());
    // The agreement ends in two days; the open house is in five.
    const t = sale(ana, "77 Bay Rd, San Diego, CA 92106", addDaysTo(today, 2));
    const day = addDaysTo(today, 5);
    const schedule = () =>
      scheduleOpenHouse(app.db, ana, t.id, { start: `${day}T13:00`, end: `${day}T15:00`, hostId: ana.id });
    putHomeListing(app.db, ana, t.id, { mlsEnteredOn: addDaysTo(today, 1) });
    putHomeListing(app.db, app.client, t.id, { published: true });
    expect(schedule).toThrow(/An open house is for a listing live on our site: It goes live on the MLS date/);
    putHomeListing(app.db, ana, t.id, { mlsEnteredOn: addDaysTo(today, -1) });
    expect(row(t.id).state).toBe("live");
    const made = schedule();
    // The agreement's end passes: the day job takes the page down and cancels what was to come.
    const after = instantAt(addDaysTo(today, 3), 9);
    expect(listingDayJob(app.db, after)).toBe(1);
    expect(row(t.id).state).toBe("hidden");
    expect(app.db.select().from(openHouses).where(eq(openHouses.id, made.id)).get()!.cancelledAt).not.toBeNull();
    const cancelled = outboxWithContent(app.db).filter((m) => m.subject.startsWith("Open houses cancelled"));
    expect(cancelled.map((m) => m.toAddress)).toContain(app.client.email);
    expect(cancelled[0]!.textBody).toContain("the listing agreement ended");
  });

  it("reading never writes: a sale's listing row and a file's items are made when it opens", async () => {
    const ana = addAgent(app.db, app.admin);
    const t = sale(ana);
    expect(row(t.id)).toMatchObject({ state: "hidden", slug: "3021-upas-st-92104" });
    expect(app.db.select().from(checklistItems).where(eq(checklistItems.transactionId, t.id)).all().length).toBe(15);
    const scopes = () => app.db.select().from(pageScopes).all();
    const before = JSON.stringify(scopes());
    getHomeListing(app.db, ana, t.id);
    expect(JSON.stringify(scopes())).toBe(before);
    // Accents folded in its slug.
    const other = sale(ana, "12 Peñasquitos Dr, San Diego, CA 92129");
    expect(row(other.id).slug).toBe("12-penasquitos-dr-92129");
  });

  it("the sitemap names the scopes of the pages it lists: a listing shown is in it at once", async () => {
    const ana = addAgent(app.db, app.admin);
    const t = sale(ana);
    const first = await answer(async () => sitemap());
    const scope = first.headers.get("x-page-scope")!;
    expect(scope).toMatch(/^homes@\d+,agents@\d+$/);
    putHomeListing(app.db, ana, t.id, { mlsEnteredOn: addDaysTo(todayIn(new Date()), -1) });
    putHomeListing(app.db, app.client, t.id, { published: true });
    const second = await answer(async () => sitemap());
    expect(second.headers.get("x-page-scope")).not.toBe(scope);
    expect(second.data as string).toContain("/homes/3021-upas-st-92104");
  });
});

describe("fair housing, read as a person reads it", () => {
  it("finds a flagged phrase however it is spelled; describing the home passes; housing for older persons may say its age", () => {
    const spellings = [
      "Perfect for young fam\u200Bilies",
      "Perfect for young fam\u200Dilies",
      "Perfect for young fam\u2060ilies",
      "Perfect for young fam\u00ADilies",
      "Perfect for young\u00A0families",
      "Perfect for  young families",
      "Perfect for\nyoung families",
      "Perfect for y\u043Eung families",
      "Perfect f\u03BFr young families",
      "Ｐｅｒｆｅｃｔ ｆｏｒ ｙｏｕｎｇ ｆａｍｉｌｉｅｓ",
      "ideal for young-professionals",
      "young\u2011professionals",
      "no\u00A0children",
      "adults\u200B only",
      "kid-free building",
      "empty\nnesters",
      "able-bodied",
      "no wheel\u00ADchairs",
      "family-friendly",
      "must climb stairs",
    ];
    for (const text of spellings) expect(fairHousingFlags(text), text).not.toEqual([]);
    for (const text of ["Great for family gatherings", "An exclusive community pool", "A bachelor pad downtown"]) {
      expect(fairHousingFlags(text), text).toEqual([]);
    }
    expect(fairHousingFlags("Perfect for retirees in a 55+ community", { olderPersons: true })).toEqual([]);
    expect(fairHousingFlags("Perfect for retirees")).not.toEqual([]);
  });
});

describe("the door and what follows it", () => {
  async function liveOpenHouse() {
    const ana = addAgent(app.db, app.admin);
    const t = sale(ana, "77 Bay Rd, San Diego, CA 92106");
    putHomeListing(app.db, ana, t.id, { mlsEnteredOn: addDaysTo(todayIn(new Date()), -1), price: 1_200_000 });
    putHomeListing(app.db, app.client, t.id, { published: true });
    const day = addDaysTo(todayIn(new Date()), 2);
    const o = scheduleOpenHouse(app.db, ana, t.id, { start: `${day}T13:00`, end: `${day}T15:00`, hostId: ana.id });
    return { ana, t, o, at: new Date(o.startsAt.getTime() + 10 * 60_000) };
  }

  it("two visitors who share a phone but give different e-mails are two people", async () => {
    const { o, at } = await liveOpenHouse();
    const door = (body: Record<string, unknown>) => signInVisitor(app.db, o.token, visitorSchema.parse(body), at);
    door({ name: "Dana Lee", email: "dana@example.com", phone: "619-555-0100", hasAgent: "no" });
    door({ name: "Lee Dana", email: "lee@example.com", phone: "619-555-0100", hasAgent: "no" });
    door({ name: "Pat Phone", phone: "619-555-0199", hasAgent: "no" });
    door({ name: "Pat Phone", phone: "619-555-0199", hasAgent: "no" });
    const leads = app.db.select().from(contactSubmissions).where(eq(contactSubmissions.source, "open house")).all();
    expect(leads.map((l) => l.email).sort()).toEqual(["", "dana@example.com", "lee@example.com"]);
  });

  it('"send me similar homes" joins the listing\'s own campaign: a weekly e-mail of our new listings like it', async () => {
    const { ana, o, at } = await liveOpenHouse();
    signInVisitor(
      app.db,
      o.token,
      visitorSchema.parse({ name: "Dana Lee", email: "dana@example.com", hasAgent: "no", wantsSimilar: "on" }),
      at,
    );
    const campaign = app.db
      .select()
      .from(leadNurturingCampaigns)
      .where(eq(leadNurturingCampaigns.type, "similar_homes"))
      .get()!;
    expect(campaign).toMatchObject({ name: "Homes like 77 Bay Rd" });
    const engagement = app.db.select().from(leadEngagement).where(eq(leadEngagement.campaignId, campaign.id)).get()!;
    // Not the consultation campaign: no welcome, no consultation e-mails.
    expect(app.db.select().from(leadEngagement).all()).toHaveLength(1);
    // A week later with nothing new: nothing sent, due again the next week.
    const week = new Date(at.getTime() + 7 * 86_400_000);
    expect(app.db.transaction((tx) => sendDueDrip(tx, engagement.id, week))).toBe(false);
    // A new listing of ours in the ZIP code, in the price range, goes live: next week's e-mail names it.
    const other = sale(ana, "80 Bay Rd, San Diego, CA 92106");
    putHomeListing(app.db, ana, other.id, { mlsEnteredOn: todayIn(week), price: 1_150_000 }, week);
    putHomeListing(app.db, app.client, other.id, { published: true }, week);
    const next = new Date(week.getTime() + 7 * 86_400_000 + 60_000);
    expect(app.db.transaction((tx) => sendDueDrip(tx, engagement.id, next))).toBe(true);
    const mail = outboxWithContent(app.db).find((m) => m.subject.startsWith("Homes like 77 Bay Rd"))!;
    expect(mail.subject).toBe("Homes like 77 Bay Rd: 1 new listing");
    expect(mail.textBody).toContain("80 Bay Rd");
    expect(mail.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  it("the view counter keeps each day's count, and deletes the day's hashes once it is counted", () => {
    const ana = addAgent(app.db, app.admin);
    const t = sale(ana);
    const yesterday = new Date(Date.now() - 86_400_000);
    recordView(app.db, t.id, "203.0.113.5", "Mozilla/5.0", yesterday);
    recordView(app.db, t.id, "203.0.113.6", "Mozilla/5.0");
    expect(purgeCountedViews(app.db)).toBe(1);
    expect(app.db.select().from(listingViews).all()).toHaveLength(1);
  });
});
