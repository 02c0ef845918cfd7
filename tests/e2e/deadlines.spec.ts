/**
 * Key dates in a real browser, JavaScript on and off: an admin enters a contract, the client sees the
 * dates; a deadline marked done; a closing before acceptance refused on its field; staff's 7-day card; the
 * calendar feed's reset link; dates with spaces or out of the calendar refused (400) by the API and the form;
 * another client's deadline answers the same 404 as one that does not exist.
 */
import { BASE_URL } from "../../playwright.config";
import { todayIn } from "~/lib/plain-date";
import { ADMIN_EMAIL } from "../../playwright.config";
import { expect, loginAs, queryDb, ready, seedTransaction, signedInRequest, test, uniqueEmail } from "./fixtures";

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
    await loginAs(admin, { email: ADMIN_EMAIL, returnTo: `/admin/transactions/${id}/contract` });
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
    const rows = admin.getByTestId("deadline");
    await expect(rows).toHaveCount(7);
    await admin.getByRole("button", { name: "Mark done: Initial deposit to escrow" }).click();
    await expect(admin.getByText("Marked done.", { exact: true })).toBeVisible();
    await expect(rows.filter({ hasText: "Initial deposit to escrow" })).toHaveAttribute("data-status", "done");
    await context.close();

    await page.reload();
    const panel = page.getByRole("region", { name: "Key dates" });
    const dates = panel.getByTestId("deadline");
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
    await loginAs(admin, { email: ADMIN_EMAIL, returnTo: `/admin/transactions/${id}/contract` });
    await ready(admin, js);
    const today = todayIn(new Date());
    await admin.getByRole("region", { name: "Contract" }).getByLabel("Acceptance date").fill(today);
    await admin.getByRole("button", { name: "Save Contract" }).click();
    await expect(admin.getByText("Contract saved. The key dates are set.", { exact: true })).toBeVisible();
    await admin.goto("/admin");
    const card = admin.getByTestId("due-soon");
    await expect(card.getByRole("link", { name: `Initial deposit to escrow — ${address}` })).toHaveAttribute(
      "href",
      `/admin/transactions/${id}/contract#contract`,
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

  test("a date with spaces or past the calendar is a 400 on its field, by the API and the Contract form", async ({
    page,
    js,
  }) => {
    const id = await seedTransaction({ email: uniqueEmail(), type: "buying", address: `${Date.now()} Bound St` });
    const admin = await signedInRequest(page, ADMIN_EMAIL);
    const put = (data: unknown) => admin.put(`/api/transactions/${id}/contract`, { data });
    for (const body of [
      { acceptedOn: " 2026-01-01 " },
      { acceptedOn: "9999-12-31" },
      { acceptedOn: "9999-12-20", days: { loan_contingency: 120, close_of_escrow: 120 } },
      { acceptedOn: "2027-01-04", closingOn: "2101-01-01" },
    ]) {
      const response = await put(body);
      expect(response.status(), JSON.stringify(body)).toBe(400);
      const answer = await response.json();
      expect(Object.keys(answer.errors), JSON.stringify(body)).toEqual([body.closingOn ? "closingOn" : "acceptedOn"]);
    }
    expect(await queryDb("select id from deadlines where transaction_id = ?", id)).toEqual([]);
    // The last of the calendar's years is taken, and its deadlines computed.
    expect((await put({ acceptedOn: "2099-12-31" })).status()).toBe(200);

    // The same through the form: spaces around the date (as a tampered form sends it), without a 500.
    await page.goto(`/admin/transactions/${id}/contract`);
    await ready(page, js);
    const form = page.getByRole("region", { name: "Contract" });
    const response = await page.request.post(`/admin/transactions/${id}/contract`, {
      form: { intent: "save-contract", acceptedOn: " 2027-03-01 " },
      headers: { origin: BASE_URL },
    });
    expect(response.status()).toBe(400);
    await form.getByLabel("Acceptance date").fill("9999-12-31");
    await form.getByRole("button", { name: "Save Contract" }).click();
    await expect(form.getByText("Enter a date from 2000 to 2099")).toBeVisible();
  });

  test("another client's deadline and a missing one answer the same 404", async ({ page, browser, js }) => {
    const owner = uniqueEmail();
    const id = await seedTransaction({ email: owner, type: "buying" });
    const admin = await signedInRequest(page, ADMIN_EMAIL);
    expect((await admin.put(`/api/transactions/${id}/contract`, { data: { acceptedOn: "2027-01-04" } })).status()).toBe(
      200,
    );
    const [deadline] = await queryDb<{ id: number }>("select id from deadlines where transaction_id = ? limit 1", id);
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: js });
    const stranger = await signedInRequest(await context.newPage(), uniqueEmail("stranger"));
    const theirs = await stranger.get(`/deadlines/${deadline!.id}.ics`);
    const missing = await stranger.get("/deadlines/999999999.ics");
    expect([theirs.status(), missing.status()]).toEqual([404, 404]);
    expect(await theirs.text()).toBe(await missing.text());
    await context.close();
  });
});
