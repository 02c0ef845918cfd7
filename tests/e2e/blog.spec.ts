import { BASE_URL } from "../../playwright.config";
import { expect, ready, test } from "./fixtures";

test("the blog lists published posts as cards", async ({ page }) => {
  await page.goto("/blog");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(3);
  // Newest first, dates in en-US.
  await expect(cards.first().getByRole("heading")).toHaveText("Preparing Your Home for Sale: A Practical Checklist");
  await expect(cards.first().locator("time")).toHaveText("February 12, 2025");
  await expect(page.getByText("(draft)")).toHaveCount(0);
  const image = cards.first().locator("img");
  await expect(image).toHaveAttribute("width", "1200");
  await expect(image).toHaveAttribute("height", "630");
  await expect(cards.first().getByText(/Small repairs, a clean slate/)).toBeVisible();
  await expect(page.getByRole("link", { name: /Read More/ })).toHaveCount(3);
});

test("an article: image, title, date, paragraphs as text, call to action", async ({ page, js }) => {
  await page.goto("/blog");
  await ready(page, js);
  await page.getByRole("link", { name: "Read More: What Escrow Is, and What Happens During It in California" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/blog/what-is-escrow-california`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "What Escrow Is, and What Happens During It in California",
  );
  await expect(page.locator("article time")).toHaveText("January 29, 2025");
  await expect(page.locator("article > img")).toBeVisible();
  const paragraphs = page.locator("article .space-y-5 > p");
  await expect(paragraphs).toHaveCount(8);
  await expect(paragraphs.first()).toContainText("Escrow is a neutral third party");
  await expect(page.getByRole("link", { name: "Get Your Free Consultation" })).toHaveAttribute("href", "/#contact");
  await expect(page).toHaveTitle(/What Escrow Is/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${BASE_URL}/images/blog/escrow.svg`,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${BASE_URL}/blog/what-is-escrow-california`,
  );
});

test("a missing or unpublished article is 'Article Not Found' with status 404", async ({ page, js }) => {
  for (const slug of ["no-such-article", "buying-with-a-va-loan-in-san-diego"]) {
    const response = await page.goto(`/blog/${slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
  }
  await ready(page, js);
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/blog`);
});

test("legal pages carry real content and their date", async ({ page }) => {
  const pages = [
    ["/privacy-policy", "Privacy Policy", ["CalOPPA", "Do Not Track", "delete personal information"]],
    ["/terms-of-service", "Terms of Service", ["No agency relationship", "estimates", "San Diego County"]],
    [
      "/ca-disclosures",
      "California Real Estate Disclosures",
      [
        "#02212345",
        "Jordan Reyes",
        "Fair housing",
        "Natural Hazard Disclosure",
        "$10,000",
        "negotiable",
        "meganslaw.ca.gov",
        "RE 519",
      ],
    ],
  ] as const;
  for (const [path, title, phrases] of pages) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText("Last updated January 2025")).toBeVisible();
    for (const phrase of phrases) await expect(page.locator("article")).toContainText(phrase);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${BASE_URL}${path}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
  }
});

test("sitemap.xml lists public pages and published posts; robots.txt points to it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of [
    "/",
    "/blog",
    "/privacy-policy",
    "/terms-of-service",
    "/ca-disclosures",
    "/blog/what-is-escrow-california",
  ]) {
    expect(xml).toContain(`<loc>${BASE_URL}${path}</loc>`);
  }
  expect(xml).not.toContain("buying-with-a-va-loan");
  expect(xml).not.toContain("client-portal");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
  expect(robots).toContain("Disallow: /api/");
});
