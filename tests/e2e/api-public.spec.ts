import { ADMIN_EMAIL, BASE_URL } from "../../playwright.config";
import { expect, queryDb, signedInRequest, test, uniqueEmail } from "./fixtures";

test.describe("contact API", () => {
  test("POST /api/contact stores a submission: 201 with its id", async ({ request }) => {
    const email = uniqueEmail("api-lead");
    const response = await request.post("/api/contact", {
      data: { firstName: "Jo", lastName: "Park", email, phone: "619 555 0123", message: "Hi" },
    });
    expect(response.status()).toBe(201);
    const { id } = await response.json();
    expect(typeof id).toBe("number");
    const rows = await queryDb<{ id: number }>("select id from contact_submissions where email = ?", email);
    expect(rows).toEqual([{ id }]);
  });

  test("POST /api/contact with bad input: 400 with field errors, nothing stored", async ({ request }) => {
    const email = uniqueEmail("api-bad");
    const response = await request.post("/api/contact", { data: { firstName: "", email, phone: "x" } });
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(Object.keys(body.errors).sort()).toEqual(["firstName", "lastName", "phone"].sort());
    expect(await queryDb("select id from contact_submissions where email = ?", email)).toHaveLength(0);
    const malformed = await request.post("/api/contact", {
      headers: { "content-type": "application/json" },
      data: "{not json",
    });
    expect(malformed.status()).toBe(400);
  });

  test("reading submissions: 401 anonymous, 403 for clients, newest first for admins", async ({
    page,
    request,
    browser,
  }) => {
    for (const path of ["/api/contact", "/api/contact-submissions"]) {
      expect((await request.get(path)).status()).toBe(401);
    }
    const client = await signedInRequest(page, uniqueEmail());
    for (const path of ["/api/contact", "/api/contact-submissions"]) {
      expect((await client.get(path)).status()).toBe(403);
    }
    const email = uniqueEmail("newest");
    await request.post("/api/contact", { data: { firstName: "New", lastName: "Est", email, phone: "6195550100" } });
    const adminContext = await browser.newContext({ baseURL: BASE_URL });
    const admin = await signedInRequest(await adminContext.newPage(), ADMIN_EMAIL);
    for (const path of ["/api/contact", "/api/contact-submissions"]) {
      const response = await admin.get(path);
      expect(response.status()).toBe(200);
      const list = (await response.json()) as { email: string; createdAt: string }[];
      expect(list.find((s) => s.email === email)).toBeTruthy();
      const times = list.map((s) => Date.parse(s.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    }
    await adminContext.close();
  });
});

test.describe("blog API", () => {
  test("GET /api/blog?published=true lists published posts, newest first", async ({ request }) => {
    const response = await request.get("/api/blog?published=true");
    expect(response.status()).toBe(200);
    const posts = (await response.json()) as { slug: string; published: boolean; createdAt: string }[];
    expect(posts.map((p) => p.slug)).toEqual([
      "preparing-your-home-for-sale",
      "what-is-escrow-california",
      "flat-fee-real-estate-san-diego",
    ]);
    expect(posts.every((p) => p.published)).toBe(true);
  });

  test("GET /api/blog/{slug}: the post, 404 when missing, drafts only for admins", async ({ page, request }) => {
    const post = await request.get("/api/blog/what-is-escrow-california");
    expect(post.status()).toBe(200);
    expect(await post.json()).toMatchObject({ slug: "what-is-escrow-california", published: true });
    expect((await request.get("/api/blog/nope")).status()).toBe(404);
    expect((await request.get("/api/blog/buying-with-a-va-loan-in-san-diego")).status()).toBe(404);
    const admin = await signedInRequest(page, ADMIN_EMAIL);
    const draft = await admin.get("/api/blog/buying-with-a-va-loan-in-san-diego");
    expect(draft.status()).toBe(200);
    expect(await draft.json()).toMatchObject({ published: false });
  });
});
