/**
 * Showings and tours (issue 38; docs/showings.md) in a real browser, JavaScript on and off: a buyer's agent
 * asks for a showing on the listing's page (field errors naming the rule); the seller approves it in the
 * portal; a real SMTP server receives the confirmation with the access instructions and an invitation that
 * ical.js parses back; the page and its HTML never hold the access instructions; cancel sends the invitation
 * again cancelled; the feedback link stores the answers and the seller reads them; another client and
 * another agent get 404. A buyer without an agreement gets 409 on a tour; with one, the client asks in the
 * portal, the agent confirms on the Manage page, and the tour is in the client's calendar feed.
 */
import ICAL from "ical.js";
import type { Page } from "@playwright/test";
import { showingRulesSchema } from "~/lib/showing-schema";
import { DEFAULT_RULES, wallClockInput } from "~/lib/showing-slots";
import { addStaff } from "~/models/team.server";
import { createSavedHome } from "~/models/saved-home.server";
import { savedHomeSchema } from "~/lib/saved-home-schema";
import { getShowingRules, recordPhoneShowing, saveShowingRules } from "~/models/showing.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { insertSignedBuyerAgreement } from "../signed-agreement";
import { expect, loginAs, ready, test, uniqueEmail, withE2eDb, currentLicenseExpiry } from "./fixtures";
import { SmtpSink, startApp, toAddresses, type ReceivedMail } from "./servers";

const ACCESS = "Lockbox 4321 on the side gate; the cat stays in";
const AGENT = "pat@harbor.example";

/** The invitation a mail carries (nodemailer's text/calendar part), parsed: its METHOD and its event. */
function invitationOf(m: ReceivedMail) {
  const part = m.mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  expect(part, "the e-mail carries an invitation").toBeTruthy();
  const calendar = new ICAL.Component(ICAL.parse(part!.content.toString("utf8")));
  return { method: calendar.getFirstPropertyValue("method"), event: calendar.getFirstSubcomponent("vevent")! };
}

/** Fills the request form: the agent's details and their first choice among the free times (a select). */
async function fillRequest(page: Page, slot: string, license = "01234567") {
  await page.getByLabel("Your name").fill("Pat Agent");
  await page.getByLabel("Brokerage").fill("Harbor Homes");
  await page.getByLabel("DRE license number").fill(license);
  await page.getByLabel("Phone").fill("619-555-0199");
  await page.getByLabel("E-mail").fill(AGENT);
  await page.getByLabel("Choice 1").selectOption(slot);
  await page.getByRole("button", { name: "Request showing" }).click();
}

test.describe("showings and tours", () => {
  test("a buyer's agent requests, the seller approves and cancels, the invitation follows, feedback reaches the seller", async ({
    page,
    browser,
    js,
  }) => {
    const smtp = await SmtpSink.start();
    const app = await startApp("showings", { SMTP_URL: smtp.url, MAIL_TICK_SECONDS: "1" });
    const server = { database: app.database, baseUrl: app.baseUrl, secret: app.secret };
    const seller = "sam.seller@example.com";
    try {
      const { id, token } = await withE2eDb((db) => {
        const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
        const owner = upsertUserFromClaims(db, { email: seller, firstName: "Sam" });
        const sale = createTransaction(
          db,
          admin,
          { email: seller, type: "selling", propertyAddress: "12 Palm St, San Diego, CA", homeValue: "850000" },
          { notify: false },
        );
        saveShowingRules(
          db,
          owner,
          sale.id,
          showingRulesSchema.parse({ ...DEFAULT_RULES, noticeHours: 0, accessInstructions: ACCESS }),
        );
        return { id: sale.id, token: getShowingRules(db, owner, sale.id).token };
      }, app.database);
      const pageUrl = `${app.baseUrl}/showings/${token}`;
      const free = (await (await page.request.get(`${app.baseUrl}/api/showings/${token}`)).json()) as {
        freeSlots: string[];
      };
      const slot = new Date(free.freeSlots.at(-1)!);

      // The buyer's agent, without an account: field errors name the rule; then the request goes.
      const agentPage = await browser.newPage({ javaScriptEnabled: js });
      await agentPage.goto(pageUrl);
      await ready(agentPage, js);
      await expect(agentPage.getByTestId("showing-address")).toHaveText("12 Palm St, San Diego, CA");
      expect(await agentPage.content()).not.toContain("4321");
      await fillRequest(agentPage, slot.toISOString(), "123");
      await expect(agentPage.getByText("Enter your 8-digit DRE license number")).toBeVisible();
      // Only the free times can be chosen; a time posted past 6 PM, or off a slot's start, is refused naming why.
      const night = new Date(slot);
      night.setUTCHours(night.getUTCHours() + 10);
      const offSlot = new Date(slot.getTime() - 30 * 60_000);
      for (const [start, why] of [
        [night, "That time is outside the showing hours"],
        [offSlot, "Showings start on the 60-minute slots"],
      ] as const) {
        const posted = await agentPage.request.post(pageUrl, {
          headers: { origin: app.baseUrl },
          form: {
            agentName: "Pat Agent",
            brokerage: "Harbor Homes",
            licenseNumber: "01234567",
            phone: "619-555-0199",
            email: AGENT,
            people: "1",
            "slots[0].start": wallClockInput(start),
          },
        });
        expect(posted.status()).toBe(400);
        expect(await posted.text()).toContain(why);
      }
      await fillRequest(agentPage, slot.toISOString());
      // Their own page: what was sent and what happens next; the receipt e-mail carries its link.
      await expect(agentPage).toHaveURL(/\/showings\/agent\/[A-Za-z0-9_-]{32}$/);
      await expect(agentPage.getByTestId("showing-status")).toContainText("Requested");
      await expect(agentPage.getByTestId("showing-next")).toContainText("We e-mail you when a time is approved");
      const agentUrl = agentPage.url();
      const receipt = await smtp.waitFor(
        (m) => toAddresses(m).includes(AGENT) && /^Showing request received/.test(m.mail.subject ?? ""),
      );
      expect(receipt.mail.text).toContain(new URL(agentUrl).pathname);

      // The seller approves in the portal.
      await loginAs(page, { email: seller, returnTo: "/client-portal#showings" }, server);
      await ready(page, js);
      const request = page.getByTestId("showing-request");
      await expect(request).toContainText("Pat Agent");
      await request.getByRole("button", { name: "Approve" }).click();
      await expect(page.getByTestId("showing-upcoming")).toContainText("Pat Agent");

      const confirmed = await smtp.waitFor(
        (m) => toAddresses(m).includes(AGENT) && /^Showing confirmed/.test(m.mail.subject ?? ""),
      );
      expect(confirmed.mail.text).toContain(ACCESS);
      const invite = invitationOf(confirmed);
      expect(invite.method).toBe("REQUEST");
      expect(invite.event.getFirstPropertyValue("dtstart")!.toString()).toBe(slot.toISOString().replace(".000", ""));
      expect(invite.event.getFirstPropertyValue("status")).toBe("CONFIRMED");
      // Still nothing of the access on the page, nor in its JSON; the agent's own page has it, and the invitation.
      await agentPage.goto(agentUrl);
      await expect(agentPage.getByTestId("showing-status")).toContainText("Confirmed");
      await expect(agentPage.getByTestId("showing-access")).toContainText(ACCESS);
      const ics = await agentPage.request.get(`${agentUrl}/invite.ics`);
      expect(ics.headers()["content-type"]).toContain("text/calendar");
      expect(await ics.text()).toContain("METHOD:REQUEST");
      await agentPage.goto(pageUrl);
      expect(await agentPage.content()).not.toContain("4321");
      expect(await (await page.request.get(`${app.baseUrl}/api/showings/${token}`)).text()).not.toContain("4321");

      // The seller cancels: the invitation comes again, cancelled, one version up.
      await page.getByTestId("showing-upcoming").getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByTestId("showing-upcoming")).toHaveCount(0);
      const cancelled = invitationOf(
        await smtp.waitFor((m) => toAddresses(m).includes(AGENT) && /^Showing cancelled/.test(m.mail.subject ?? "")),
      );
      expect(cancelled.method).toBe("CANCEL");
      expect(cancelled.event.getFirstPropertyValue("uid")).toBe(invite.event.getFirstPropertyValue("uid"));
      expect(cancelled.event.getFirstPropertyValue("sequence")).toBe(1);
      expect(cancelled.event.getFirstPropertyValue("status")).toBe("CANCELLED");

      // A showing booked by phone that took place three hours ago: its agent is asked for feedback.
      await withE2eDb((db) => {
        const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
        recordPhoneShowing(db, admin, id, {
          agentName: "Lee Phone",
          brokerage: "Bay Realty",
          licenseNumber: "07654321",
          phone: "619-555-0100",
          email: AGENT,
          people: 1,
          start: new Date(Date.now() - 3 * 3600_000),
        });
      }, app.database);
      const ask = await smtp.waitFor(
        (m) => toAddresses(m).includes(AGENT) && /^How was the showing/.test(m.mail.subject ?? ""),
      );
      const link = /(http:\/\/localhost:\d+\/showings\/agent\/[A-Za-z0-9_-]{32})/.exec(ask.mail.text ?? "")![1]!;
      await agentPage.goto(link);
      await ready(agentPage, js);
      await agentPage.getByRole("radio", { name: "4" }).check();
      await agentPage.getByRole("radio", { name: "About right" }).check();
      await agentPage.getByLabel("Comments").fill("Loved the light in the kitchen");
      await agentPage.getByRole("button", { name: "Send feedback" }).click();
      await expect(agentPage.getByTestId("feedback-given")).toBeVisible();
      await agentPage.close();

      await page.goto(`${app.baseUrl}/client-portal`);
      await page.reload();
      await expect(page.getByTestId("showing-feedback")).toContainText(
        "Interest 4/5 · Price about right · “Loved the light in the kitchen”",
      );

      // Another client and an agent who is not on the listing: not found.
      const stranger = await browser.newPage({ javaScriptEnabled: js });
      try {
        await loginAs(stranger, { email: uniqueEmail("stranger"), returnTo: null }, server);
        expect((await stranger.request.get(`${app.baseUrl}/api/transactions/${id}/showings`)).status()).toBe(404);
        await withE2eDb((db) => {
          const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
          addStaff(db, admin, {
            email: "other.agent@agency.test",
            firstName: "Other",
            lastName: "Agent",
            role: "agent",
            phone: "619-555-0102",
            licenseNumber: "02345678",
            licenseExpiresOn: currentLicenseExpiry(),
          });
        }, app.database);
        await loginAs(stranger, { email: "other.agent@agency.test", returnTo: null }, server);
        expect((await stranger.request.get(`${app.baseUrl}/api/transactions/${id}/showings`)).status()).toBe(404);
        expect((await stranger.request.get(`${app.baseUrl}/admin/transactions/${id}`)).status()).toBe(404);
      } finally {
        await stranger.close();
      }
    } finally {
      await app.stop();
      await smtp.close();
    }
  });

  test("a tour needs the buyer agreement; the client asks, the agent confirms, the calendar feed has it", async ({
    page,
    browser,
    js,
  }) => {
    const email = uniqueEmail("tour");
    const { id, homes, userId } = await withE2eDb((db) => {
      const admin = upsertUserFromClaims(db, { email: "admin@e2e.test" }, ["admin@e2e.test"]);
      const client = upsertUserFromClaims(db, { email, firstName: "Robin" });
      const purchase = createTransaction(
        db,
        admin,
        { email, type: "buying", propertyAddress: "Homes in North Park", homeValue: "900000" },
        { notify: false },
      );
      const homes = ["41 Elm St, San Diego", "42 Oak Ave, San Diego"].map(
        (address) => createSavedHome(db, client, savedHomeSchema.parse({ address, price: "900000" })).id,
      );
      return { id: purchase.id, homes, userId: client.id };
    });
    await loginAs(page, { email, returnTo: "/client-portal#tours" });
    const when = wallClockInput(new Date(Math.ceil((Date.now() + 72 * 3600_000) / 3600_000) * 3600_000));
    const refused = await page.request.post(`/api/transactions/${id}/tours`, {
      headers: { origin: new URL(page.url()).origin },
      data: { listingIds: homes, slots: [{ start: new Date(Date.now() + 72 * 3600_000).toISOString() }] },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ link: expect.stringContaining("/client-portal") });
    await expect(page.getByTestId("tour-agreement-needed")).toBeVisible();

    await withE2eDb((db) => insertSignedBuyerAgreement(db, { id, userId }));
    await page.goto("/client-portal");
    await ready(page, js);
    await expect(page.getByTestId("tour-agreement-needed")).toHaveCount(0);
    await page.getByLabel("Stop for 42 Oak Ave, San Diego").selectOption("1");
    await page.getByLabel("Stop for 41 Elm St, San Diego").selectOption("2");
    await page.getByLabel("Time 1").fill(when);
    await page.getByRole("button", { name: "Ask for a tour" }).click();
    await expect(page.getByTestId("tour-stop").first()).toContainText("1. 42 Oak Ave, San Diego");

    // The agent (an admin here) confirms the first home's time on the Manage page.
    const staff = await browser.newPage({ javaScriptEnabled: js });
    try {
      await loginAs(staff, {
        email: "admin@e2e.test",
        admin: true,
        returnTo: `/admin/transactions/${id}/showings#tours`,
      });
      await ready(staff, js);
      await staff.getByTestId("tour-stop").first().getByRole("button", { name: "Confirm" }).click();
      await expect(staff.getByTestId("tour-stop").first()).toContainText("Confirmed");
    } finally {
      await staff.close();
    }

    await page.goto("/client-portal");
    await expect(page.getByTestId("tour-stop").first()).toContainText("Confirmed");
    const feedUrl = await page.getByLabel("Calendar address (keep it private)").inputValue();
    const feed = await (await page.request.get(feedUrl)).text();
    expect(feed).toContain("SUMMARY:Tour — 42 Oak Ave\\, San Diego");

    // Another client: not found.
    const stranger = await browser.newPage({ javaScriptEnabled: js });
    try {
      await loginAs(stranger, { email: uniqueEmail("stranger"), returnTo: null });
      expect((await stranger.request.get(`/api/transactions/${id}/tours`)).status()).toBe(404);
    } finally {
      await stranger.close();
    }
  });
});
