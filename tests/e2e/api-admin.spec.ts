import { ADMIN_EMAIL } from "../../playwright.config";
import { expect, seedTransaction, signedInRequest, signIn, test, uniqueEmail } from "./fixtures";

const ADMIN_ENDPOINTS = [
  ["POST", "/api/setup-test-data", {}],
  ["GET", "/api/contact-submissions", undefined],
  ["POST", "/api/transactions/1/initialize-milestones", { type: "buying" }],
  ["PATCH", "/api/milestones/1", { status: "completed" }],
] as const;

test.describe("admin API", () => {
  test("every admin endpoint: 401 anonymous, 403 for clients", async ({ request, page }) => {
    for (const [method, path, data] of ADMIN_ENDPOINTS) {
      expect((await request.fetch(path, { method, data })).status(), `${method} ${path}`).toBe(401);
    }
    const client = await signedInRequest(page, uniqueEmail());
    for (const [method, path, data] of ADMIN_ENDPOINTS) {
      expect((await client.fetch(path, { method, data })).status(), `${method} ${path}`).toBe(403);
    }
  });

  test("initialize and update: 404 for unknown ids, 400 for bad bodies, once only", async ({ page, browser }) => {
    const clientEmail = uniqueEmail("apiclient");
    const clientContext = await browser.newContext();
    await signIn(await clientContext.newPage(), { email: clientEmail });
    const id = await seedTransaction({ email: clientEmail, type: "selling" });
    await clientContext.close();

    const admin = await signedInRequest(page, ADMIN_EMAIL);
    expect((await admin.post("/api/transactions/999999/initialize-milestones", { data: { type: "selling" } })).status()).toBe(404);
    expect((await admin.post(`/api/transactions/${id}/initialize-milestones`, { data: { type: "renting" } })).status()).toBe(400);
    const first = await admin.post(`/api/transactions/${id}/initialize-milestones`, { data: { type: "selling" } });
    expect(first.status()).toBe(201);
    const body = await first.json();
    expect(body.created).toBe(14);
    expect(body.milestones).toHaveLength(14);
    const second = await admin.post(`/api/transactions/${id}/initialize-milestones`, { data: { type: "selling" } });
    expect(second.status()).toBe(200);
    expect((await second.json()).created).toBe(0);

    const milestoneId = body.milestones[0].id;
    expect((await admin.patch("/api/milestones/999999", { data: { status: "completed" } })).status()).toBe(404);
    const badStatus = await admin.patch(`/api/milestones/${milestoneId}`, { data: { status: "done" } });
    expect(badStatus.status()).toBe(400);
    expect((await badStatus.json()).errors.status).toBeTruthy();
    expect((await admin.patch(`/api/milestones/${milestoneId}`, { data: { status: "completed", documentUrl: "ftp://x" } })).status()).toBe(400);
    expect(
      (await admin.patch(`/api/milestones/${milestoneId}`, { headers: { "content-type": "application/json" }, data: "{bad" })).status(),
    ).toBe(400);
    const ok = await admin.patch(`/api/milestones/${milestoneId}`, {
      data: { status: "completed", adminNotes: "  Listed.  ", documentUrl: "https://docs.example.com/listing.pdf" },
    });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toMatchObject({ status: "completed", adminNotes: "Listed.", documentUrl: "https://docs.example.com/listing.pdf" });
    const back = await (await admin.patch(`/api/milestones/${milestoneId}`, { data: { status: "in_progress" } })).json();
    expect(back).toMatchObject({ status: "in_progress", completedAt: null, adminNotes: "Listed." });
  });

  test("setup-test-data creates sample transactions for the admin, never twice", async ({ page }) => {
    const admin = await signedInRequest(page, ADMIN_EMAIL);
    const first = await admin.post("/api/setup-test-data");
    expect([200, 201]).toContain(first.status());
    const again = await admin.post("/api/setup-test-data");
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual({ created: 0 });
    const mine = await (await admin.get("/api/transactions")).json();
    expect(mine.some((t: { propertyAddress: string | null }) => t.propertyAddress?.includes("(sample)"))).toBe(true);
  });
});
