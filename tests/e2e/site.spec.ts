import { BASE_URL } from "../../playwright.config";
import { expect, holdSignIn, ready, test } from "./fixtures";
import { startApp } from "./servers";

test("an unknown path is a 404 titled '404 Page Not Found'", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("404 Page Not Found");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test("every route of the spec resolves", async ({ page }) => {
  for (const path of ["/", "/blog", "/privacy-policy", "/terms-of-service", "/ca-disclosures"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
  }
  await holdSignIn(page);
  expect((await page.goto("/client-portal"))?.status()).toBe(401);
  expect((await page.goto("/admin"))?.status()).toBe(401);
});

test("the frame: sticky nav, anchors, portal and admin buttons, footer with license", async ({ page }) => {
  await page.goto("/blog");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Coastline Flat Fee Realty" })).toHaveAttribute("href", "/");
  for (const [name, href] of [
    ["Home", "/#home"],
    ["Pricing", "/#pricing"],
    ["Calculator", "/#calculator"],
    ["Contact", "/#contact"],
    ["Client Portal", "/client-portal"],
    ["Admin", "/admin"],
  ]) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
  }
  await expect(page.locator("header")).toHaveCSS("position", "sticky");
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "hello@coastlineflatfee.com" })).toHaveAttribute(
    "href",
    "mailto:hello@coastlineflatfee.com",
  );
  await expect(footer.getByRole("link", { name: "(619) 555-0142" })).toHaveAttribute("href", "tel:6195550142");
  await expect(footer).toContainText("DRE Corporation License #02212345");
  await expect(footer).toContainText("Responsible broker: Jordan Reyes");
  for (const href of [
    "/client-portal",
    "/blog",
    "/privacy-policy",
    "/terms-of-service",
    "/ca-disclosures",
    "/#pricing",
    "/#calculator",
  ]) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await page.locator("nav[aria-label=Main]").getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/#pricing`);
  await expect(page.locator("#pricing")).toBeInViewport();
});

test("the footer's e-mail and phone links are targets of at least 24 × 24 px (WCAG 2.2 SC 2.5.8)", async ({ page }) => {
  await page.goto("/");
  const footer = page.locator("footer");
  for (const name of ["hello@coastlineflatfee.com", "(619) 555-0142"]) {
    const box = await footer.getByRole("link", { name }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.height, name).toBeGreaterThanOrEqual(24);
    expect(box!.width, name).toBeGreaterThanOrEqual(24);
  }
});

test("each Read More link's own text names its article", async ({ page }) => {
  await page.goto("/blog");
  const first = page.getByRole("link", { name: /^Read More/ }).first();
  expect(await first.evaluate((a) => (a as HTMLElement).textContent)).toMatch(/^Read More: .{10,}/);
});

test.describe("mobile menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens, holds the same items, and closes after a choice", async ({ page, js }) => {
    await page.goto("/");
    await ready(page, js);
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeHidden();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Client Portal" }),
    ).toBeHidden();

    await page.getByRole("button", { name: "Menu" }).click();
    await expect(menu).toBeVisible();
    // The panel slides in from the right and covers the full height of the screen.
    await expect(async () => {
      const box = await page.getByTestId("mobile-menu-panel").boundingBox();
      expect(box).toMatchObject({ y: 0, height: 844 });
      expect(box!.x + box!.width).toBe(390);
    }).toPass();
    for (const name of ["Home", "Pricing", "Calculator", "Contact", "Client Portal", "Admin Dashboard"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(menu).toBeHidden();

    // It also closes with its close button.
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
  });
});

test.describe("security", () => {
  test("an enforced CSP: a per-request nonce on rendered pages, script hashes on cached ones; the other headers", async ({
    request,
  }) => {
    // Not from the cache (an unknown query parameter): a fresh nonce each time, on every script.
    const first = await request.get("/?from=test");
    const second = await request.get("/?from=test");
    const csp = first.headers()["content-security-policy"];
    expect(csp).toBeTruthy();
    expect(first.headers()["content-security-policy-report-only"]).toBeUndefined();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'nonce");
    const nonce = csp!.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers()["content-security-policy"]).not.toContain(nonce!);
    const html = await first.text();
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");
    expect(first.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");

    // From the cache: no nonce; each inline script is allowed by its SHA-256, and nothing else is.
    const cached = await request.get("/");
    const cachedCsp = cached.headers()["content-security-policy"]!;
    expect(cachedCsp).not.toContain("nonce");
    const cachedHtml = await cached.text();
    const { createHash } = await import("node:crypto");
    const inline = [...cachedHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\ssrc=/.test(attributes!),
    );
    expect(inline.length).toBeGreaterThan(0);
    const hashes = inline.map(([, , content]) => `'sha256-${createHash("sha256").update(content!).digest("base64")}'`);
    const allowed = cachedCsp
      .match(/script-src ([^;]+)/)![1]!
      .split(" ")
      .filter((v) => v.startsWith("'sha256-"));
    expect(allowed.sort()).toEqual([...new Set(hashes)].sort());
    expect(cached.headers()["x-frame-options"]).toBe("DENY");
  });

  test("a write whose Origin is another site is refused with 403", async ({ request }) => {
    const evil = await request.post("/api/logout", { headers: { origin: "https://evil.example" } });
    expect(evil.status()).toBe(403);
    const crossSite = await request.post("/api/logout", { headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status()).toBe(403);
    const same = await request.post("/api/logout", { headers: { origin: BASE_URL }, maxRedirects: 0 });
    expect(same.status()).toBe(302);
  });

  test("/healthz answers 200 when the database answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe("ok");
  });
});

test("the footer and the disclosures name the license the agency has (AGENCY_LICENSE_KIND)", async ({ page }) => {
  const app = await startApp("license-kind", {
    AGENCY_LICENSE_KIND: "individual",
    AGENCY_LICENSE: "01555666",
    AGENCY_NAME: "Pat Lee, Broker",
  });
  try {
    await page.goto(`${app.baseUrl}/`);
    const footer = page.locator("footer");
    await expect(footer).toContainText("California DRE Broker License #01555666");
    await expect(footer).not.toContainText("Corporation");
    await page.goto(`${app.baseUrl}/ca-disclosures`);
    await expect(page.getByRole("main")).toContainText("California DRE Broker License #01555666");
  } finally {
    await app.stop();
  }
});
