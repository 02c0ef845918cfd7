/**
 * Offers in a real browser, JavaScript on and off, and over HTTP: three offers received on a sale, two
 * shared; the client sees those two, best net first, and wishes to counter one; staff keep one as a backup,
 * counter, and record the acceptance (an earlier round's acceptance is a 409); the accepted offer fills in
 * the contract and the key dates appear in the portal; the third is rejected. A multiple counter accepted
 * by two buyers binds only the one the seller signs. A buying client makes an offer from a saved home.
 * The e-mails reach a real SMTP server; another client gets 404, a visitor 401.
 */
import type { APIRequestContext } from "@playwright/test";
import { ADMIN_EMAIL, BASE_URL } from "../../playwright.config";
import { createSavedHome } from "~/models/saved-home.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { createTransaction } from "~/models/transaction.server";
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
import { SmtpSink, startApp, toAddresses } from "./servers";

const TERMS = {
  jane: {
    buyerName: "Jane Buyer",
    price: "860000",
    deposit: "25000",
    sellerCredit: "10000",
    buyerAgentPay: "21500",
    shared: true,
  },
  sam: {
    buyerName: "Sam Cash",
    price: "845000",
    financing: "cash",
    deposit: "50000",
    closeOfEscrowDays: "14",
    contingencies: { investigation: "7", appraisal: "0", loan: "0" },
    shared: true,
  },
  lee: { buyerName: "Lee Hidden", price: "870000", closeOfEscrowDays: "45" },
};

async function record(admin: APIRequestContext, transactionId: number, terms: Record<string, unknown>) {
  const response = await admin.post(`/api/transactions/${transactionId}/offers`, { data: terms });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; rounds: Array<{ id: number }>; net: string };
}

test.describe("offers on a sale", () => {
  test("two of three shared, compared by net; a wish, a backup, a counter, an acceptance that starts the clock", async ({
    page,
    browser,
    js,
  }) => {
    const email = uniqueEmail("offers");
    const id = await seedTransaction({
      email,
      type: "selling",
      address: "12 Offer Way, San Diego, CA 92101",
      homeValue: 850000,
    });
    const staffContext = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: js });
    const staff = await staffContext.newPage();
    const admin = await signedInRequest(staff, ADMIN_EMAIL);
    const jane = await record(admin, id, TERMS.jane);
    const sam = await record(admin, id, TERMS.sam);
    const lee = await record(admin, id, TERMS.lee);
    // The cash offer nets more: $845,000 with no credits against $860,000 less $31,500 of them.
    expect(Number(sam.net)).toBeGreaterThan(Number(jane.net));

    await loginAs(page, { email, returnTo: "/client-portal#offers" });
    await ready(page, js);
    const section = page.getByRole("region", { name: "Offers" });
    await expect(section.getByTestId("offer-row")).toHaveCount(2);
    await expect(section.getByTestId("offer-row").first()).toContainText("Sam Cash");
    await expect(section.getByTestId("offer-row").nth(1)).toContainText("Jane Buyer");
    await expect(section.getByText("Lee Hidden")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Sections of your portal" })).toContainText("Offers2 open");
    // Sorted by price instead: Jane's $860,000 first.
    await section.getByRole("link", { name: "Price" }).click();
    await expect(section.getByTestId("offer-row").first()).toContainText("Jane Buyer");

    await section.getByRole("link", { name: "Jane Buyer" }).click();
    const opened = section.getByTestId("opened-offer");
    await expect(opened.getByTestId("offer-status")).toHaveText("Received");
    const wish = opened.getByRole("form", { name: "Your answer" });
    await wish.getByLabel("Counter", { exact: true }).check();
    await wish.getByRole("button", { name: "Send to my agent" }).click();
    await expect(opened.getByText("Say what you would counter with")).toBeVisible();
    await opened.getByRole("form", { name: "Your answer" }).getByLabel("Counter", { exact: true }).check();
    await opened.getByRole("form", { name: "Your answer" }).getByLabel(/^Note/).fill("Ask for $865,000");
    await opened.getByRole("form", { name: "Your answer" }).getByRole("button", { name: "Send to my agent" }).click();
    await expect(page.getByText("Your answer was sent to your agent.", { exact: true })).toBeVisible();
    await expect(section.getByTestId("offer-wish")).toContainText("counter: Ask for $865,000");
    // The client cannot record the binding answer, nor see the unshared offer.
    const own = page.request;
    expect((await own.post(`/api/offers/${jane.id}/events`, { data: { type: "accept" } })).status()).toBe(403);
    expect((await own.get(`/api/offers/${lee.id}`)).status()).toBe(404);

    // Staff: a backup only behind an accepted offer; a counter to Jane; an earlier round's acceptance refused.
    await staff.goto(`/admin/transactions/${id}/offers?offer=${sam.id}#offer`);
    await ready(staff, js);
    const manage = staff.getByRole("region", { name: "Offers" });
    await expect(manage.getByTestId("opened-offer")).toContainText("Sam Cash");
    await expect(manage.getByRole("button", { name: "Keep as backup" })).toHaveCount(0);
    expect((await admin.post(`/api/offers/${sam.id}/events`, { data: { type: "backup" } })).status()).toBe(409);
    await staff.goto(`/admin/transactions/${id}/offers?offer=${jane.id}#offer`);
    await ready(staff, js);
    await expect(manage.getByTestId("offer-wish")).toContainText("The client would like to counter");
    await manage.getByText("Record a counter", { exact: true }).click();
    const counter = manage.getByRole("form", { name: "Record a counter" });
    await counter.getByLabel("Price", { exact: true }).fill("865,000");
    await counter.getByRole("button", { name: "Record counter" }).click();
    await expect(staff.getByText("Counter recorded.", { exact: true })).toBeVisible();
    await expect(manage.getByTestId("offer-round")).toHaveCount(2);
    const early = await admin.post(`/api/offers/${jane.id}/events`, {
      data: { type: "accept", roundId: jane.rounds[0]!.id, by: "seller" },
    });
    expect(early.status()).toBe(409);
    expect((await early.json()).message).toBe(
      "That round was answered by a counter, which rejected it: only the latest round (round 2) can be accepted.",
    );

    // The buyer accepted the counter: staff record it, and the contract follows.
    await manage.getByLabel("Acceptance date").fill("2027-01-04");
    await manage.getByRole("button", { name: "Record acceptance of round 2" }).click();
    await expect(staff.getByText("Acceptance recorded.", { exact: true })).toBeVisible();
    await expect(manage.getByTestId("offer-status")).toHaveText("Accepted");
    await staff.getByRole("navigation", { name: "Transaction" }).getByRole("link", { name: "Contract dates" }).click();
    await expect(staff.getByTestId("contract-offer")).toContainText("Filled in from the accepted offer's terms.");
    // Sam's offer, rejected by the acceptance, is kept as a backup behind it.
    await staff.goto(`/admin/transactions/${id}/offers?offer=${sam.id}#offer`);
    await ready(staff, js);
    await manage.getByRole("button", { name: "Keep as backup" }).click();
    await expect(staff.getByText("Offer kept as a backup.", { exact: true })).toBeVisible();
    const statuses = await queryDb<{ id: number; status: string }>(
      "select id, status from offers where transaction_id = ? order by id",
      id,
    );
    expect(statuses).toEqual([
      { id: jane.id, status: "accepted" },
      { id: sam.id, status: "backup" },
      { id: lee.id, status: "rejected" },
    ]);
    const [transaction] = await queryDb<{ value: number; accepted: string; closing: string }>(
      "select home_value_cents as value, accepted_on as accepted, closing_on as closing from transactions where id = ?",
      id,
    );
    expect(transaction).toEqual({ value: 86_500_000, accepted: "2027-01-04", closing: "2027-02-03" });

    await page.goto("/client-portal#key-dates");
    await ready(page, js);
    const keyDates = page.getByRole("region", { name: "Key dates" });
    await expect(keyDates.getByText("Investigation contingency")).toBeVisible();
    const mails = await queryDb<{ subject: string }>(
      "select subject from email_outbox where kind = 'offer' and to_address = ? order by id",
      email,
    );
    expect(mails.map((m) => m.subject)).toEqual([
      "An offer to review: $860,000 from Jane Buyer",
      "An offer to review: $845,000 from Sam Cash",
      "Offer accepted: 12 Offer Way, San Diego, CA 92101",
    ]);
    await staffContext.close();
  });

  test("a multiple counter accepted by two buyers binds only the one the seller signs; others 404, visitors 401", async ({
    page,
    browser,
    js,
  }) => {
    test.skip(!js, "HTTP only: one run is enough");
    const email = uniqueEmail("multiple");
    const id = await seedTransaction({ email, type: "selling", homeValue: 900000 });
    const admin = await signedInRequest(page, ADMIN_EMAIL);
    const a = await record(admin, id, { buyerName: "Ann", price: "890000", shared: true });
    const b = await record(admin, id, { buyerName: "Ben", price: "895000", shared: true });
    for (const offer of [a, b]) {
      const countered = await admin.post(`/api/offers/${offer.id}/events`, {
        data: { type: "counter", by: "seller", multiple: true, terms: { price: "910000" } },
      });
      expect(countered.status()).toBe(200);
      const accepted = await admin.post(`/api/offers/${offer.id}/events`, { data: { type: "accept", by: "buyer" } });
      expect((await accepted.json()).status).toBe("awaiting_final_signature");
    }
    expect((await queryDb("select id from offers where transaction_id = ? and status = 'accepted'", id)).length).toBe(
      0,
    );
    const signed = await admin.post(`/api/offers/${b.id}/events`, { data: { type: "final_signature" } });
    expect(signed.status()).toBe(200);
    const offer = await signed.json();
    expect(offer).toMatchObject({ status: "accepted", rounds: [{ by: "buyer" }, { by: "seller", multiple: true }] });
    expect(offer.events.map((e: { type: string }) => e.type)).toEqual([
      "create",
      "counter",
      "accept",
      "final_signature",
    ]);
    expect((await (await admin.get(`/api/offers/${a.id}`)).json()).status).toBe("rejected");
    const again = await admin.post(`/api/offers/${a.id}/events`, { data: { type: "final_signature" } });
    expect(again.status()).toBe(409);
    const bad = await admin.post(`/api/offers/${a.id}/events`, { data: { type: "counter", terms: { price: "-1" } } });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toHaveProperty(["terms.price"]);

    const other = await browser.newContext({ baseURL: BASE_URL });
    const stranger = await signedInRequest(await other.newPage(), uniqueEmail("stranger"));
    expect((await stranger.get(`/api/offers/${b.id}`)).status()).toBe(404);
    expect((await stranger.get(`/api/transactions/${id}/offers`)).status()).toBe(404);
    expect(
      (await stranger.post(`/api/offers/${b.id}/events`, { data: { type: "wish", wish: "accept" } })).status(),
    ).toBe(404);
    await other.close();
    const visitor = await browser.newContext({ baseURL: BASE_URL });
    expect((await visitor.request.get(`/api/offers/${b.id}`)).status()).toBe(401);
    await visitor.close();
  });
});

test.describe("offers on a purchase", () => {
  test("a buying client makes an offer from a saved home; their agent is told", async ({ page, js }) => {
    const email = uniqueEmail("buyer");
    await seedTransaction({ email, type: "buying", homeValue: 900000 });
    const listing = await withE2eDb((db) => {
      const user = upsertUserFromClaims(db, { email });
      return createSavedHome(db, user, { address: "9 Ocean Ave, San Diego, CA 92109", price: "915000" } as never);
    });
    await loginAs(page, { email, returnTo: "/client-portal#listings" });
    await ready(page, js);
    await page.getByRole("link", { name: "Make an offer on 9 Ocean Ave, San Diego, CA 92109" }).click();
    const form = page.getByRole("form", { name: "Make an offer" });
    await expect(form.getByLabel("Home*")).toHaveValue(String(listing.id));
    await expect(form.getByLabel("Price*")).toHaveValue("915,000");
    await form.getByLabel("Price*").fill("880,000");
    await form.getByLabel("Close of escrow (days)").fill("200");
    await form.getByRole("button", { name: "Ask my agent to make it" }).click();
    await expect(page.getByText("Enter whole days from 1 to 120")).toBeVisible();
    await page.getByRole("form", { name: "Make an offer" }).getByLabel("Close of escrow (days)").fill("21");
    await page
      .getByRole("form", { name: "Make an offer" })
      .getByRole("button", { name: "Ask my agent to make it" })
      .click();
    await expect(page.getByText("Offer requested: your agent will make it.", { exact: true })).toBeVisible();
    const section = page.getByRole("region", { name: "Offers" });
    await expect(section.getByTestId("offer-item").first()).toContainText("9 Ocean Ave");
    await expect(section.getByTestId("offer-status")).toHaveText("Requested");
    const [offer] = await queryDb<{ status: string; price: number; days: number }>(
      `select o.status, r.price_cents as price, r.close_of_escrow_days as days from offers o join offer_rounds r on r.offer_id = o.id
       where o.listing_id = ?`,
      listing.id,
    );
    expect(offer).toEqual({ status: "requested", price: 88_000_000, days: 21 });
    const alerts = await queryDb<{ subject: string }>(
      "select subject from email_outbox where kind = 'offer' and subject like ?",
      `%asks you to make an offer: 9 Ocean Ave%`,
    );
    expect(alerts.length).toBeGreaterThan(0);
  });
});

test.describe("offer e-mails", () => {
  test("reach a real SMTP server: the client's when an offer is shared, staff's when the client answers", async ({
    page,
    js,
  }) => {
    test.skip(!js, "e-mail only: one run is enough");
    const smtp = await SmtpSink.start();
    const app = await startApp("offers-mail", {
      SMTP_URL: smtp.url,
      MAIL_TICK_SECONDS: "1",
      LEAD_ALERT_EMAILS: "desk@agency.test",
    });
    try {
      const client = "olivia@example.com";
      const id = await withE2eDb((db) => {
        const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
        upsertUserFromClaims(db, { email: client, firstName: "Olivia", lastName: "Owner" });
        return createTransaction(
          db,
          admin,
          { email: client, type: "selling", propertyAddress: "5 Mail Ln", homeValue: "700000" },
          { notify: false },
        ).id;
      }, app.database);
      const server = { database: app.database, baseUrl: app.baseUrl, secret: app.secret };
      await loginAs(page, { email: "boss@agency.test", admin: true, returnTo: null }, server);
      const headers = { origin: app.baseUrl };
      const created = await page.request.post(`${app.baseUrl}/api/transactions/${id}/offers`, {
        headers,
        data: { buyerName: "Max Buyer", price: "710000", shared: true, expiresAt: "2099-01-02T17:00" },
      });
      expect(created.status()).toBe(201);
      const offer = await created.json();
      const shared = await smtp.waitFor((m) => toAddresses(m).includes(client));
      expect(shared.mail.subject).toBe("An offer to review: $710,000 from Max Buyer");
      expect(shared.mail.text).toContain("Answer by: January 2, 2099 at 5:00 PM (San Diego)");
      expect(shared.mail.text).toContain(`${app.baseUrl}/client-portal?offer=${offer.id}#offers`);
      await page.context().clearCookies();
      await loginAs(page, { email: client, returnTo: null }, server);
      const wish = await page.request.post(`${app.baseUrl}/api/offers/${offer.id}/events`, {
        headers,
        data: { type: "wish", wish: "accept" },
      });
      expect(wish.status()).toBe(200);
      const told = await smtp.waitFor((m) => toAddresses(m).includes("desk@agency.test"));
      expect(told.mail.subject).toBe("Olivia Owner answered an offer: would like to accept");
      expect(told.mail.text).toContain(`${app.baseUrl}/admin/transactions/${id}/offers?offer=${offer.id}#offers`);
    } finally {
      await app.stop();
      await smtp.close();
    }
  });
});
