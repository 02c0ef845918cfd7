/**
 * Our listings and open houses (issue 47; docs/listings.md), in a real browser with JavaScript on and off, on a server
 * of its own: the seller says yes in the portal (390 px); the agent (1280 px) enters the MLS date, the facts and a
 * description (a phrase that breaks fair housing is flagged, then reworded), uploads three photos and schedules an
 * open house; the page appears on /homes with its gallery and JSON-LD; an inquiry reaches the listing agent; three
 * visitors sign in at the door (one with an agent): two leads for the host, and the seller sees three visitors; the
 * flyer is a PDF with the price and the open house; a stranger and another client get 404 before it is shown. Axe.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { contactSubmissions, openHouses } from "~/db/schema";
import { upsertUserFromClaims } from "~/models/user.server";
import { expectAxeClean } from "./axe";
import { expect, loginAs, ready, test, withE2eDb } from "./fixtures";
import { seedSale } from "./sale";
import { startApp } from "./servers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SLUG = "3021-juniper-st-92104";

const photo = async (dir: string, name: string, background: string) => {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
      .jpeg()
      .toBuffer(),
  );
  return file;
};

test("a seller's yes, the agent's listing page with photos and an open house, visitors at the door, the seller's counts", async ({
  page,
  browser,
  js,
}) => {
  test.setTimeout(240_000);
  const app = await startApp("listings", {});
  try {
    const { id } = await withE2eDb((db) => {
      upsertUserFromClaims(db, { email: "other@example.com", firstName: "Olive" });
      // Its listing agreement in force: the page may be shown (app/lib/listing-state.ts).
      const { ana, t } = seedSale(db, {
        broker: { firstName: "Jordan", lastName: "Reyes" },
        client: "seller@example.com",
        clientFirstName: "Sam",
        address: "3021 Juniper St, San Diego, CA 92104",
        homeValue: "875000",
      });
      return { id: t.id, anaId: ana.id };
    }, app.database);

    // Before it is shown: a stranger gets 404 on the page; another client on its open houses.
    expect((await page.request.get(`${app.baseUrl}/homes/${SLUG}`)).status()).toBe(404);
    const other = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
    await loginAs(other, { email: "other@example.com", returnTo: "/client-portal" }, app);
    expect((await other.request.get(`${app.baseUrl}/api/transactions/${id}/open-houses`)).status()).toBe(404);

    // The seller says yes, on a phone.
    const seller = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
    await seller.setViewportSize(PHONE);
    await loginAs(seller, { email: "seller@example.com", returnTo: "/client-portal#listing-page" }, app);
    await ready(seller, js);
    await seller.getByRole("button", { name: "Show my home on your site" }).click();
    await expect(seller.getByTestId("seller-listing-state")).toContainText("You said yes");

    // The agent writes the page: a flagged phrase first, then reworded.
    await page.setViewportSize(DESKTOP);
    await loginAs(page, { email: "ana@agency.test", returnTo: `/admin/transactions/${id}/listing#listing-page` }, app);
    await ready(page, js);
    const section = page.getByRole("region", { name: "Listing page" });
    await section.getByLabel("MLS date").fill(new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10));
    await section.getByLabel("Price ($)").fill("875,000");
    await section.getByLabel("Bedrooms").fill("3");
    await section.getByLabel("Bathrooms").fill("2.5");
    await section.getByLabel("Square feet").fill("1,650");
    await section.getByLabel("Year built").fill("1928");
    await section.getByLabel("Description").fill("A Craftsman bungalow, perfect for young families.");
    await section.getByRole("button", { name: "Save the listing page" }).click();
    const flags = page.getByTestId("fair-housing-flags");
    await expect(flags).toContainText("perfect for young families");
    await expect(flags).toContainText("familial status");
    await page
      .getByRole("region", { name: "Listing page" })
      .getByLabel("Description")
      .fill("A Craftsman bungalow with three bedrooms, two blocks from two parks.");
    await page
      .getByRole("region", { name: "Listing page" })
      .getByRole("button", { name: "Save the listing page" })
      .click();
    await expect(page.getByText("Listing page saved.").first()).toBeVisible();
    await expect(page.getByTestId("listing-state")).toContainText("Shown on the site");

    // Three photos.
    const dir = mkdtempSync(path.join(tmpdir(), "listing-photos-"));
    const files = [
      await photo(dir, "front.jpg", "#c08040"),
      await photo(dir, "kitchen.jpg", "#4080c0"),
      await photo(dir, "garden.jpg", "#40c080"),
    ];
    const photos = page.getByRole("region", { name: "Listing photos" });
    await photos.getByLabel(/Add photos/).setInputFiles(files);
    await photos.getByRole("button", { name: "Upload photos" }).click();
    await expect(page.getByText("3 photos added.").first()).toBeVisible();
    await expect(page.getByTestId("listing-photo")).toHaveCount(3);
    const first = page.getByTestId("listing-photo").first();
    await first.getByLabel("What it shows (alt text)").fill("The front porch and its two palms");
    await first.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Photo saved.").first()).toBeVisible();

    // An open house next week, scheduled on the Manage page.
    const nextWeek = new Date(Date.now() + 7 * 24 * 3600_000).toISOString().slice(0, 10);
    const opens = page.getByTestId("open-houses");
    await opens.getByLabel("Starts (San Diego time)").fill(`${nextWeek}T13:00`);
    await opens.getByLabel("Ends at").fill("15:00");
    await opens.getByRole("button", { name: "Schedule the open house" }).click();
    await expect(page.getByText("Open house scheduled.").first()).toBeVisible();
    await expect(page.getByTestId("open-houses")).toContainText("hosted by Ana Lopez");
    await expectAxeClean(page, js);

    // The public: /homes, the page with its gallery and JSON-LD, at 1280 and 390 px.
    const visitor = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
    await visitor.setViewportSize(DESKTOP);
    await visitor.goto(`${app.baseUrl}/homes`);
    await ready(visitor, js);
    await expect(visitor.getByTestId("home-card")).toHaveCount(1);
    await expect(visitor.getByTestId("home-card")).toContainText("$875,000");
    await visitor.getByRole("link", { name: "3021 Juniper St, San Diego, CA 92104" }).click();
    await expect(
      visitor.getByRole("heading", { level: 1, name: "3021 Juniper St, San Diego, CA 92104" }),
    ).toBeVisible();
    await expect(visitor.getByTestId("gallery-large")).toHaveAttribute("alt", "The front porch and its two palms");
    await expect(visitor.getByTestId("gallery-thumbnails").getByRole("link")).toHaveCount(3);
    await visitor.getByTestId("gallery-thumbnails").getByRole("link").nth(1).click();
    await expect(visitor).toHaveURL(/photo=2/);
    await expect(visitor.getByTestId("home-open-houses")).toContainText("1:00 PM to 3:00 PM");
    const ld = JSON.parse((await visitor.locator('script[type="application/ld+json"]').last().textContent()) ?? "{}");
    expect(ld).toMatchObject({ "@type": "RealEstateListing", offers: { "@type": "Offer", price: 875000 } });
    await expectAxeClean(visitor, js);
    await visitor.setViewportSize(PHONE);
    await expectAxeClean(visitor, js);

    // An inquiry: the listing agent's lead, the home named.
    const form = visitor.locator("#contact-form");
    await form.getByLabel("First Name").fill("Lee");
    await form.getByLabel("Last Name").fill("Buyer");
    await form.getByLabel("Email").fill("lee@example.com");
    await form.getByLabel("Phone").fill("619-555-0101");
    await form.getByLabel("Message").fill("Is the garage finished?");
    await form.getByRole("button", { name: /Send/ }).click();
    await expect(visitor.getByText("Message sent!").first()).toBeVisible();
    const lead = await withE2eDb(
      (db) => db.select().from(contactSubmissions).where(eq(contactSubmissions.email, "lee@example.com")).get(),
      app.database,
    );
    expect(lead).toMatchObject({
      source: "inquiry",
      message: "About 3021 Juniper St, San Diego, CA 92104: Is the garage finished?",
    });

    // The flyer: a PDF with the price and the open house.
    const flyer = await visitor.request.get(`${app.baseUrl}/homes/${SLUG}/flyer.pdf`);
    expect(flyer.headers()["content-type"]).toBe("application/pdf");
    writeFileSync(path.join(dir, "flyer.pdf"), await flyer.body());
    const text = execFileSync("pdftotext", [path.join(dir, "flyer.pdf"), "-"]).toString();
    expect(text).toContain("$875,000");
    expect(text).toMatch(/1:00 PM to 3:00 PM/);

    // The door: an open house going on now (its token from the Manage page), three visitors on the host's tablet.
    const now = Date.now();
    await withE2eDb((db) => {
      db.update(openHouses)
        .set({ startsAt: new Date(now - 10 * 60_000), endsAt: new Date(now + 60 * 60_000) })
        .where(eq(openHouses.transactionId, id))
        .run();
    }, app.database);
    await page.reload();
    await ready(page, js);
    const door = await page.getByRole("link", { name: "Sign-in at the door" }).getAttribute("href");
    const tablet = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
    await tablet.setViewportSize(PHONE);
    await tablet.goto(`${app.baseUrl}${door}`);
    await ready(tablet, js);
    await expect(tablet.getByText(/represents the seller of this home, not you/)).toBeVisible();
    await expectAxeClean(tablet, js);
    const signIn = async (v: { name: string; email?: string; phone?: string; agent?: string }) => {
      await tablet.getByLabel("Your name").fill(v.name);
      if (v.email) await tablet.getByLabel("E-mail").fill(v.email);
      if (v.phone) await tablet.getByLabel("Phone").fill(v.phone);
      await tablet.getByRole("radio", { name: v.agent ? "Yes" : "No" }).check();
      if (v.agent) await tablet.getByLabel("If yes, your agent's name").fill(v.agent);
      await tablet.getByRole("button", { name: "Sign in" }).click();
      await expect(tablet.getByRole("status")).toContainText("Thank you for signing in");
      // The thank-you is for this visitor; "Next visitor" gives the next one a clean form (issue 55).
      await tablet.getByRole("link", { name: "Next visitor" }).click();
      await expect(tablet.getByLabel("Your name")).toHaveValue("");
    };
    await signIn({ name: "Dana Lee", email: "dana@example.com" });
    await signIn({ name: "Sam Park", phone: "619-555-0199" });
    await signIn({ name: "Kim Ray", email: "kim@example.com", agent: "Pat of Harbor Realty" });

    // Two leads for the host; the seller sees three visitors, without names.
    const leads = await withE2eDb(
      (db) => db.select().from(contactSubmissions).where(eq(contactSubmissions.source, "open house")).all(),
      app.database,
    );
    expect(leads.map((l) => l.firstName).sort()).toEqual(["Dana", "Sam"]);
    await seller.reload();
    await ready(seller, js);
    await expect(seller.getByTestId("open-houses")).toContainText("3 visitors (1 with an agent, 2 without)");
    await expect(seller.getByTestId("seller-listing-stats")).toContainText("3 open-house visitors");
    await expect(seller.getByRole("link", { name: "Sign-in at the door" })).toHaveCount(0);
    await expect(seller.getByText("Dana Lee")).toHaveCount(0);
    await expectAxeClean(seller, js);
    // The visitors' list: another client and a stranger get 404.
    expect((await other.request.get(`${app.baseUrl}/api/transactions/${id}/open-houses`)).status()).toBe(404);
    expect((await page.request.get(`${app.baseUrl}/api/transactions/${id}/open-houses`)).status()).toBe(200);
  } finally {
    await app.stop();
  }
});
