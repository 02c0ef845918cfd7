/**
 * Every step says what comes next (issue 44), tried as new users in a real browser with JavaScript on and off, on a
 * phone (390 px) and a desktop (1280 px), the e-mails read from a real SMTP server:
 * - a seller from the calculator's "List at … for …" to the opened sale: the price carried into Start your
 *   listing, the signature, what happens next, the portal's agreement card in words, the broker's "Waiting for
 *   your signature", the countersignature completing the sale's "Listing agreement" step with the signed copy;
 * - a buyer from a purchase begun with the area searched to a confirmed tour: the prepare form with the
 *   purchase's template alone and the broker's default compensation, the portal's "To do", "your home search",
 *   the tour refused while the agreement waits for the broker (who is told), then asked and confirmed;
 * - a buyer's agent from the showing page's free times to their confirmed page with the access and the
 *   invitation, the seller's Approve as the primary action and the agent's phone shown to them.
 */
import type { Page } from "@playwright/test";
import { showingRulesSchema } from "~/lib/showing-schema";
import { DEFAULT_RULES } from "~/lib/showing-slots";
import { savedHomeSchema } from "~/lib/saved-home-schema";
import { createSavedHome } from "~/models/saved-home.server";
import { getShowingRules, saveShowingRules } from "~/models/showing.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { expect, fillProviderForm, loginAs, ready, test, withE2eDb } from "./fixtures";
import { consentAndAcknowledge } from "./signing";
import { SmtpSink, startApp, toAddresses } from "./servers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Consents (and acknowledges the agency disclosure when asked), opens the PDF and signs, on the signing page. */
async function sign(page: Page, js: boolean, legalName: string) {
  await consentAndAcknowledge(page, js);
  await ready(page, js);
  const href = await page.getByRole("link", { name: "Open the PDF" }).getAttribute("href");
  expect((await page.request.get(new URL(href!, page.url()).toString())).status()).toBe(200);
  await page.getByLabel("Type your full legal name").fill(legalName);
  await page.getByLabel("I agree to sign this document electronically").check();
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByTestId("signing-done")).toBeVisible();
}

test.describe("every step says what comes next", () => {
  test("a seller: from the calculator to the opened sale, with the broker's signature list", async ({
    page,
    browser,
    js,
  }) => {
    const smtp = await SmtpSink.start();
    const app = await startApp("seller-path", {
      SMTP_URL: smtp.url,
      MAIL_TICK_SECONDS: "1",
      ADMIN_EMAILS: "jo@agency.test",
    });
    try {
      await page.setViewportSize(PHONE);
      await page.goto(`${app.baseUrl}/?homeValue=750000#calculator`);
      await ready(page, js);
      const list = page.getByTestId("start-listing-from-calculator");
      await expect(list).toHaveText("List at $750,000 for $10,000");
      await list.click();
      await expect(page).toHaveURL(/\/start-listing\?price=750000$/);
      await ready(page, js);
      await expect(page.getByLabel("List price")).toHaveValue("750,000");
      await expect(page.getByTestId("listing-fee")).toContainText("Your flat fee: $10,000");
      await page.getByLabel("Your full legal name").fill("Sela Fonua");
      await page.getByLabel("Home address").fill("88 Juniper St, San Diego, CA 92101");
      await page.getByRole("button", { name: "Prepare my listing agreement" }).click();
      await fillProviderForm(page, { email: "sela@example.com", firstName: "Sela" });
      await expect(page).toHaveURL(/\/agreements\/\d+\/sign$/);
      await sign(page, js, "Sela Fonua");
      // What happens next, and the way back.
      await expect(page.getByTestId("signing-next")).toContainText("Next: the broker signs");
      await page.getByRole("link", { name: "Back to your portal" }).click();
      await expect(page.getByTestId("agreement").first()).toContainText("Waiting for the broker");
      await expect(page.getByText("No Active Transaction")).toHaveCount(0);

      // The broker's side: the seat's "Please sign" reaches the admin, and the dashboard lists it.
      await smtp.waitFor((m) => toAddresses(m).includes("jo@agency.test") && /^Please sign/.test(m.mail.subject ?? ""));
      const broker = await browser.newPage({ javaScriptEnabled: js, viewport: DESKTOP });
      try {
        await loginAs(broker, { email: "jo@agency.test", firstName: "Jo", admin: true, returnTo: "/admin" }, app);
        const waiting = broker.getByTestId("waiting-for-signature");
        await expect(waiting).toContainText("Signed by Sela Fonua");
        await waiting.getByRole("link").first().click();
        await sign(broker, js, "Jo Marsh");
        await expect(broker.getByTestId("signing-next")).toContainText("Everyone has signed");
      } finally {
        await broker.close();
      }

      // The sale opened: its "Listing agreement" step is completed, with the signed copy as its document.
      await page.setViewportSize(DESKTOP);
      await page.goto(`${app.baseUrl}/client-portal`);
      await expect(page.getByTestId("agreement").first()).toContainText(/Signed on \w+ \d+/);
      const step = page.getByTestId("milestone").nth(1);
      await expect(step).toContainText("Listing agreement");
      await expect(step).toContainText("Completed");
      await expect(step).toContainText("(signed).pdf");
    } finally {
      await app.stop();
      await smtp.close();
    }
  });

  test("a buyer: a home search, the agreement in the To do, a tour refused while the broker signs, then confirmed", async ({
    page,
    browser,
    js,
  }) => {
    const smtp = await SmtpSink.start();
    const app = await startApp("buyer-path", { SMTP_URL: smtp.url, MAIL_TICK_SECONDS: "1" });
    const server = app;
    const client = "rae.buyer@example.com";
    try {
      const { homes } = await withE2eDb((db) => {
        const admin = upsertUserFromClaims(db, { email: "boss@agency.test", firstName: "Blake" }, ["boss@agency.test"]);
        db.$client.prepare("INSERT OR IGNORE INTO agency_settings (id) VALUES (1)").run();
        db.$client
          .prepare("UPDATE agency_settings SET buyer_compensation = ? WHERE id = 1")
          .run(JSON.stringify({ type: "percent", value: 2.5, cap: 25000 }));
        const buyer = upsertUserFromClaims(db, { email: client, firstName: "Rae", lastName: "Buyer" });
        void admin;
        return {
          homes: ["41 Elm St, San Diego", "42 Oak Ave, San Diego"].map(
            (address) => createSavedHome(db, buyer, savedHomeSchema.parse({ address, price: "900000" })).id,
          ),
        };
      }, app.database);

      // Staff open the purchase with the area searched, no address and no value.
      const staff = await browser.newPage({ javaScriptEnabled: js, viewport: DESKTOP });
      await loginAs(staff, { email: "boss@agency.test", admin: true, returnTo: "/admin/transactions/new" }, server);
      await ready(staff, js);
      await staff.getByLabel("Client e-mail*").fill(client);
      await staff.getByLabel("Type*").selectOption("buying");
      await staff.getByLabel("Area searched (a purchase without a home yet)").fill("North Park, under $900,000");
      await staff.getByRole("button", { name: "Create Transaction" }).click();
      await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Home search: North Park, under $900,000");
      const id = Number(/transactions\/(\d+)/.exec(staff.url())![1]);

      // The prepare form: the buyer agreement alone, its fields prefilled, the broker's compensation.
      await staff.goto(`${app.baseUrl}/admin/transactions/${id}/agreements#agreements`);
      await ready(staff, js);
      await staff.getByText("Prepare an agreement").click();
      // The compensation structured (issue 56): a percentage of the price with its cap, from the settings.
      const compensation = staff.getByTestId("prepare-compensation");
      await expect(compensation.getByLabel("Kind")).toHaveValue("percent");
      await expect(compensation.getByLabel("Percentage (%) or amount ($)")).toHaveValue("2.5");
      await expect(compensation.getByLabel("At most ($, optional)")).toHaveValue("25000");
      await expect(staff.getByLabel("Flat fee")).toHaveCount(0);
      await compensation.getByLabel("Percentage (%) or amount ($)").fill("negotiable");
      await staff.getByRole("button", { name: "Prepare" }).click();
      // The error beside its field: words are not a compensation that can be worked out.
      await expect(staff.locator("#prepare-compensationValue-error")).toHaveText("Enter the compensation as a number");
      await staff.getByTestId("prepare-compensation").getByLabel("Percentage (%) or amount ($)").fill("2.5");
      await staff.getByRole("button", { name: "Prepare" }).click();
      await staff.getByRole("button", { name: "Send for signature" }).click();
      await expect(staff.getByTestId("agreement")).toContainText("Waiting for Rae Buyer");

      // The client: the agreement is first in their To do; "your home search"; they sign.
      await page.setViewportSize(PHONE);
      await loginAs(page, { email: client, returnTo: "/client-portal" }, server);
      await ready(page, js);
      await expect(page.getByTestId("to-do")).toContainText("Sign Buyer representation agreement: Rae Buyer");
      await expect(page.getByText("Your home search: North Park, under $900,000")).toBeVisible();
      await page.getByTestId("to-do").getByRole("link").first().click();
      await sign(page, js, "Rae Buyer");
      await expect(page.getByTestId("signing-next")).toContainText("Next: the broker signs");
      await page.getByRole("link", { name: "Back to your portal" }).click();
      await expect(page.getByTestId("to-do")).toHaveCount(0);
      // Told the truth: nothing to sign, the broker's signature awaited.
      await expect(page.getByTestId("tour-agreement-needed")).toContainText(
        "Your agreement is waiting for the broker's signature; we have been told",
      );
      const refused = await page.request.post(`${app.baseUrl}/api/transactions/${id}/tours`, {
        headers: { origin: app.baseUrl },
        data: { listingIds: homes, slots: [{ start: new Date(Date.now() + 72 * 3600_000).toISOString() }] },
      });
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toContain("waiting for the broker's signature");
      await smtp.waitFor(
        (m) => toAddresses(m).includes("boss@agency.test") && /^Waiting for your signature/.test(m.mail.subject ?? ""),
      );

      // The broker countersigns from the dashboard's list; the purchase's first step is then completed.
      await staff.goto(`${app.baseUrl}/admin`);
      await staff.getByTestId("waiting-for-signature").getByRole("link").first().click();
      await sign(staff, js, "Blake Morgan");

      // The tour: asked in the portal, confirmed on the Manage page; the staff e-mail names the client. (A hash
      // alone would not load the page again: the portal is open already.)
      await page.goto(`${app.baseUrl}/client-portal?tours#tours`);
      await ready(page, js);
      await expect(page.getByTestId("tour-agreement-needed")).toHaveCount(0);
      await page.getByLabel("Stop for 42 Oak Ave, San Diego").selectOption("1");
      const when = new Date(Math.ceil((Date.now() + 72 * 3600_000) / 3600_000) * 3600_000);
      const local = new Intl.DateTimeFormat("sv-SE", {
        timeZone: "America/Los_Angeles",
        dateStyle: "short",
        timeStyle: "short",
      })
        .format(when)
        .replace(" ", "T");
      await page.getByLabel("Time 1").fill(local);
      await page.getByRole("button", { name: "Ask for a tour" }).click();
      await expect(page.getByTestId("tour-stop").first()).toContainText("42 Oak Ave, San Diego");
      await smtp.waitFor((m) => /^Tour requested by Rae Buyer/.test(m.mail.subject ?? ""));
      await staff.goto(`${app.baseUrl}/admin/transactions/${id}/showings#tours`);
      await ready(staff, js);
      await staff.getByTestId("tour-stop").first().getByRole("button", { name: "Confirm" }).click();
      await expect(staff.getByTestId("tour-stop").first()).toContainText("Confirmed");
      await page.goto(`${app.baseUrl}/client-portal?confirmed#tours`);
      await expect(page.getByTestId("tour-stop").first()).toContainText("Confirmed");
      await expect(page.getByTestId("milestone").first()).toContainText("Completed");
      await staff.close();
    } finally {
      await app.stop();
      await smtp.close();
    }
  });

  test("a buyer's agent: the free times to choose, the seller's Approve, their confirmed page with the access and the invitation", async ({
    page,
    browser,
    js,
  }) => {
    const smtp = await SmtpSink.start();
    const app = await startApp("agent-path", { SMTP_URL: smtp.url, MAIL_TICK_SECONDS: "1" });
    try {
      const { token } = await withE2eDb((db) => {
        const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
        const owner = upsertUserFromClaims(db, { email: "sam.seller@example.com", firstName: "Sam" });
        const sale = createTransaction(
          db,
          admin,
          { email: owner.email, type: "selling", propertyAddress: "12 Palm St, San Diego, CA", homeValue: "850000" },
          { notify: false },
        );
        saveShowingRules(
          db,
          owner,
          sale.id,
          showingRulesSchema.parse({ ...DEFAULT_RULES, noticeHours: 0, accessInstructions: "Lockbox 2468" }),
        );
        return { token: getShowingRules(db, owner, sale.id).token };
      }, app.database);
      const agent = await browser.newPage({ javaScriptEnabled: js, viewport: PHONE });
      await agent.goto(`${app.baseUrl}/showings/${token}`);
      await ready(agent, js);
      const choice = agent.getByLabel("Choice 1");
      const options = await choice.locator("option").evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
      const slot = options.filter(Boolean).at(-1)!;
      await agent.getByLabel("Your name").fill("Pat Agent");
      await agent.getByLabel("Brokerage").fill("Harbor Homes");
      await agent.getByLabel("DRE license number").fill("01234567");
      await agent.getByLabel("Phone").fill("619-555-0199");
      await agent.getByLabel("E-mail").fill("pat@harbor.example");
      await choice.selectOption(slot);
      await agent.getByRole("button", { name: "Request showing" }).click();
      await expect(agent.getByTestId("showing-next")).toContainText("The seller's side answers soon");
      const agentUrl = agent.url();

      // The seller: Approve is the primary action, the agent's phone and e-mail are there.
      await page.setViewportSize(DESKTOP);
      await loginAs(page, { email: "sam.seller@example.com", returnTo: "/client-portal" }, app);
      await ready(page, js);
      await expect(page.getByTestId("to-do")).toContainText("Answer Pat Agent's showing request");
      const request = page.getByTestId("showing-request");
      await expect(request).toContainText("619-555-0199");
      await expect(request).toContainText("pat@harbor.example");
      await expect(request.getByRole("button", { name: "Approve" })).toHaveClass(/bg-brand-600/);
      await request.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByTestId("showing-totals")).toContainText("1 showing booked so far");

      await smtp.waitFor(
        (m) => toAddresses(m).includes("pat@harbor.example") && /^Showing confirmed/.test(m.mail.subject ?? ""),
      );
      await agent.goto(agentUrl);
      await expect(agent.getByTestId("showing-status")).toContainText("Confirmed");
      await expect(agent.getByTestId("showing-time")).toContainText(" to ");
      await expect(agent.getByTestId("showing-access")).toContainText("Lockbox 2468");
      const invite = await agent.getByTestId("showing-invitation").getAttribute("href");
      expect(await (await agent.request.get(new URL(invite!, agentUrl).toString())).text()).toContain("BEGIN:VEVENT");
      await agent.setViewportSize(DESKTOP);
      await expect(agent.getByTestId("showing-access")).toBeVisible();
      await agent.close();
    } finally {
      await app.stop();
      await smtp.close();
    }
  });
});
