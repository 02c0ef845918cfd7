/**
 * Our listings and open houses (issue 47, docs/listings.md), through the API and the public routes: the page is shown
 * only with the seller's yes and the MLS date (Clear Cooperation), a flagged phrase needs a reason, /homes and the
 * API list and filter, the page carries RealEstateListing JSON-LD and sends an inquiry to the listing agent with the
 * home named, an open house's door signs visitors in (a lead for the host without an agent, one lead for a repeat
 * visitor, none with an agent), the seller sees counts without names, the flyer is a PDF, and others get 404.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { action as uploadPhotos } from "~/routes/api.transactions.$id.photos";
import { action as photoApi } from "~/routes/api.photos.$id";
import { loader as imageFile } from "~/routes/images.$file";
import { action as profileApi } from "~/routes/api.team.$id.profile";
import { auditEvents, contactSubmissions, homeListings, leadEvents, showingSettings, type User } from "~/db/schema";
import { fairHousingFlags } from "~/lib/fair-housing";
import { visitorSchema } from "~/lib/home-listing-schema";
import { addDaysTo, todayIn } from "~/lib/plain-date";
import { recordView, listingStats } from "~/models/home-listing.server";
import { listingSlug } from "~/lib/listing-slug";
import { signInVisitor } from "~/models/open-house.server";
import { calendarToken, feedOf } from "~/models/calendar.server";
import { assignTransaction } from "~/models/team.server";
import { createTransaction } from "~/models/transaction.server";
import { loader as homesApi } from "~/routes/api.homes";
import { loader as homeApi } from "~/routes/api.homes.$slug";
import { action as putListing, loader as getListing } from "~/routes/api.transactions.$id.listing";
import { action as addOpenHouse, loader as openHousesApi } from "~/routes/api.transactions.$id.open-houses";
import { action as visitorsApi } from "~/routes/api.open-houses.$token.visitors";
import { action as homeAction, loader as homePage } from "~/routes/homes.$slug";
import { loader as homesPage } from "~/routes/homes._index";
import { loader as flyer } from "~/routes/homes.$slug_.flyer[.]pdf";
import { loader as openHousesPage } from "~/routes/open-houses";
import { loader as sitemap } from "~/routes/sitemap[.]xml";
import { addAgent, outboxWithContent, useAppDb } from "./db";
import { insertSignedListingAgreement } from "../signed-agreement";
import { agentProfiles } from "~/db/schema";
import { ForbiddenError, NotFoundError } from "~/lib/errors";
import { formatMonthIn } from "~/lib/plain-date";
import { decideException, waitingExceptions } from "~/models/fair-housing-review.server";
import { answerSoldConsent } from "~/models/sold-home.server";
import { action as patchTransaction } from "~/routes/api.transactions.$id._index";
import { sendWeeklySummaries } from "~/models/showing-feedback.server";
import { DEFAULT_RULES } from "~/lib/showing-slots";
import { planAdminPages, type AdminPage } from "../../scripts/query-plans";
import { isPrivatePath, isPublicPath, robotsDisallowed } from "~/lib/route-access";
import { answer, args, formPost, get, ORIGIN, sessionCookie } from "./request";

const app = useAppDb();

async function json(method: string, p: string, user: Pick<User, "id"> | null, body?: unknown) {
  const headers = new Headers({ origin: ORIGIN, "content-type": "application/json" });
  if (user) headers.set("cookie", await sessionCookie(user));
  return new Request(`${ORIGIN}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** A sale of the client's with its listing agreement in force (signed a month ago, for six months), assigned. */
function sale(agent: User, address = "1234 Elm St, San Diego, CA 92104") {
  const t = createTransaction(
    app.db,
    app.admin,
    { email: app.client.email, type: "selling", propertyAddress: address, homeValue: "850000" },
    { notify: false },
  );
  insertSignedListingAgreement(app.db, t, { fields: { flatFee: "$10,000" } });
  assignTransaction(app.db, app.admin, t.id, { assignedAgentId: agent.id, collaboratorIds: [] });
  return t;
}

/** A week ago, San Diego's day: an MLS date already reached. */
const lastWeek = () => addDaysTo(todayIn(new Date()), -7);

const put = async (id: number, user: User | null, body: unknown) =>
  answer(async () =>
    putListing(args(await json("PUT", `/api/transactions/${id}/listing`, user, body), { id: String(id) })),
  );

describe("fair housing in the words", () => {
  it("names each phrase and why; describing the property passes", () => {
    const flags = fairHousingFlags(
      "Perfect for young families, no children under the loft. Walking distance to the church!",
    );
    expect(flags.map((f) => f.phrase)).toEqual([
      "Perfect for young families",
      "no children",
      "Walking distance to the church",
    ]);
    expect(flags[0]!.reason).toContain("familial status");
    expect(fairHousingFlags("Three bedrooms near two parks; near St. Mark's; a family room.")).toEqual([]);
    expect(fairHousingFlags("An exclusive neighborhood, ideal for singles")).toHaveLength(2);
  });

  it("checks an agent's bio when saved: refused naming the phrase; with a reason it waits for the broker, who approves it", async () => {
    const ana = addAgent(app.db, app.admin);
    const save = async (body: unknown) =>
      answer(async () =>
        profileApi(args(await json("PATCH", `/api/team/${ana.id}/profile`, ana, body), { id: ana.id })),
      );
    const refused = await save({ bio: "I help young professionals find their first condo." });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("young professionals");
    expect((await save({ bio: "I help first-time buyers find their first condo." })).status).toBe(200);
    // With a reason, an agent's exception waits for the broker: the earlier bio stays.
    const waiting = await save({ bio: "Young professionals welcome", fairHousingReason: "A quote from a review" });
    expect(waiting.status).toBe(200);
    expect(waiting.data).toMatchObject({ bio: "I help first-time buyers find their first condo." });
    const [exception] = waitingExceptions(app.db, app.admin);
    expect(exception).toMatchObject({ subjectType: "bio", text: "Young professionals welcome", by: "Ana Agent" });
    // Her own bio's exception: hers, but the broker's to decide (403); another agent is told it is not found.
    expect(() => decideException(app.db, ana, exception!.id, { decision: "approve" })).toThrow(ForbiddenError);
    const bo = addAgent(app.db, app.admin, "Bo", "07654321");
    expect(() => decideException(app.db, bo, exception!.id, { decision: "approve" })).toThrow(NotFoundError);
    decideException(app.db, app.admin, exception!.id, { decision: "approve" });
    expect(app.db.select().from(agentProfiles).where(eq(agentProfiles.userId, ana.id)).get()!.bio).toBe(
      "Young professionals welcome",
    );
    expect(app.db.select().from(auditEvents).where(eq(auditEvents.action, "fair_housing.approve")).all()).toHaveLength(
      1,
    );
    // The broker's own exception saves at once, audited.
    const own = await answer(async () =>
      profileApi(
        args(
          await json("PATCH", `/api/team/${ana.id}/profile`, app.admin, {
            bio: "Perfect for young families",
            fairHousingReason: "The seller's words",
          }),
          { id: ana.id },
        ),
      ),
    );
    expect(own.data).toMatchObject({ bio: "Perfect for young families" });
    expect(
      app.db.select().from(auditEvents).where(eq(auditEvents.action, "profile.fair_housing_override")).all(),
    ).toHaveLength(1);
  });
});

describe("a listing's page", () => {
  it("is shown with the seller's yes and the MLS date, listed, filtered, marked up, and sends inquiries to its agent", async () => {
    const ana = addAgent(app.db, app.admin);
    const t = sale(ana);
    expect(listingSlug("1234 Elm St, San Diego, CA 92104", t.id)).toBe("1234-elm-st-92104");

    // Staff write the facts; a flagged phrase is refused with each phrase named, then saved with a reason.
    const facts = { mlsEnteredOn: lastWeek(), price: 849000, beds: 3, baths: 2.5, squareFeet: 1650, yearBuilt: 1962 };
    const flagged = await put(t.id, ana, { ...facts, description: "Perfect for young families." });
    expect(flagged.status).toBe(400);
    expect(JSON.stringify(flagged.data)).toContain("Perfect for young families");
    // With a reason, the agent's text waits for the broker (nothing public changes); the broker returns it.
    const reasoned = await put(t.id, ana, {
      description: "Perfect for young families.",
      fairHousingReason: "Quoted from the seller; to be reworded",
    });
    expect(reasoned.data).toMatchObject({
      warnings: [{ phrase: "Perfect for young families" }],
      pending: true,
      description: null,
    });
    const [exception] = waitingExceptions(app.db, app.admin);
    expect(exception).toMatchObject({ subjectType: "listing", reason: "Quoted from the seller; to be reworded" });
    expect(() => decideException(app.db, app.admin, exception!.id, { decision: "return" })).toThrow(
      "Write what needs changing",
    );
    decideException(app.db, app.admin, exception!.id, { decision: "return", comment: "Describe the rooms instead" });
    expect(outboxWithContent(app.db).some((m) => m.subject === "Your fair-housing exception is returned")).toBe(true);
    expect(app.db.select().from(homeListings).where(eq(homeListings.transactionId, t.id)).get()!.description).toBe(
      null,
    );
    const saved = await put(t.id, ana, { ...facts, description: "Three bedrooms near two parks." });
    expect(saved.data).toMatchObject({ slug: "1234-elm-st-92104", published: false, live: false, warnings: [] });

    // Not shown yet: the page, the API and the flyer 404, for a stranger and for another client.
    const stranger = await answer(async () =>
      homePage(args(await get("/homes/1234-elm-st-92104"), { slug: "1234-elm-st-92104" })),
    );
    expect(stranger.status).toBe(404);
    expect(
      (
        await answer(async () =>
          homeApi(args(await get("/api/homes/1234-elm-st-92104"), { slug: "1234-elm-st-92104" })),
        )
      ).status,
    ).toBe(404);
    const other = addAgent(app.db, app.admin, "Bo", "07654321");
    expect(
      (
        await answer(async () =>
          getListing(args(await get(`/api/transactions/${t.id}/listing`, other), { id: String(t.id) })),
        )
      ).status,
    ).toBe(404);

    // Only the seller says yes; they may send nothing else; staff cannot say it for them.
    expect((await put(t.id, ana, { published: true })).status).toBe(403);
    expect((await put(t.id, app.client, { price: 900000 })).status).toBe(403);
    const yes = await put(t.id, app.client, { published: true });
    expect(yes.data).toMatchObject({ published: true, live: true });

    // The list, its filters and the API.
    const list = async (q: string) =>
      (await answer(async () => homesApi(args(await get(`/api/homes?${q}`))))).data as { total: number };
    expect(await list("")).toMatchObject({ total: 1 });
    expect(await list("zip=92104&minPrice=800000&maxPrice=900000&beds=3")).toMatchObject({ total: 1 });
    expect(await list("beds=4")).toMatchObject({ total: 0 });
    expect(await list("zip=92101")).toMatchObject({ total: 0 });
    const pageList = (await answer(async () => homesPage(args(await get("/homes"))))).data as {
      items: Array<{ slug: string }>;
    };
    expect(pageList.items.map((i) => i.slug)).toEqual(["1234-elm-st-92104"]);
    const map = (await answer(async () => sitemap())).data as string;
    expect(map).toContain("/homes/1234-elm-st-92104");

    // The page: its JSON-LD and a price change kept with its day.
    await put(t.id, ana, { price: 829000 });
    const page = await answer(async () =>
      homePage(args(await get("/homes/1234-elm-st-92104"), { slug: "1234-elm-st-92104" })),
    );
    expect(page.status).toBe(200);
    const body = page.data as { jsonLd: Record<string, unknown>; prices: unknown[]; price: number };
    expect(body.price).toBe(829000);
    expect(body.prices).toHaveLength(2);
    expect(body.jsonLd).toMatchObject({
      "@type": "RealEstateListing",
      about: { "@type": "SingleFamilyResidence", numberOfBedrooms: 3 },
      offers: { "@type": "Offer", price: 829000, priceCurrency: "USD" },
    });

    // An inquiry: a lead assigned to the listing's agent, the home named.
    const sent = await answer(async () =>
      homeAction(
        args(
          await formPost("/homes/1234-elm-st-92104", {
            firstName: "Lee",
            lastName: "Buyer",
            email: "lee@example.com",
            phone: "619-555-0101",
            message: "Is the garage finished?",
          }),
          { slug: "1234-elm-st-92104" },
        ),
      ),
    );
    expect(sent.status).toBe(302);
    const lead = app.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, "lee@example.com")).get()!;
    expect(lead).toMatchObject({ assignedAgentId: ana.id, homeTransactionId: t.id, source: "inquiry" });
    expect(lead.message).toBe("About 1234 Elm St, San Diego, CA 92104: Is the garage finished?");

    // Views: one per visitor and day, none for a bot; the seller reads them with the inquiries.
    recordView(app.db, t.id, "203.0.113.5", "Mozilla/5.0 (iPhone)");
    recordView(app.db, t.id, "203.0.113.5", "Mozilla/5.0 (iPhone)");
    recordView(app.db, t.id, "203.0.113.6", "Googlebot/2.1");
    expect(listingStats(app.db, t.id)).toEqual({
      viewsWeek: 1,
      viewsTotal: 1,
      inquiries: 1,
      showings: 0,
      signIns: 0,
      visitors: 0,
    });

    // The flyer: a PDF with the price.
    const pdf = await flyer(args(await get("/homes/1234-elm-st-92104/flyer.pdf"), { slug: "1234-elm-st-92104" }));
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const dir = mkdtempSync(path.join(tmpdir(), "flyer-"));
    writeFileSync(path.join(dir, "f.pdf"), Buffer.from(await pdf.arrayBuffer()));
    expect(execFileSync("pdftotext", [path.join(dir, "f.pdf"), "-"]).toString()).toContain("$829,000");

    // Completed: gone from /homes; the sold page shows only with the seller's yes to show the sale, in its month.
    const closed = await answer(async () =>
      patchTransaction(
        args(
          await json("PATCH", `/api/transactions/${t.id}`, app.admin, { status: "completed", override: "On paper" }),
          { id: String(t.id) },
        ),
      ),
    );
    expect(closed.status).toBe(200);
    const status = async () =>
      (await answer(async () => homePage(args(await get("/homes/1234-elm-st-92104"), { slug: "1234-elm-st-92104" }))))
        .status;
    expect(await status()).toBe(404);
    expect(await list("")).toMatchObject({ total: 0 });
    answerSoldConsent(app.db, app.client, t.id, { show: true, detail: "address", photo: true });
    const row = app.db.select().from(homeListings).where(eq(homeListings.transactionId, t.id)).get()!;
    expect(row).toMatchObject({ state: "sold", soldOn: todayIn(new Date()) });
    const soldPage = (
      await answer(async () => homePage(args(await get("/homes/1234-elm-st-92104"), { slug: "1234-elm-st-92104" })))
    ).data as { sold: boolean; soldMonth: string };
    expect(soldPage).toMatchObject({ sold: true, soldMonth: formatMonthIn(new Date()) });
    // The yes taken back: the page and its flyer 404 at once.
    answerSoldConsent(app.db, app.client, t.id, { show: false, detail: "address", photo: false });
    expect(await status()).toBe(404);
    const gone = await answer(async () =>
      flyer(args(await get("/homes/1234-elm-st-92104/flyer.pdf"), { slug: "1234-elm-st-92104" })),
    );
    expect(gone.status).toBe(404);
  });
});

describe("open houses", () => {
  it("three visitors at the door: two leads for the host, the seller sees three without names", async () => {
    const ana = addAgent(app.db, app.admin);
    const host = addAgent(app.db, app.admin, "Hal", "07777777");
    const t = sale(ana, "77 Bay Rd, San Diego, CA 92106");
    await put(t.id, ana, { mlsEnteredOn: lastWeek(), price: 1200000 });
    await put(t.id, app.client, { published: true });
    // Next week's Saturday, 1 to 3 pm in San Diego (the form's wall-clock times).
    const day = addDaysTo(todayIn(new Date()), 7);
    const schedule = async (user: User | null, body: unknown) =>
      answer(async () =>
        addOpenHouse(
          args(await json("POST", `/api/transactions/${t.id}/open-houses`, user, body), { id: String(t.id) }),
        ),
      );
    const when = { start: `${day}T13:00`, end: `${day}T15:00` };
    expect((await schedule(host, { ...when, hostId: host.id })).status).toBe(404);
    expect((await schedule(ana, { start: when.end, end: when.start, hostId: host.id })).status).toBe(400);
    const made = await schedule(ana, { ...when, hostId: host.id });
    expect(made.status).toBe(201);
    const token = (made.data as { signInPath: string }).signInPath.split("/").pop()!;
    const startsAt = new Date((made.data as { start: string }).start);

    // The public sees it on /open-houses and the page.
    const ahead = (await answer(async () => openHousesPage(args(await get("/open-houses"))))).data as {
      days: Array<{ items: Array<{ slug: string }> }>;
    };
    expect(ahead.days.flatMap((d) => d.items.map((i) => i.slug))).toEqual(["77-bay-rd-92106"]);

    // The door opens an hour before: today its token is 404, like a wrong one.
    const visit = async (body: unknown, tok = token) =>
      answer(async () =>
        visitorsApi(args(await json("POST", `/api/open-houses/${tok}/visitors`, null, body), { token: tok })),
      );
    expect((await visit({ name: "Early", email: "e@example.com", hasAgent: false })).status).toBe(404);
    expect((await visit({ name: "X", email: "x@example.com", hasAgent: false }, "A".repeat(24))).status).toBe(404);
    expect(visitorSchema.safeParse({ name: "No Contact", hasAgent: false }).success).toBe(false);
    // At the door (its time given to the model).
    const at = new Date(startsAt.getTime() + 10 * 60_000);
    const door = (body: Record<string, unknown>) => signInVisitor(app.db, token, visitorSchema.parse(body), at);
    door({ name: "Dana Lee", email: "dana@example.com", hasAgent: "no", wantsSimilar: "on" });
    door({ name: "Sam Park", phone: "619-555-0199", hasAgent: "no" });
    door({ name: "Kim Ray", email: "kim@example.com", hasAgent: "yes", agentName: "Pat of Harbor Realty" });
    // Dana again: one lead, a new event.
    door({ name: "Dana Lee", email: "dana@example.com", hasAgent: "no" });
    expect(() =>
      signInVisitor(
        app.db,
        token,
        visitorSchema.parse({ name: "Late", email: "l2@example.com", hasAgent: "no" }),
        new Date(startsAt.getTime() + 4 * 3600_000),
      ),
    ).toThrow("Open house not found");

    const leads = app.db.select().from(contactSubmissions).where(eq(contactSubmissions.source, "open house")).all();
    expect(leads.map((l) => [l.email, l.assignedAgentId])).toEqual([
      ["dana@example.com", host.id],
      ["", host.id],
    ]);
    expect(leads[0]!.message).toContain("About 77 Bay Rd");
    expect(app.db.select().from(leadEvents).where(eq(leadEvents.type, "open_house_visit")).all()).toHaveLength(1);

    // The seller: counts, no names; staff: the names; another client: 404.
    const asSeller = (
      await answer(async () =>
        openHousesApi(args(await get(`/api/transactions/${t.id}/open-houses`, app.client), { id: String(t.id) })),
      )
    ).data as Array<{ visitors: number; withAgent: number; names: unknown[]; signInPath: unknown }>;
    expect(asSeller[0]).toMatchObject({ visitors: 4, withAgent: 1, names: [], signInPath: null });
    const asStaff = (
      await answer(async () =>
        openHousesApi(args(await get(`/api/transactions/${t.id}/open-houses`, ana), { id: String(t.id) })),
      )
    ).data as Array<{ names: Array<{ name: string }> }>;
    expect(asStaff[0]!.names.map((n) => n.name)).toContain("Kim Ray");
    // The seller's weekly summary counts them (no names).
    app.db
      .insert(showingSettings)
      .values({
        transactionId: t.id,
        token: "w".repeat(32),
        rules: DEFAULT_RULES,
        summaryDueAt: new Date(at.getTime() + 86_400_000),
      })
      .run();
    sendWeeklySummaries(app.db, new Date(at.getTime() + 2 * 86_400_000));
    const summary = outboxWithContent(app.db, "showing").find((e) => e.subject.startsWith("Your week of showings"))!;
    expect(summary.textBody).toContain("4 visitors (1 with an agent, 3 without)");
    expect(summary.textBody).not.toContain("Dana");
    // In the seller's calendar feed and the host's.
    for (const who of [app.client, host]) {
      const feed = feedOf(app.db, calendarToken(app.db, who))!;
      expect(feed.visits.map((v) => v.key)).toContain(`open-house-${(made.data as { id: number }).id}`);
    }
    const stranger = await answer(async () =>
      openHousesApi(args(await get(`/api/transactions/${t.id}/open-houses`), { id: String(t.id) })),
    );
    expect(stranger.status).toBe(401);
  });
});

describe("a listing's photos", () => {
  it("the seller and staff upload, reorder, describe and remove them; EXIF is gone; others 404", async () => {
    const ana = addAgent(app.db, app.admin);
    const t = sale(ana, "5 Palm Ave, San Diego, CA 92103");
    const photo = (background: string) =>
      sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
        .jpeg()
        .withExif({ IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 42/1 0/1" } })
        .toBuffer();
    const upload = async (user: User | null, files: Array<{ name: string; bytes: Buffer }>) => {
      const form = new FormData();
      for (const f of files) form.append("photos", new Blob([new Uint8Array(f.bytes)]), f.name);
      const headers = new Headers({ origin: ORIGIN });
      if (user) headers.set("cookie", await sessionCookie(user));
      return answer(() =>
        uploadPhotos(
          args(new Request(`${ORIGIN}/api/transactions/${t.id}/photos`, { method: "POST", body: form, headers }), {
            id: String(t.id),
          }),
        ),
      );
    };
    const other = addAgent(app.db, app.admin, "Bo", "07654321");
    expect((await upload(other, [{ name: "a.jpg", bytes: await photo("#c08040") }])).status).toBe(404);
    expect((await upload(ana, [{ name: "notes.txt", bytes: Buffer.from("not an image") }])).status).toBe(400);
    const first = await upload(ana, [
      { name: "front.jpg", bytes: await photo("#c08040") },
      { name: "kitchen.jpg", bytes: await photo("#4080c0") },
    ]);
    expect(first.status).toBe(201);
    const bySeller = await upload(app.client, [{ name: "garden.jpg", bytes: await photo("#40c080") }]);
    expect(bySeller.status).toBe(201);
    const [front, kitchen] = first.data as Array<{ id: number; src: string; srcSet: string }>;
    const garden = (bySeller.data as Array<{ id: number; position: number }>)[0]!;
    expect(garden.position).toBe(3);
    expect(front!.srcSet.split(", ")).toHaveLength(3);
    // Stored without EXIF (no GPS position).
    const file = front!.src.split("/").pop()!;
    const image = (await imageFile(args(new Request(`${ORIGIN}${front!.src}`), { file }))) as Response;
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).exif).toBeUndefined();

    const patch = async (id: number, body: unknown, user: User = ana) =>
      answer(async () => photoApi(args(await json("PATCH", `/api/photos/${id}`, user, body), { id: String(id) })));
    expect((await patch(garden.id, { position: 1, alt: "The back garden with its lemon tree" })).data).toMatchObject({
      position: 1,
      alt: "The back garden with its lemon tree",
    });
    expect((await patch(garden.id, { alt: "x" }, other)).status).toBe(404);
    expect((await patch(garden.id, { position: 0 })).status).toBe(400);
    const removed = await answer(async () =>
      photoApi(args(await json("DELETE", `/api/photos/${kitchen!.id}`, app.client), { id: String(kitchen!.id) })),
    );
    expect(removed.status).toBe(204);

    // The page's gallery: the garden first, then the front.
    await put(t.id, ana, { mlsEnteredOn: lastWeek(), price: 990000 });
    await put(t.id, app.client, { published: true });
    const page = (
      await answer(async () => homePage(args(await get("/homes/5-palm-ave-92103"), { slug: "5-palm-ave-92103" })))
    ).data as { photos: Array<{ alt: string; src: string }>; jsonLd: { image: string[] } };
    // A photo without its own text is named by its place and the street (issue 55: never alt="").
    expect(page.photos.map((p) => p.alt)).toEqual(["The back garden with its lemon tree", "Photo 2 of 2, 5 Palm Ave"]);
    expect(page.jsonLd.image).toHaveLength(2);
  });
});

describe("the listings' pages", () => {
  it("are public and cached (the door private), and their queries use an index that fits their filter and order", async () => {
    expect(isPublicPath("/homes")).toBe(true);
    expect(isPublicPath("/homes/3021-juniper-st-92104")).toBe(true);
    expect(isPublicPath("/open-houses")).toBe(true);
    expect(isPrivatePath("/open-house/abc")).toBe(true);
    expect(robotsDisallowed()).toContain("/open-house/");
    const ana = addAgent(app.db, app.admin);
    const t = sale(ana);
    await put(t.id, ana, { mlsEnteredOn: lastWeek(), price: 849000, beds: 3 });
    await put(t.id, app.client, { published: true });
    const pages: AdminPage[] = [
      { path: "/homes", loader: homesPage },
      { path: "/homes?zip=92104&minPrice=800000&maxPrice=900000&beds=3&page=2", loader: homesPage },
      { path: "/homes/1234-elm-st-92104", loader: homePage, params: { slug: "1234-elm-st-92104" } },
      { path: "/open-houses?page=2", loader: openHousesPage },
      { path: "/api/homes?zip=92104", loader: homesApi },
    ];
    const results = await planAdminPages(app.db, pages, (p) => get(p));
    const problems = results.flatMap((page) =>
      page.queries.flatMap((q) => q.problems.map((problem) => `${page.path}: ${problem}\n  ${q.sql}`)),
    );
    expect(problems).toEqual([]);
    for (const page of results) expect(page.queries.length, page.path).toBeGreaterThan(0);
  });
});
