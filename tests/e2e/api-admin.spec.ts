import { request as playwrightRequest } from "@playwright/test";
import { ADMIN_EMAIL, BASE_URL } from "../../playwright.config";
import { expect, loginAs, queryDb, seedTransaction, signedInRequest, test, uniqueEmail } from "./fixtures";

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
    await loginAs(await clientContext.newPage(), { email: clientEmail, returnTo: null });
    const id = await seedTransaction({ email: clientEmail, type: "selling" });
    await clientContext.close();

    const admin = await signedInRequest(page, ADMIN_EMAIL);
    expect(
      (await admin.post("/api/transactions/999999/initialize-milestones", { data: { type: "selling" } })).status(),
    ).toBe(404);
    expect(
      (await admin.post(`/api/transactions/${id}/initialize-milestones`, { data: { type: "renting" } })).status(),
    ).toBe(400);
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
    expect(
      (
        await admin.patch(`/api/milestones/${milestoneId}`, { data: { status: "completed", documentUrl: "ftp://x" } })
      ).status(),
    ).toBe(400);
    expect(
      (
        await admin.patch(`/api/milestones/${milestoneId}`, {
          headers: { "content-type": "application/json" },
          data: "{bad",
        })
      ).status(),
    ).toBe(400);
    const ok = await admin.patch(`/api/milestones/${milestoneId}`, {
      data: { status: "completed", adminNotes: "  Listed.  ", documentUrl: "https://docs.example.com/listing.pdf" },
    });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toMatchObject({
      status: "completed",
      adminNotes: "Listed.",
      documentUrl: "https://docs.example.com/listing.pdf",
    });
    const back = await (
      await admin.patch(`/api/milestones/${milestoneId}`, { data: { status: "in_progress" } })
    ).json();
    expect(back).toMatchObject({ status: "in_progress", completedAt: null, adminNotes: "Listed." });
  });

  test("setup-test-data creates sample transactions for the admin, never twice", async ({ page }) => {
    // An admin of its own, so its two own samples are always new. The three sample clients are shared
    // by every admin of this database: another test may have created them already.
    const adminEmail = uniqueEmail("setup-admin");
    const admin = await signedInRequest(page, adminEmail, { admin: true });
    const first = await admin.post("/api/setup-test-data");
    expect(first.status()).toBe(201);
    const { created } = await first.json();
    const again = await admin.post("/api/setup-test-data");
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual({ created: 0 });
    const mine = await queryDb<{ property_address: string; type: string }>(
      "select t.property_address, t.type from transactions t join users u on u.id = t.user_id where u.email = ? order by t.type",
      adminEmail,
    );
    expect(mine).toEqual([
      { property_address: "1450 Garnet Ave, San Diego, CA 92109 (sample)", type: "buying" },
      { property_address: "912 Orange Ave, Coronado, CA 92118 (sample)", type: "selling" },
    ]);
    // Each sample client's transaction exists exactly once, whoever created it.
    const shared = await queryDb<{ email: string; n: number }>(
      "select u.email, count(*) as n from transactions t join users u on u.id = t.user_id where u.email in ('maria.lopez@example.com', 'james.chen@example.com', 'sofia.nguyen@example.com') group by u.email order by u.email",
    );
    expect(shared).toEqual([
      { email: "james.chen@example.com", n: 1 },
      { email: "maria.lopez@example.com", n: 1 },
      { email: "sofia.nguyen@example.com", n: 1 },
    ]);
    expect([2, 3, 4, 5]).toContain(created);
  });
});

test.describe("blog API", () => {
  test("an admin creates, edits and deletes a post; bad input and a taken slug are 400; the public API follows", async ({
    page,
  }) => {
    const admin = await signedInRequest(page, uniqueEmail("blog-admin"), { admin: true });
    const slug = `api-post-${Date.now().toString(36)}`;
    const created = await admin.post("/api/blog", {
      data: { title: "From the API", slug, content: "One.\nTwo.", published: true },
    });
    expect(created.status()).toBe(201);
    const post = await created.json();
    expect(post).toMatchObject({ slug, title: "From the API", published: true });
    expect((await admin.get(`/api/blog/${slug}`)).status()).toBe(200);

    const bad = await admin.post("/api/blog", { data: { title: "", slug: "Not A Slug", content: "" } });
    expect(bad.status()).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["content", "slug", "title"]);
    const taken = await admin.post("/api/blog", { data: { title: "Again", slug, content: "x" } });
    expect(taken.status()).toBe(400);
    expect((await taken.json()).errors).toEqual({ slug: ["This slug is already used by another post"] });

    const edited = await admin.patch(`/api/blog/${post.id}`, {
      data: { title: "From the API, edited", slug, content: "One.", published: false },
    });
    expect(edited.status()).toBe(200);
    expect(await edited.json()).toMatchObject({ title: "From the API, edited", published: false });
    expect((await admin.get(`/api/blog/${slug}`)).status()).toBe(200); // admins still see drafts
    const anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL });
    expect((await anonymous.get(`/api/blog/${slug}`)).status()).toBe(404);
    expect((await admin.patch("/api/blog/999999", { data: { title: "x", content: "x" } })).status()).toBe(404);
    expect((await admin.delete(`/api/blog/${post.id}`)).status()).toBe(204);
    expect((await admin.delete(`/api/blog/${post.id}`)).status()).toBe(404);
    expect((await anonymous.get("/api/blog?published=true")).status()).toBe(200);
    await anonymous.dispose();
  });

  test("PATCH changes only the fields it is sent, validates each as on create, and refuses unknown fields", async ({
    page,
  }) => {
    const admin = await signedInRequest(page, uniqueEmail("blog-patch"), { admin: true });
    const slug = `patch-${Date.now().toString(36)}`;
    const post = await (
      await admin.post("/api/blog", {
        data: { title: "Patched", slug, excerpt: "Short", content: "Body.", published: true },
      })
    ).json();

    const unpublished = await admin.patch(`/api/blog/${post.id}`, { data: { published: false } });
    expect(unpublished.status()).toBe(200);
    expect(await unpublished.json()).toMatchObject({
      title: "Patched",
      slug,
      excerpt: "Short",
      content: "Body.",
      published: false,
    });

    const retitled = await admin.patch(`/api/blog/${post.id}`, { data: { title: "Patched again" } });
    expect(await retitled.json()).toMatchObject({ title: "Patched again", slug, published: false });

    const empty = await admin.patch(`/api/blog/${post.id}`, { data: { title: "" } });
    expect(empty.status()).toBe(400);
    expect((await empty.json()).errors).toEqual({ title: ["Title is required"] });
    const unknown = await admin.patch(`/api/blog/${post.id}`, { data: { published: true, author: "me" } });
    expect(unknown.status()).toBe(400);
    expect((await unknown.json()).message).toBe("Unrecognized key(s) in object: 'author'");
    // Neither refusal changed anything.
    expect(await (await admin.get(`/api/blog/${slug}`)).json()).toMatchObject({
      title: "Patched again",
      published: false,
    });
  });
});
