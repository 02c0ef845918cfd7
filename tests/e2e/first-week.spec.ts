/**
 * What a new client and a new admin tripped over in their first week (issue 28), each in a real browser with
 * JavaScript on and off: the portal's section navigation, staying where one acted, a saved home deleted only
 * after a confirmation, touch targets of 44 px, the contact form's confirmation in its place and the focus on
 * a field in error, the wire-fraud warning only beside a client's or an e-mailed message, the close of escrow
 * never waived, counts in words, number fields that take "1,650", layouts at 390 px, and toasts that hide
 * no button.
 */
import type { Locator } from "@playwright/test";
import { contractSchema } from "~/lib/contract-schema";
import { saveContract } from "~/models/contract.server";
import { createSavedHome } from "~/models/saved-home.server";
import { postMessage } from "~/models/message.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { ADMIN_EMAIL, BASE_URL } from "../../playwright.config";
import {
  expect,
  loginAs,
  queryDb,
  ready,
  seedTransaction,
  signedInRequest,
  test,
  uniqueEmail,
  withE2eDb,
} from "./fixtures";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A client with an active transaction (its milestones set up), a contract, messages and saved homes. */
async function busyClient(options: { homes?: number; messages?: Array<[by: "client" | "staff", body: string]> } = {}) {
  const email = uniqueEmail("week");
  const id = await seedTransaction({
    email,
    type: "buying",
    address: `${Date.now()} First Week Ln`,
    milestones: [{ status: "completed" }, { status: "in_progress" }],
  });
  await withE2eDb((db) => {
    const admin = upsertUserFromClaims(db, { email: ADMIN_EMAIL }, [ADMIN_EMAIL]);
    const client = upsertUserFromClaims(db, { email });
    saveContract(db, admin, id, contractSchema.parse({ acceptedOn: "2099-01-05" }));
    for (const [by, body] of options.messages ?? []) postMessage(db, by === "client" ? client : admin, id, body);
    for (let i = 1; i <= (options.homes ?? 0); i++) {
      createSavedHome(db, client, { address: `${i} Saved Home Rd`, price: String(600000 + i * 1000) });
    }
  });
  return { email, id };
}

/** Every element's box that `locator` matches: at least 44 × 44 px. */
async function expectTouchTargets(locator: Locator) {
  const boxes = await locator.evaluateAll((elements) =>
    elements
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => ({
        name: e.textContent?.trim() || e.getAttribute("aria-label"),
        ...e.getBoundingClientRect().toJSON(),
      })),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.width, `${box.name} is ${box.width} px wide`).toBeGreaterThanOrEqual(44);
    expect(box.height, `${box.name} is ${box.height} px tall`).toBeGreaterThanOrEqual(44);
  }
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe("a new client's first week", () => {
  test("the portal's section navigation jumps to each section and shows the counts that matter", async ({
    page,
    js,
  }) => {
    const { email } = await busyClient({ homes: 2, messages: [["staff", "Welcome aboard!"]] });
    await page.setViewportSize(PHONE);
    await loginAs(page, { email });
    await ready(page, js);
    const nav = page.getByRole("navigation", { name: "Sections of your portal" });
    await expect(nav.getByRole("link")).toHaveText([
      "Progress",
      /^Key dates\s*next \w{3}, Jan \d+$/,
      "Documents",
      "Estimates",
      "Offers",
      "Tours",
      /^Messages\s*1 new$/,
      /^Homes\s*2$/,
    ]);
    // Sticky on a phone: still on screen after scrolling far down.
    await nav.getByRole("link", { name: /^Homes/ }).click();
    await expect(page).toHaveURL(/#listings$/);
    const heading = page.getByRole("heading", { name: "My Properties" });
    await expect(heading).toBeInViewport();
    await expect(nav).toBeInViewport();
    // The heading it jumped to is not hidden under the sticky bars (once the smooth scroll has ended).
    await expect
      .poll(async () => {
        const [h, bar] = [await heading.boundingBox(), await nav.boundingBox()];
        return h!.y - (bar!.y + bar!.height);
      })
      .toBeGreaterThanOrEqual(0);
    await nav.getByRole("link", { name: "Key dates" }).click();
    await expect(page.getByRole("heading", { name: "Key dates" })).toBeInViewport();
    await expectTouchTargets(nav.getByRole("link"));
  });

  test("favouriting a home far down a phone's page keeps the place, with and without JavaScript", async ({
    page,
    js,
  }) => {
    const { email } = await busyClient({ homes: 6 });
    await page.setViewportSize(PHONE);
    await loginAs(page, { email });
    await ready(page, js);
    const card = page.getByTestId("listing").filter({ hasText: "1 Saved Home Rd" });
    await card.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(1500); // far down a phone's page
    const stored = page.waitForResponse((r) => r.request().method() === "POST");
    await card.getByRole("button", { name: "Add to favorites" }).click();
    await stored;
    await expect(card.getByRole("button", { name: "Remove from favorites" })).toBeVisible();
    if (js) {
      // No reload, no jump: the page stays where the person acted.
      await page.waitForLoadState("networkidle");
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(50);
    } else {
      // Without JavaScript the answer lands on the list, not the top of the page.
      await expect(page).toHaveURL(`${BASE_URL}/client-portal#listings`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000); // a smooth scroll
    }
  });

  test("every button and button-like link of the portal is a 44 px target; a home's heart and × are apart", async ({
    page,
    js,
  }) => {
    const { email } = await busyClient({ homes: 1 });
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await loginAs(page, { email });
      await ready(page, js);
      await expectTouchTargets(page.locator("main button:not([disabled]), main a[class*='min-h-11']"));
      const home = page.getByTestId("listing");
      const heart = await home.getByRole("button", { name: "Add to favorites" }).boundingBox();
      const remove = await home.getByRole("link", { name: /^Delete / }).boundingBox();
      expect(remove!.x - (heart!.x + heart!.width)).toBeGreaterThanOrEqual(8);
    }
  });

  test("a saved home is deleted only after a confirmation that works without JavaScript", async ({ page, js }) => {
    const { email } = await busyClient({ homes: 2 });
    await loginAs(page, { email });
    await ready(page, js);
    const home = page.getByTestId("listing").filter({ hasText: "2 Saved Home Rd" });
    await home.getByRole("link", { name: "Delete 2 Saved Home Rd" }).click();
    if (!js) await expect(page).toHaveURL(/\?delete=\d+#listing-\d+$/);
    const confirm = page.getByTestId("delete-confirmation");
    await expect(confirm).toBeVisible();
    // Nothing is gone yet.
    expect(
      await queryDb("select l.id from saved_homes l join users u on u.id = l.user_id where u.email = ?", email),
    ).toHaveLength(2);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Property listing deleted successfully!", { exact: true })).toBeVisible();
    await expect(page.getByTestId("listing")).toHaveText([/1 Saved Home Rd/]);
  });

  test("the wire-fraud warning stands beside a client's message, not beside the agency's own", async ({ page, js }) => {
    const text = "Please wire the deposit to the escrow account number we discussed.";
    const { email } = await busyClient({
      messages: [
        ["staff", text],
        ["client", text],
      ],
    });
    await loginAs(page, { email });
    await ready(page, js);
    const messages = page.getByTestId("message");
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(0).getByTestId("wire-warning")).toHaveCount(0);
    await expect(messages.nth(1).getByTestId("wire-warning")).toBeVisible();
    await expect(page.getByTestId("wire-fraud-banner")).toBeVisible();
  });

  test("the upload form's step fits its box on a phone", async ({ page, js }) => {
    const { email } = await busyClient();
    await page.setViewportSize(PHONE);
    await loginAs(page, { email });
    await ready(page, js);
    const form = page.getByRole("form", { name: "Upload documents" });
    const select = await form.getByLabel("Step (optional)").boundingBox();
    const box = await form.boundingBox();
    expect(select!.x + select!.width).toBeLessThanOrEqual(box!.x + box!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test("square footage takes 1,650 as the price takes $849,000; the price's placeholder reads as an example", async ({
    page,
    js,
  }) => {
    await loginAs(page, { email: uniqueEmail(), returnTo: "/client-portal?dialog=add-property" });
    await ready(page, js);
    const dialog = page.getByRole("dialog", { name: "Add Property" });
    await expect(dialog.getByLabel("Price*")).toHaveAttribute("placeholder", "e.g. 850,000");
    await dialog.getByLabel("Property Address*").fill("9 Comma Ct");
    await dialog.getByLabel("Price*").fill("$849,000");
    await dialog.getByLabel("Square Footage").fill("1,650");
    await dialog.getByRole("button", { name: "Add Property" }).click();
    await expect(page.getByTestId("listing-facts")).toHaveText("1,650 sqft");
    await expect(page.getByTestId("listing-price")).toHaveText("$849,000");
  });

  test("Parse says what it found in the dialog, with no toast over the dialog's title", async ({ page, js }) => {
    test.skip(!js, "toasts are JavaScript's; without it the dialog's message is the only one");
    await loginAs(page, { email: uniqueEmail(), returnTo: "/client-portal?dialog=add-property" });
    await ready(page, js);
    const dialog = page.getByRole("dialog", { name: "Add Property" });
    await dialog
      .getByLabel("Zillow listing URL (optional)")
      .fill("https://www.zillow.com/homedetails/1234-Ocean-View-Blvd-San-Diego-CA-92107/12345678_zpid/");
    await dialog.getByRole("button", { name: "Parse" }).click();
    await expect(dialog.getByRole("status")).toContainText("URL Parsed");
    await page.waitForTimeout(300);
    await expect(page.locator("[data-variant]")).toHaveCount(0); // no toast
  });
});

test.describe("the landing page", () => {
  test("a sent message is confirmed where the form was: who answers, when, what next", async ({ page, js }) => {
    await page.goto("/#contact");
    await ready(page, js);
    const section = page.locator("#contact");
    await section.getByLabel("First Name*").fill("Ana");
    await section.getByLabel("Last Name*").fill("Week");
    await section.getByLabel("Email*").fill(uniqueEmail("lead"));
    await section.getByLabel("Phone*").fill("619 555 0100");
    await section.getByRole("button", { name: "Send Message" }).click();
    const sent = section.getByTestId("contact-sent");
    await expect(sent).toBeVisible();
    await expect(sent).toContainText("Thank you for your message! We will contact you soon.");
    await expect(sent).toContainText("calls you within one business day");
    await expect(section.getByRole("button", { name: "Send Message" })).toHaveCount(0);
    await expect(sent).toBeInViewport();
    // It stays: no toast's five seconds take it away.
    await page.waitForTimeout(5500);
    await expect(sent).toBeVisible();
    await sent.getByRole("link", { name: "Send another message" }).click();
    await expect(section.getByRole("button", { name: "Send Message" })).toBeVisible();
  });

  test("a refused send puts the focus on the first field in error", async ({ page, js }) => {
    await page.goto("/#contact");
    await ready(page, js);
    const section = page.locator("#contact");
    await section.getByLabel("First Name*").fill("Ana");
    await section.getByLabel("Email*").fill("not-an-address");
    if (!js) {
      // The browser's own checks stand aside, so the server answers (as it does for any other client).
      await section.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
    }
    await section.getByRole("button", { name: "Send Message" }).click();
    await expect(section.getByLabel("Last Name*")).toBeFocused();
    await expect(section.getByLabel("First Name*")).toHaveValue("Ana");
  });

  test("the calculator holds no empty space before a value is typed", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const input = await page.getByLabel("Enter your home's value:").boundingBox();
    const hint = page.getByTestId("calculator-empty");
    await expect(hint).toBeVisible();
    const end = await page.locator("#calculator").boundingBox();
    // What follows the input is one line of text and the section's own padding.
    expect(end!.y + end!.height - (input!.y + input!.height)).toBeLessThan(160);
  });
});

test.describe("a new admin's first week", () => {
  test("the transactions become cards on a phone, each with its Manage button in view", async ({ page, js }) => {
    await seedTransaction({ email: uniqueEmail(), type: "selling", address: `${Date.now()} Card St` });
    await page.setViewportSize(PHONE);
    await loginAs(page, { email: ADMIN_EMAIL, returnTo: "/admin" });
    await ready(page, js);
    const row = page.getByTestId("transaction-row").first();
    const manage = await row.getByRole("link", { name: "Manage" }).boundingBox();
    expect(manage!.x + manage!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Each line of the card says which column it is.
    const labels = await row
      .locator("td")
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
    // A "Choose" box leads the row once the agency has agents (bulk assignment); the columns are the header's.
    const headers = await row.locator("xpath=ancestor::table").locator("thead th").allTextContents();
    expect(labels).toEqual(headers.map((header) => JSON.stringify(header)));
    expect(labels.filter((label) => label !== '"Choose"')).toEqual([
      '"Client"',
      '"Type"',
      '"Property Address"',
      '"Value"',
      '"Progress"',
      '"Status"',
      '"Actions"',
    ]);
  });

  test("counts read as words: 1 lead matches", async ({ page, js }) => {
    const email = uniqueEmail("onelead");
    await page.goto("/#contact");
    await ready(page, js);
    const section = page.locator("#contact");
    await section.getByLabel("First Name*").fill("One");
    await section.getByLabel("Last Name*").fill("Lead");
    await section.getByLabel("Email*").fill(email);
    await section.getByLabel("Phone*").fill("619 555 0101");
    await section.getByRole("button", { name: "Send Message" }).click();
    await expect(section.getByTestId("contact-sent")).toBeVisible();
    await loginAs(page, { email: ADMIN_EMAIL, returnTo: `/admin/leads?q=${encodeURIComponent(email)}` });
    await expect(page.getByText("1 lead matches.", { exact: false })).toBeVisible();
  });

  test("the close of escrow offers no Waive and the API refuses it (409); a toast hides no row's button", async ({
    page,
    js,
  }) => {
    const { id } = await busyClient();
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await loginAs(page, { email: ADMIN_EMAIL, returnTo: `/admin/transactions/${id}/contract#contract` });
      await ready(page, js);
      const contract = page.getByRole("region", { name: "Contract" });
      const close = contract.getByTestId("deadline").filter({ hasText: "Close of escrow" });
      await expect(close.getByRole("button", { name: "Mark done: Close of escrow" })).toBeVisible();
      await expect(close.getByRole("button", { name: /^Waive/ })).toHaveCount(0);
      const deposit = contract.getByTestId("deadline").filter({ hasText: "Initial deposit" });
      const status = deposit.getByRole("button", { name: /^(Mark done|Reopen): Initial deposit/ });
      await status.click();
      if (!js) continue; // the flash message is a banner at the top of the page: it covers nothing
      const toast = page.locator("li[data-variant]:visible").first();
      await expect(toast).toContainText(/Marked done|Reopened/);
      let shown: Awaited<ReturnType<Locator["boundingBox"]>> = null;
      await expect.poll(async () => (shown = await toast.boundingBox())).not.toBeNull();
      const toastBox = shown!;
      for (const button of await contract.getByRole("button").all()) {
        if (!(await button.isVisible())) continue;
        const box = await button.boundingBox();
        if (box && box.y + box.height > 0 && box.y < viewport.height) {
          expect(overlaps(toastBox, box), `the toast covers ${await button.getAttribute("aria-label")}`).toBe(false);
        }
      }
      if (viewport === PHONE) {
        const menu = await page.getByRole("button", { name: "Menu" }).boundingBox();
        expect(overlaps(toastBox, menu!), "the toast covers the Menu button").toBe(false);
      }
    }
    const admin = await signedInRequest(page, ADMIN_EMAIL);
    const [close] = await queryDb<{ id: number }>(
      "select id from deadlines where transaction_id = ? and key = 'close_of_escrow'",
      id,
    );
    const refused = await admin.patch(`/api/deadlines/${close!.id}`, { data: { status: "waived" } });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toMatch(/cannot be waived/);
    expect(await queryDb("select status from deadlines where id = ?", close!.id)).toEqual([{ status: "open" }]);
  });
});
