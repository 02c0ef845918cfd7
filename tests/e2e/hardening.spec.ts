/** What the security review asked of every response: nosniff, no caching of private answers, 405s, a logout no other site can trigger. */
import { request as playwrightRequest } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { expect, loginAs, test, uniqueEmail } from "./fixtures";

test.describe("addresses", () => {
  test("a control character in a query or a path is a 400 with a message, never a 5xx", async ({ page, js }) => {
    test.skip(!js, "HTTP: one run is enough");
    await loginAs(page, { email: uniqueEmail("nul"), admin: true, returnTo: null });
    // A scanner's /admin?q=a%00b reached SQLite's full-text search as an unterminated phrase: a 500.
    for (const path of ["/admin?q=a%00b", "/admin/leads?q=lead%00", "/admin?q=%1f", "/?homeValue=%00", "/blog/%00"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(400);
      expect(await response.text(), path).toBe("The address contains a control character.");
    }
    const api = await page.request.get("/api/transactions?x=%7F");
    expect(api.status()).toBe(400);
    expect(await api.json()).toEqual({ message: "The address contains a control character." });
    // The same searches without the character work.
    expect((await page.request.get("/admin?q=ab")).status()).toBe(200);
    expect((await page.request.get("/admin/leads?q=lead")).status()).toBe(200);
  });
});

test.describe("headers and methods", () => {
  test("nosniff on every kind of answer; private answers are never cached", async ({ page, js }) => {
    test.skip(!js, "HTTP headers: one run is enough");
    const anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const asset = (await (await anonymous.get("/")).text()).match(/\/assets\/[\w.-]+\.js/)?.[0] ?? "";
    expect(asset).toMatch(/^\/assets\//);
    for (const path of [
      "/",
      "/blog",
      "/api/blog?published=true",
      "/blog.data",
      "/favicon.svg",
      "/sitemap.xml",
      "/no-such-page",
      asset,
    ]) {
      const response = await anonymous.get(path);
      expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    }
    expect((await anonymous.get("/")).headers()["cache-control"] ?? "").not.toContain("private");
    expect((await anonymous.get("/admin")).headers()["cache-control"]).toBe("private, no-store");
    await anonymous.dispose();

    await loginAs(page, { email: uniqueEmail("private"), returnTo: null });
    for (const path of [
      "/client-portal",
      "/client-portal.data",
      "/_root.data",
      "/",
      "/api/auth/user",
      "/api/listings",
      "/api/transactions",
    ]) {
      const response = await page.request.get(path);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
  });

  test("a GET on an action-only API route is a 405 with Allow", async ({ request, js }) => {
    test.skip(!js, "HTTP: one run is enough");
    for (const [path, allow] of [
      ["/api/listings/1", "DELETE"],
      ["/api/listings/1/favorite", "PATCH"],
      ["/api/milestones/1", "PATCH"],
      ["/api/listings/parse-zillow", "POST"],
      ["/api/setup-test-data", "POST"],
      ["/api/transactions/1/initialize-milestones", "POST"],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(405);
      expect(response.headers()["allow"], path).toBe(allow);
    }
  });
});

test.describe("logout by GET", () => {
  test("another site's link shows a page with a Log out button; the session stays until it is pressed", async ({
    page,
  }) => {
    await loginAs(page, { email: uniqueEmail("stay"), returnTo: null });
    const crossSite = await page.request.get("/api/logout", {
      headers: { "sec-fetch-site": "cross-site" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(200);
    expect(await crossSite.text()).toContain("Log out?");
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);
    // A browser that says nothing gets the page too.
    expect((await page.request.get("/api/logout", { maxRedirects: 0 })).status()).toBe(200);
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);
    // The page's button posts from this site: signed out.
    const same = await page.request.post("/api/logout", { headers: { origin: BASE_URL }, maxRedirects: 0 });
    expect(same.status()).toBe(302);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });
});
