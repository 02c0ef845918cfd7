/**
 * The transaction workspace (docs/workspace.md) in a real browser, JavaScript on and off, on a server of its own: an
 * agent goes from the dashboard to a deal's Offers tab, records a counter, comes back to the overview and sees its
 * summary changed; a message sent on the Messages tab comes back to it; an old `#offers` link and an old `?offer=`
 * link land on the Offers tab; at 390 px the tab bar scrolls inside itself and no tab's page overflows.
 */
import { expectAxeClean } from "./axe";
import { expect, loginAs, ready, test, withE2eDb } from "./fixtures";
import { AGENT, seedSale } from "./sale";
import { startApp } from "./servers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test("an agent works a deal tab by tab; old links land on their tab; the tab bar scrolls on a phone", async ({
  page,
  js,
}) => {
  test.setTimeout(180_000);
  const app = await startApp(`workspace-${js ? "js" : "nojs"}`, {});
  try {
    const id = await withE2eDb((db) => seedSale(db, { address: "9 Elm St", setUpMilestones: true }).t.id, app.database);
    const tabs = page.getByRole("navigation", { name: "Transaction" });
    const summary = (tab: string) => page.getByTestId(`summary-${tab}`);

    // From the dashboard to the deal's overview: a summary line per part, each linking to its tab.
    await page.setViewportSize(DESKTOP);
    await loginAs(page, { email: AGENT, returnTo: "/admin" }, app);
    const recorded = await page.request.post(`${app.baseUrl}/api/transactions/${id}/offers`, {
      headers: { origin: app.baseUrl },
      data: { buyerName: "Jane Buyer", price: "840000", shared: true },
    });
    expect(recorded.status()).toBe(201);
    const offerId = ((await recorded.json()) as { id: number }).id;
    await page.reload();
    await ready(page, js);
    await page.getByRole("link", { name: "Manage" }).first().click();
    await expect(page).toHaveURL(`${app.baseUrl}/admin/transactions/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("9 Elm St");
    await expect(page.getByTestId("role-label")).toHaveText("Seller");
    await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(summary("offers")).toHaveText("Offers: 1, one received");
    await expect(summary("listing")).toContainText("Listing page:");

    // The Offers tab: its own page; the counter recorded there comes back to it.
    await tabs.getByRole("link", { name: "Offers" }).click();
    await expect(page).toHaveURL(`${app.baseUrl}/admin/transactions/${id}/offers`);
    await expect(tabs.getByRole("link", { name: "Offers" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("milestone")).toHaveCount(0);
    const offers = page.getByRole("region", { name: "Offers" });
    await offers.getByRole("link", { name: "Jane Buyer" }).click();
    await offers.getByText("Record a counter", { exact: true }).click();
    const counter = offers.getByRole("form", { name: "Record a counter" });
    await counter.getByLabel("Price", { exact: true }).fill("850,000");
    await counter.getByRole("button", { name: "Record counter" }).click();
    await expect(page.getByText("Counter recorded.", { exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/admin/transactions/${id}/offers`);
    await expect(offers.getByTestId("offer-round")).toHaveCount(2);

    // Back on the overview, the summary says so.
    await tabs.getByRole("link", { name: "Overview" }).click();
    await expect(summary("offers")).toHaveText("Offers: 1, one countered");

    // The Messages tab: a message sent there comes back to it.
    await tabs.getByRole("link", { name: "Messages" }).click();
    await page.getByLabel("Your message").fill("The buyer's agent has the counter.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("The buyer's agent has the counter.")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/admin/transactions/${id}/messages`);
    await tabs.getByRole("link", { name: "Overview" }).click();
    await expect(summary("messages")).toHaveText("Messages: 1");

    // An old link to the one-page Manage page's offers: with JavaScript it opens the tab; without, it lands on the
    // overview's Offers line, which links to it.
    await page.goto(`${app.baseUrl}/admin/transactions/${id}#offers`);
    await ready(page, js);
    if (!js) {
      await expect(page.locator("#offers")).toBeInViewport();
      await summary("offers").click();
    }
    await expect(page).toHaveURL(new RegExp(`/admin/transactions/${id}/offers(#offers)?$`));
    await expect(tabs.getByRole("link", { name: "Offers" })).toHaveAttribute("aria-current", "page");
    // An old link to one offer (the e-mails' before the tabs): the server sends it on to the tab.
    await page.goto(`${app.baseUrl}/admin/transactions/${id}?offer=${offerId}#offers`);
    await expect(page).toHaveURL(new RegExp(`/admin/transactions/${id}/offers\\?offer=${offerId}(#offers)?$`));
    await expect(offers.getByTestId("opened-offer")).toContainText("Jane Buyer");

    // At 390 px: the tab bar scrolls sideways inside itself; no tab's page is wider than the phone.
    await page.setViewportSize(PHONE);
    for (const [label, path] of [
      ["Overview", ""],
      ["Offers", "/offers"],
      ["Agreements", "/agreements"],
      ["Showings", "/showings"],
      ["Documents", "/documents"],
      ["Messages", "/messages"],
      ["Money", "/money"],
      ["Listing", "/listing"],
      ["Contract dates", "/contract"],
      ["History", "/history"],
    ] as const) {
      await page.goto(`${app.baseUrl}/admin/transactions/${id}${path}`);
      await ready(page, js);
      await expect(tabs.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
      const widths = await page.evaluate(() => {
        const bar = document.querySelector("[data-testid=workspace-tabs] ul")!;
        return { bar: bar.scrollWidth, barBox: bar.clientWidth, page: document.documentElement.scrollWidth };
      });
      expect(widths.bar, `${label}: the tab bar is wider than its box (it scrolls)`).toBeGreaterThan(widths.barBox);
      expect(widths.page, `${label}: nothing overflows the phone`).toBeLessThanOrEqual(PHONE.width);
    }
    await page.goto(`${app.baseUrl}/admin/transactions/${id}`);
    await ready(page, js);
    await expectAxeClean(page, js);
    // The last tab scrolls into reach: a tap opens it.
    await tabs.getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(`${app.baseUrl}/admin/transactions/${id}/history`);
  } finally {
    await app.stop();
  }
});
