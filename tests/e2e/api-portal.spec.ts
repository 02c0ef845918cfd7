import type { APIRequestContext, Browser } from "@playwright/test";
import { ADMIN_EMAIL, BASE_URL } from "../../playwright.config";
import { expect, queryDb, seedTransaction, signedInRequest, test, uniqueEmail } from "./fixtures";

async function asNewUser(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const request = await signedInRequest(await context.newPage(), email);
  return { context, request };
}

test.describe("portal API", () => {
  test("anonymous callers get 401 everywhere", async ({ request }) => {
    for (const [method, path] of [
      ["GET", "/api/transactions"],
      ["GET", "/api/transactions/1/milestones"],
      ["GET", "/api/listings"],
      ["POST", "/api/listings"],
      ["PATCH", "/api/listings/1/favorite"],
      ["DELETE", "/api/listings/1"],
      ["POST", "/api/listings/parse-zillow"],
    ] as const) {
      const response = await request.fetch(path, { method, data: method === "GET" ? undefined : {} });
      expect(response.status(), `${method} ${path}`).toBe(401);
    }
  });

  test("a client adds, lists, favorites and deletes their own listings", async ({ page }) => {
    const api: APIRequestContext = await signedInRequest(page, uniqueEmail());
    const created = await api.post("/api/listings", {
      data: {
        address: "500 Sunset Cliffs Blvd",
        price: "1100000",
        bedrooms: null,
        bathrooms: "2.5",
        squareFootage: 1600,
        imageUrl: null,
        notes: null,
        zillowId: null,
      },
    });
    expect(created.status()).toBe(201);
    const listing = await created.json();
    expect(listing).toMatchObject({
      address: "500 Sunset Cliffs Blvd",
      price: "1100000",
      bathrooms: "2.5",
      bedrooms: null,
      squareFootage: 1600,
      imageUrl: null,
      status: "active",
      isFavorite: false,
      zillowId: null,
    });
    const list = await (await api.get("/api/listings")).json();
    expect(list.map((l: { id: number }) => l.id)).toEqual([listing.id]);
    const fav = await api.patch(`/api/listings/${listing.id}/favorite`, { data: { isFavorite: true } });
    expect(fav.status()).toBe(200);
    expect((await fav.json()).isFavorite).toBe(true);
    expect((await api.delete(`/api/listings/${listing.id}`)).status()).toBe(204);
    expect(await (await api.get("/api/listings")).json()).toEqual([]);
  });

  test("bad input is a 400 with field errors; malformed JSON is a 400", async ({ page }) => {
    const api = await signedInRequest(page, uniqueEmail());
    const bad = await api.post("/api/listings", { data: { address: "", price: "", bedrooms: -1, imageUrl: "nope" } });
    expect(bad.status()).toBe(400);
    const { errors } = await bad.json();
    expect(errors.address).toEqual(["Address is required"]);
    expect(errors.price).toEqual(["Price is required"]);
    expect(errors.bedrooms).toBeTruthy();
    expect(errors.imageUrl).toBeTruthy();
    const malformed = await api.post("/api/listings", {
      headers: { "content-type": "application/json" },
      data: "{oops",
    });
    expect(malformed.status()).toBe(400);
    expect((await api.patch("/api/listings/1/favorite", { data: { isFavorite: "maybe" } })).status()).toBe(400);
    expect((await api.get("/api/transactions/abc/milestones")).status()).toBe(404);
  });

  test("one client cannot read or change another client's listings or milestones", async ({ page, browser }) => {
    const aliceEmail = uniqueEmail("alice");
    const alice = await signedInRequest(page, aliceEmail);
    const listing = await (
      await alice.post("/api/listings", { data: { address: "1 Private Ln", price: "600000" } })
    ).json();
    const transactionId = await seedTransaction({
      email: aliceEmail,
      type: "buying",
      homeValue: 640000,
      milestones: [
        { status: "completed", completedAt: Date.now() },
        { status: "in_progress", notes: "Private note" },
      ],
    });

    const bob = await asNewUser(browser, uniqueEmail("bob"));
    expect(await (await bob.request.get("/api/listings")).json()).toEqual([]);
    expect(
      (await bob.request.patch(`/api/listings/${listing.id}/favorite`, { data: { isFavorite: true } })).status(),
    ).toBe(404);
    expect((await bob.request.delete(`/api/listings/${listing.id}`)).status()).toBe(404);
    expect((await bob.request.get(`/api/transactions/${transactionId}/milestones`)).status()).toBe(404);
    expect(await (await bob.request.get("/api/transactions")).json()).toEqual([]);
    // Nothing changed.
    expect(await queryDb("select is_favorite from saved_homes where id = ?", listing.id)).toEqual([{ is_favorite: 0 }]);

    const mine = await alice.get(`/api/transactions/${transactionId}/milestones`);
    expect(mine.status()).toBe(200);
    const milestones = await mine.json();
    // The fixture builds the transaction with the models: all 13 standard steps, the first two as given.
    expect(milestones).toHaveLength(13);
    expect(milestones.slice(0, 2).map((m: { status: string }) => m.status)).toEqual(["completed", "in_progress"]);
    expect(Object.keys(milestones[0]).sort()).toEqual(
      ["adminNotes", "completedAt", "description", "documentUrl", "id", "status", "stepNumber", "title"].sort(),
    );
    const transactions = await (await alice.get("/api/transactions")).json();
    // currentStep follows the milestones (the model keeps it): step 1 is completed, so it is 2.
    expect(transactions).toEqual([
      expect.objectContaining({ id: transactionId, homeValue: "640000", status: "active", currentStep: 2 }),
    ]);

    const admin = await asNewUser(browser, ADMIN_EMAIL);
    const all = await (await admin.request.get("/api/transactions")).json();
    expect(all.some((t: { id: number }) => t.id === transactionId)).toBe(true);
    expect((await admin.request.get(`/api/transactions/${transactionId}/milestones`)).status()).toBe(200);
    await bob.context.close();
    await admin.context.close();
  });

  test("parse-zillow reads the URL and never fetches it", async ({ page }) => {
    const api = await signedInRequest(page, uniqueEmail());
    const ok = await api.post("/api/listings/parse-zillow", {
      data: { url: "https://www.zillow.com/homedetails/742-Evergreen-Ter-La-Jolla-CA-92037/98765_zpid/" },
    });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toMatchObject({
      zillowId: "98765",
      address: "742 Evergreen Ter, La Jolla, CA 92037",
      message: expect.stringContaining("98765"),
    });
    const bad = await api.post("/api/listings/parse-zillow", { data: { url: "https://example.com/house" } });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).message).toBe("Failed to parse Zillow URL");
    const empty = await api.post("/api/listings/parse-zillow", { data: { url: "" } });
    expect(empty.status()).toBe(400);
    expect((await empty.json()).errors.url).toEqual(["Please enter a Zillow URL first"]);
  });

  test("a cross-site write is refused", async ({ page }) => {
    const api = await signedInRequest(page, uniqueEmail());
    const response = await api.post("/api/listings", {
      headers: { origin: "https://evil.example" },
      data: { address: "1 Evil St", price: "1" },
    });
    expect(response.status()).toBe(403);
    expect(await (await api.get("/api/listings")).json()).toEqual([]);
  });
});
