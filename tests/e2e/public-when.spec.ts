/**
 * What the public sees, and when (issue 54; docs/listings.md), in a real browser with JavaScript on and off, each test
 * on a server of its own. The day job runs with the test's own clock (the same model code as the server's job, on
 * the server's database):
 * - a listing whose MLS date is tomorrow is 404 today and refuses an open house; live after the day job at tomorrow's
 *   date, in /sitemap.xml at once; its listing agreement ending takes the page and its open houses down;
 * - a sold home without the seller's yes to show the sale is 404; with it, "Sold";
 * - an agent's fair-housing exception waits for the broker, whose approval publishes it;
 * - the door tells a visitor who will contact them; "Send me similar homes" starts the listing's own campaign.
 */
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { leadEngagement, leadNurturingCampaigns, openHouses } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { addDaysTo, instantAt, todayIn } from "~/lib/plain-date";
import { putHomeListing } from "~/models/home-listing.server";
import { listingDayJob } from "~/models/listing-state.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { expect, loginAs, ready, test, withE2eDb } from "./fixtures";
import { seedSale } from "./sale";
import { startApp, type AppServer } from "./servers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SLUG = "3021-juniper-st-92104";

/** The broker, an agent, and a sale of Sam's whose listing agreement runs to `endsOn`, assigned to the agent. */
function seed(db: Db, endsOn: string) {
  return seedSale(db, {
    broker: { firstName: "Bo", lastName: "Broker" },
    clientFirstName: "Sam",
    address: "3021 Juniper St, San Diego, CA 92104",
    homeValue: "875000",
    endsOn,
  });
}

const statusOf = async (app: AppServer, path: string, page: Page) =>
  (await page.request.get(`${app.baseUrl}${path}`)).status();

test("an MLS date of tomorrow: 404 and no open house today; live tomorrow, in the sitemap; down when the agreement ends", async ({
  page,
  browser,
  js,
}) => {
  test.setTimeout(180_000);
  const app = await startApp(`public-when-mls-${js ? "js" : "nojs"}`, {});
  const today = todayIn(new Date());
  const tomorrow = addDaysTo(today, 1);
  try {
    // The listing agreement ends in three days; the open house will be in five.
    const { id } = await withE2eDb((db) => ({ id: seed(db, addDaysTo(today, 3)).t.id }), app.database);
    // The seller says yes (390 px); the agent enters tomorrow's MLS date (1280 px).
    const seller = await (await browser.newContext({ javaScriptEnabled: js, viewport: PHONE })).newPage();
    await loginAs(seller, { email: "sam@example.com", returnTo: "/client-portal" }, app);
    await ready(seller, js);
    await seller.getByRole("button", { name: "Show my home on your site" }).click();
    await expect(seller.getByTestId("seller-listing-state")).toContainText("You said yes");
    await page.setViewportSize(DESKTOP);
    await loginAs(page, { email: "ana@agency.test", returnTo: `/admin/transactions/${id}/listing#listing-page` }, app);
    await ready(page, js);
    const section = page.getByRole("region", { name: "Listing page" });
    await section.getByLabel("MLS date").fill(tomorrow);
    await section.getByLabel("Price ($)").fill("875,000");
    await section.getByRole("button", { name: "Save the listing page" }).click();
    await expect(page.getByText("Listing page saved.").first()).toBeVisible();
    await expect(page.getByTestId("listing-not-live")).toContainText("It goes live on the MLS date");
    expect(await statusOf(app, `/homes/${SLUG}`, page)).toBe(404);

    // No open house before the page is live.
    const opens = page.getByTestId("open-houses");
    const day = addDaysTo(today, 5);
    await opens.getByLabel("Starts (San Diego time)").fill(`${day}T13:00`);
    await opens.getByLabel("Ends at").fill("15:00");
    await opens.getByRole("button", { name: "Schedule the open house" }).click();
    await expect(page.getByText(/An open house is for a listing live on our site/).first()).toBeVisible();

    // Tomorrow's day job (at noon, San Diego time): live, and in the sitemap at once.
    await withE2eDb((db) => listingDayJob(db, instantAt(tomorrow, 12)), app.database);
    const anon = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
    for (const size of [PHONE, DESKTOP]) {
      await anon.setViewportSize(size);
      await anon.goto(`${app.baseUrl}/homes/${SLUG}`);
      await expect(anon.getByTestId("home-price")).toHaveText("$875,000");
    }
    expect(await (await anon.request.get(`${app.baseUrl}/sitemap.xml`)).text()).toContain(`/homes/${SLUG}`);

    // An open house scheduled (through the API, by the agent); the agreement ends: the page is 404, the open house
    // cancelled.
    const anaId = await withE2eDb((db) => upsertUserFromClaims(db, { email: "ana@agency.test" }).id, app.database);
    const scheduled = await page.request.post(`${app.baseUrl}/api/transactions/${id}/open-houses`, {
      headers: { origin: app.baseUrl },
      data: { start: `${day}T13:00`, end: `${day}T15:00`, hostId: anaId },
    });
    expect(scheduled.status()).toBe(201);
    await withE2eDb((db) => listingDayJob(db, instantAt(addDaysTo(today, 4), 9)), app.database);
    expect(await statusOf(app, `/homes/${SLUG}`, anon)).toBe(404);
    expect(await (await anon.request.get(`${app.baseUrl}/sitemap.xml`)).text()).not.toContain(`/homes/${SLUG}`);
    const cancelled = await withE2eDb(
      (db) => db.select().from(openHouses).where(eq(openHouses.transactionId, id)).get()!.cancelledAt,
      app.database,
    );
    expect(cancelled).not.toBeNull();
  } finally {
    await app.stop();
  }
});

test("a sold home is 404 without its seller's yes to show the sale, and 'Sold' with it", async ({
  page,
  browser,
  js,
}) => {
  test.setTimeout(180_000);
  const app = await startApp(`public-when-sold-${js ? "js" : "nojs"}`, {});
  try {
    const { id } = await withE2eDb((db) => {
      const { broker, t } = seed(db, addDaysTo(todayIn(new Date()), 60));
      putHomeListing(db, broker, t.id, { mlsEnteredOn: addDaysTo(todayIn(new Date()), -3), price: 875000 });
      const sam = upsertUserFromClaims(db, { email: "sam@example.com" });
      putHomeListing(db, sam, t.id, { published: true });
      return { id: t.id };
    }, app.database);
    expect(await statusOf(app, `/homes/${SLUG}`, page)).toBe(200);
    // The broker completes it.
    await page.setViewportSize(DESKTOP);
    await loginAs(page, { email: "boss@agency.test", admin: true, returnTo: `/admin/transactions/${id}#details` }, app);
    await ready(page, js);
    const details = page.getByRole("region", { name: "Transaction details" });
    await details.getByLabel("Closing price").fill("860,000");
    await details.getByLabel("Status").selectOption("completed");
    await details.getByLabel("The broker's reason to complete anyway").fill("Reviewed on paper");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Transaction updated.").first()).toBeVisible();
    expect(await statusOf(app, `/homes/${SLUG}`, page)).toBe(404);
    expect(await statusOf(app, `/homes/${SLUG}/flyer.pdf`, page)).toBe(404);
    // The seller says yes to showing the sale: the page says "Sold".
    const seller = await (await browser.newContext({ javaScriptEnabled: js, viewport: PHONE })).newPage();
    await loginAs(seller, { email: "sam@example.com", returnTo: "/client-portal" }, app);
    await ready(seller, js);
    const consent = seller.getByRole("region", { name: "May we show your home on our site?" });
    await consent.getByLabel("Yes, show it").check();
    await consent.getByLabel(/The street address/).check();
    await consent.getByRole("button", { name: "Save my answer" }).click();
    await expect(seller.getByText("Thank you! Your home is shown on our site.").first()).toBeVisible();
    const anon = await (await browser.newContext({ javaScriptEnabled: js, viewport: PHONE })).newPage();
    await anon.goto(`${app.baseUrl}/homes/${SLUG}`);
    await expect(anon.getByText(/^Sold · \w+ \d{4}$/).first()).toBeVisible();
  } finally {
    await app.stop();
  }
});

test("an agent's fair-housing exception waits for the broker, whose approval publishes it", async ({
  page,
  browser,
  js,
}) => {
  test.setTimeout(180_000);
  const app = await startApp(`public-when-fh-${js ? "js" : "nojs"}`, {});
  try {
    const { id } = await withE2eDb((db) => {
      const { broker, t } = seed(db, addDaysTo(todayIn(new Date()), 60));
      putHomeListing(db, broker, t.id, {
        mlsEnteredOn: addDaysTo(todayIn(new Date()), -3),
        price: 875000,
        description: "Three bedrooms two blocks from two parks.",
      });
      putHomeListing(db, upsertUserFromClaims(db, { email: "sam@example.com" }), t.id, { published: true });
      return { id: t.id };
    }, app.database);
    await page.setViewportSize(DESKTOP);
    await loginAs(page, { email: "ana@agency.test", returnTo: `/admin/transactions/${id}/listing#listing-page` }, app);
    await ready(page, js);
    const section = page.getByRole("region", { name: "Listing page" });
    await section.getByLabel("Description").fill("The seller says: perfect for young families.");
    await section.getByRole("button", { name: "Save the listing page" }).click();
    await expect(page.getByTestId("fair-housing-flags")).toContainText("perfect for young families");
    await page.getByLabel(/Reason to keep these words/).fill("The seller's own words, quoted");
    await page
      .getByRole("region", { name: "Listing page" })
      .getByRole("button", { name: "Save the listing page" })
      .click();
    await expect(page.getByText(/waits for the broker's approval/).first()).toBeVisible();
    await expect(page.getByTestId("fair-housing-waiting")).toContainText("perfect for young families");
    const anon = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
    await anon.goto(`${app.baseUrl}/homes/${SLUG}`);
    await expect(anon.getByText("Three bedrooms two blocks from two parks.")).toBeVisible();

    // The broker approves it on /admin/reviews: the new text is shown.
    const broker = await (await browser.newContext({ javaScriptEnabled: js, viewport: PHONE })).newPage();
    await loginAs(broker, { email: "boss@agency.test", admin: true, returnTo: "/admin/reviews" }, app);
    await ready(broker, js);
    const exception = broker.getByTestId("fair-housing-exception");
    await expect(exception).toContainText("The seller's own words, quoted");
    await exception.getByRole("button", { name: "Approve" }).click();
    await expect(broker.getByText("Approved: the new text is shown.").first()).toBeVisible();
    await anon.goto(`${app.baseUrl}/homes/${SLUG}`);
    await expect(anon.getByText("The seller says: perfect for young families.")).toBeVisible();
  } finally {
    await app.stop();
  }
});

test("the door tells who will contact a visitor; 'Send me similar homes' starts the listing's own campaign", async ({
  page,
  browser,
  js,
}) => {
  test.setTimeout(120_000);
  const app = await startApp(`public-when-door-${js ? "js" : "nojs"}`, {});
  try {
    const { id, anaId } = await withE2eDb((db) => {
      const { broker, ana, t } = seed(db, addDaysTo(todayIn(new Date()), 60));
      putHomeListing(db, broker, t.id, { mlsEnteredOn: addDaysTo(todayIn(new Date()), -3), price: 875000 });
      putHomeListing(db, upsertUserFromClaims(db, { email: "sam@example.com" }), t.id, { published: true });
      return { id: t.id, anaId: ana.id };
    }, app.database);
    // An open house starting in half an hour (its door opens an hour before), scheduled by the agent.
    const start = new Date(Date.now() + 30 * 60_000);
    const end = new Date(start.getTime() + 2 * 3600_000);
    test.skip(todayIn(end) !== todayIn(start), "An open house cannot span San Diego's midnight: run at another hour");
    const wall = (d: Date) =>
      `${todayIn(d)}T${d.toLocaleTimeString("en-GB", { timeZone: "America/Los_Angeles", hour: "2-digit", minute: "2-digit" })}`;
    const agent = await (await browser.newContext()).newPage();
    await loginAs(agent, { email: "ana@agency.test", returnTo: null }, app);
    const made = await agent.request.post(`${app.baseUrl}/api/transactions/${id}/open-houses`, {
      headers: { origin: app.baseUrl },
      data: { start: wall(start), end: wall(end), hostId: anaId },
    });
    expect(made.status()).toBe(201);
    const token = ((await made.json()) as { signInPath: string }).signInPath.split("/").pop();
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`${app.baseUrl}/open-house/${token}`);
    await ready(page, js);
    await expect(page.getByTestId("door-contact-notice")).toContainText(
      "If you work with no agent, Ana Lopez will contact you about homes like this one",
    );
    await page.getByLabel("Your name").fill("Dana Lee");
    await page.getByLabel("E-mail").fill("dana@example.com");
    await page.getByLabel("No", { exact: true }).check();
    await page.getByLabel("Send me similar homes").check();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(/Thank you for signing in/).first()).toBeVisible();
    const joined = await withE2eDb(
      (db) =>
        db
          .select({ name: leadNurturingCampaigns.name, email: leadEngagement.email })
          .from(leadEngagement)
          .innerJoin(leadNurturingCampaigns, eq(leadNurturingCampaigns.id, leadEngagement.campaignId))
          .all(),
      app.database,
    );
    expect(joined).toEqual([{ name: "Homes like 3021 Juniper St", email: "dana@example.com" }]);
  } finally {
    await app.stop();
  }
});
