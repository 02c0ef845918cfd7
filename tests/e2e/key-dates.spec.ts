/**
 * Key dates in a real browser, JavaScript on and off: an admin enters a contract, the client sees the
 * dates; a deadline marked done; a closing before acceptance refused on its field; staff's 7-day card; the
 * calendar feed's reset link.
 */
import { BASE_URL } from "../../playwright.config";
import { todayIn } from "~/lib/plain-date";
import { ADMIN_EMAIL } from "../../playwright.config";
import { expect, loginAs, queryDb, ready, seedTransaction, test, uniqueEmail } from "./fixtures";

test.describe("key dates", () => {
  test("an admin enters a contract; the client sees each date, moves and the next one; a deadline marked done", async ({
    page,
    browser,
    js,
  }) => {
    const client = uniqueEmail();
    const id = await seedTransaction({ email: client, type: "buying", address: "123 Main St" });
    await loginAs(page, { email: client });
    await expect(page.getByText("Key dates appear here once your offer is accepted.")).toBeVisible();

    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: js });
    const admin = await context.newPage();
    await loginAs(admin, { email: ADMIN_EMAIL, returnTo: `/admin/transactions/${id}` });
    await ready(admin, js);
    const contract = admin.getByRole("region", { name: "Contract" });
    await contract.getByLabel("Acceptance date").fill("2027-06-17");
    await contract.getByLabel("Close of escrow (optional)").fill("2027-06-01");
    await contract.getByRole("button", { name: "Save Contract" }).click();
    await expect(contract.getByText("The close of escrow cannot be before acceptance")).toBeVisible();
    expect(await queryDb("SELECT id FROM deadlines WHERE transaction_id = ?", id)).toEqual([]);

    await contract.getByLabel("Close of escrow (optional)").fill("2027-07-03");
    await contract.getByLabel(/^Loan contingency removal/).fill("21");
    await contract.getByRole("button", { name: "Save Contract" }).click();
    await expect(admin.getByText("Contract saved. The key dates are set.", { exact: true })).toBeVisible();
    await expect(admin.getByTestId("closing-moved")).toContainText(
      "escrow closes on the next business day, Tue, Jul 6, 2027",
    );
    const rows = admin.getByTestId("key-date");
    await expect(rows).toHaveCount(7);
    await admin.getByRole("button", { name: "Mark done: Initial deposit to escrow" }).click();
    await expect(admin.getByText("Marked done.", { exact: true })).toBeVisible();
    await expect(rows.filter({ hasText: "Initial deposit to escrow" })).toHaveAttribute("data-status", "done");
    await context.close();

    await page.reload();
    const panel = page.getByRole("region", { name: "Key dates" });
    const dates = panel.getByTestId("key-date");
    await expect(dates).toHaveCount(7);
    await expect(dates.filter({ hasText: "Initial deposit to escrow" })).toContainText("Done");
    await expect(dates.filter({ hasText: "Investigation (inspection) contingency removal" })).toContainText(
      "Tue, Jul 6, 2027",
    );
    await expect(dates.filter({ hasText: "Investigation (inspection) contingency removal" })).toContainText(
      "moved from Sun, Jul 4 (weekend)",
    );
    await expect(dates.filter({ hasText: "Loan contingency removal" })).toContainText("Thu, Jul 8, 2027");
    await expect(dates.filter({ hasText: "Close of escrow" })).toContainText("moved from Sat, Jul 3 (weekend)");
    // The next open one is stressed.
    await expect(dates.filter({ hasText: "Next" })).toContainText("Seller's disclosures and reports delivered");
    const event = await page.request.get(
      (await dates
        .filter({ hasText: "Close of escrow" })
        .getByRole("link", { name: /Add .* to your calendar/ })
        .getAttribute("href"))!,
    );
    expect(event.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await event.text()).toContain("DTSTART;VALUE=DATE:20270706");
  });

  test("staff see the next 7 days on the dashboard; a client resets their calendar address", async ({
    page,
    browser,
    js,
  }) => {
    const client = uniqueEmail();
    const address = `${Date.now()} Soon Ave`;
    const id = await seedTransaction({ email: client, type: "selling", address });
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: js });
    const admin = await context.newPage();
    await loginAs(admin, { email: ADMIN_EMAIL, returnTo: `/admin/transactions/${id}` });
    await ready(admin, js);
    const today = todayIn(new Date());
    await admin.getByRole("region", { name: "Contract" }).getByLabel("Acceptance date").fill(today);
    await admin.getByRole("button", { name: "Save Contract" }).click();
    await expect(admin.getByText("Contract saved. The key dates are set.", { exact: true })).toBeVisible();
    await admin.goto("/admin");
    const card = admin.getByTestId("due-soon");
    await expect(card.getByRole("link", { name: `Initial deposit to escrow — ${address}` })).toHaveAttribute(
      "href",
      `/admin/transactions/${id}#contract`,
    );
    await context.close();

    await loginAs(page, { email: client });
    await ready(page, js);
    const feed = page.getByRole("region", { name: "Your calendar" });
    const url = await feed.getByLabel("Calendar address (keep it private)").inputValue();
    expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
    const before = await page.request.get(url);
    expect(before.status()).toBe(200);
    expect(await before.text()).toContain(`SUMMARY:Initial deposit to escrow — ${address}`);
    await feed.getByRole("button", { name: "Reset link" }).click();
    await expect(page.getByText("Your calendar has a new address.", { exact: true })).toBeVisible();
    await expect(feed.getByLabel("Calendar address (keep it private)")).not.toHaveValue(url);
    expect((await page.request.get(url)).status()).toBe(404);
    const fresh = await feed.getByLabel("Calendar address (keep it private)").inputValue();
    expect((await page.request.get(fresh)).status()).toBe(200);
  });
});
