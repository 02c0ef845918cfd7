/**
 * E-mail end to end: each test starts the app with SMTP_URL pointing at a
 * real SMTP server of its own (smtp-server; mailparser reads what arrives),
 * MAIL_TICK_SECONDS=1, and a database of its own.
 */
import type { Page } from "@playwright/test";
import { expect, holdSignIn, loginAs, ready, test, uniqueEmail, withE2eDb } from "./fixtures";
import { updateMilestone } from "~/models/milestone.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { freePort, startApp, SmtpSink, toAddresses, type AppServer, type ReceivedMail } from "./servers";

const ADMIN = "owner@agency.test";
const ALERTS = "alerts@agency.test";

async function withMailServer<T>(run: (app: AppServer, smtp: SmtpSink) => Promise<T>, smtpUp = true) {
  // Down: a port nothing listens on yet; the test starts the SMTP server there later.
  const smtp = smtpUp ? await SmtpSink.start() : new SmtpSink(await freePort());
  const app = await startApp("mail", {
    SMTP_URL: smtp.url,
    MAIL_TICK_SECONDS: "1",
    ADMIN_EMAILS: ADMIN,
    LEAD_ALERT_EMAILS: ALERTS,
  });
  try {
    return await run(app, smtp);
  } finally {
    await app.stop();
    await smtp.close();
  }
}

async function sendContactForm(
  page: Page,
  js: boolean,
  app: AppServer,
  lead: { firstName: string; email: string; message?: string },
) {
  await page.goto(`${app.baseUrl}/`);
  await ready(page, js);
  await page.getByLabel("First Name*").fill(lead.firstName);
  await page.getByLabel("Last Name*").fill("Diaz");
  await page.getByLabel("Email*").fill(lead.email);
  await page.getByLabel("Phone*").fill("(619) 555-0199");
  if (lead.message) await page.getByLabel("Message").fill(lead.message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("contact-sent")).toContainText("Message sent!");
}

/** A header as it arrived (raw line, unfolded), not as mailparser interprets it. */
const header = (m: ReceivedMail, name: string) => {
  const line = m.mail.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? "";
  return line
    .slice(line.indexOf(":") + 1)
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
};

const server = (app: AppServer) => ({ database: app.database, baseUrl: app.baseUrl, secret: app.secret });

test.describe("e-mail", () => {
  test("a contact form sends the staff alert and the lead's welcome, with the right headers", async ({ page, js }) => {
    await withMailServer(async (app, smtp) => {
      const email = uniqueEmail("lead");
      await sendContactForm(page, js, app, { firstName: "Morgan", email, message: "We want to sell in Point Loma." });

      const alert = await smtp.waitFor((m) => toAddresses(m).includes(ALERTS));
      expect(alert.envelopeTo).toEqual([ALERTS]);
      expect(alert.mail.subject).toBe("New lead: Morgan Diaz");
      expect(alert.mail.replyTo?.value[0]?.address).toBe(email);
      expect(alert.mail.text).toContain("(619) 555-0199");
      expect(alert.mail.text).toContain("We want to sell in Point Loma.");
      expect(alert.mail.text).toMatch(new RegExp(`${app.baseUrl}/admin/leads/\\d+`));
      expect(alert.mail.from?.value).toEqual([
        { name: "Coastline Flat Fee Realty", address: "hello@coastlineflatfee.com" },
      ]);

      const welcome = await smtp.waitFor((m) => toAddresses(m).includes(email));
      expect(welcome.envelopeTo).toEqual([email]);
      expect(welcome.mail.subject).toBe("Thanks, Morgan: we got your message");
      expect(header(welcome, "List-Unsubscribe")).toMatch(
        new RegExp(`^<${app.baseUrl}/unsubscribe/[\\w-]+\\.[\\w-]+>$`),
      );
      expect(header(welcome, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(welcome.mail.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
      expect(welcome.mail.text).toContain("Unsubscribe");
      expect(welcome.mail.html || "").toContain("DRE #02212345");
      expect(welcome.mail.html || "").toContain("600 B Street, Suite 300, San Diego, CA 92101");
      // Both parts exist (multipart/alternative).
      expect(welcome.mail.text?.length).toBeGreaterThan(50);
      expect(welcome.mail.html).toBeTruthy();
      expect(smtp.received).toHaveLength(2);
    });
  });

  test("a line break and Bcc: in a first name send nothing to that Bcc", async ({ request, js }) => {
    test.skip(!js, "an HTTP test: one run is enough");
    await withMailServer(async (app, smtp) => {
      const email = uniqueEmail("inject");
      const response = await request.post(`${app.baseUrl}/api/contact`, {
        data: {
          firstName: "Eve\r\nBcc: victim@evil.example",
          lastName: "X\nCc: other@evil.example",
          email,
          phone: "6195550100",
        },
      });
      expect(response.status()).toBe(201);
      await smtp.waitFor((m) => toAddresses(m).includes(email));
      await smtp.waitFor((m) => toAddresses(m).includes(ALERTS));
      await new Promise((r) => setTimeout(r, 1500));
      const everyone = smtp.received.flatMap((m) => m.envelopeTo);
      expect(everyone.sort()).toEqual([ALERTS, email].sort());
      for (const m of smtp.received) {
        expect(m.mail.bcc).toBeUndefined();
        expect(m.mail.cc).toBeUndefined();
      }
    });
  });

  test("unsubscribe: the page's button, the one-click POST, a tampered token, and no drip e-mail after it", async ({
    page,
    js,
  }) => {
    await withMailServer(async (app, smtp) => {
      const email = uniqueEmail("unsub");
      const stays = uniqueEmail("stays");
      await sendContactForm(page, js, app, { firstName: "Una", email });
      await sendContactForm(page, js, app, { firstName: "Stella", email: stays });
      const welcome = await smtp.waitFor((m) => toAddresses(m).includes(email));
      await smtp.waitFor((m) => toAddresses(m).includes(stays));
      const unsubscribeUrl = header(welcome, "List-Unsubscribe").slice(1, -1);
      expect(welcome.mail.html).toContain(unsubscribeUrl);

      const tampered = await page.goto(`${unsubscribeUrl.slice(0, -3)}abc`);
      expect(tampered?.status()).toBe(400);
      await expect(page.getByRole("heading", { name: "This unsubscribe link is not valid" })).toBeVisible();

      await page.goto(unsubscribeUrl);
      await ready(page, js);
      await expect(page.getByText(`Stop the follow-up e-mails to ${email}?`)).toBeVisible();
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();

      // A mail provider's one-click POST: no cookie, no Origin. Repeating it is harmless.
      for (let i = 0; i < 2; i++) {
        const oneClick = await fetch(unsubscribeUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        });
        expect(oneClick.status).toBe(200);
        expect(await oneClick.text()).toContain("You are unsubscribed");
      }
      const forged = await fetch(`${unsubscribeUrl}x`, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(forged.status).toBe(400);

      // Make the next drip e-mail due now for both leads: only the one who stayed gets it.
      await withE2eDb((db) => db.$client.prepare("update lead_engagement set next_email_due = 0").run(), app.database);
      const second = await smtp.waitFor(
        (m) => toAddresses(m).includes(stays) && m.mail.subject === "What our flat fee includes, Stella",
      );
      expect(header(second, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      await new Promise((r) => setTimeout(r, 2500));
      expect(smtp.received.filter((m) => toAddresses(m).includes(email))).toHaveLength(1);
    });
  });

  test("a milestone change sends the client a notice; several changes in one tick make one e-mail", async ({
    page,
    browser,
    js,
  }) => {
    await withMailServer(async (app, smtp) => {
      const client = uniqueEmail("client");
      await loginAs(page, { email: ADMIN, admin: true, returnTo: "/admin/transactions/new" }, server(app));
      await ready(page, js);
      await page.getByLabel("Client e-mail*").fill(client);
      await page.getByLabel("First name").fill("Kai");
      await page.getByLabel("Type*").selectOption("buying");
      await page.getByLabel("Property address", { exact: true }).fill("4410 Ocean Blvd, San Diego, CA 92109");
      await page.getByLabel("Home value (required for a sale)").fill("900000");
      await page.getByRole("button", { name: "Create Transaction" }).click();
      await expect(page).toHaveURL(/\/admin\/transactions\/\d+$/);
      const welcome = await smtp.waitFor((m) => toAddresses(m).includes(client));
      expect(welcome.mail.subject).toBe("Your purchase with Coastline Flat Fee Realty: your client portal");
      expect(welcome.mail.text).toContain(`${app.baseUrl}/client-portal`);
      // It says which address to sign in with: sign-in matches by e-mail.
      expect(welcome.mail.text).toContain(`Sign in with this e-mail address: ${client}`);

      // The milestones were set up with the transaction (the form's default).
      await ready(page, js);
      await expect(page.getByTestId("milestone")).toHaveCount(13);
      await ready(page, js);
      await page.getByRole("link", { name: "Update step 1: Consultation and buyer-broker agreement" }).click();
      const dialog = page.getByRole("dialog", { name: "Update Milestone" });
      await dialog.getByLabel("Status").selectOption("completed");
      await dialog.getByRole("textbox", { name: "Notes", exact: true }).fill("Agreement signed, thank you!");
      await dialog.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("Milestone updated successfully!", { exact: true })).toBeVisible();

      const notice = await smtp.waitFor(
        (m) => toAddresses(m).includes(client) && m.mail.subject !== welcome.mail.subject,
      );
      expect(notice.mail.subject).toBe(
        "Your purchase at 4410 Ocean Blvd, San Diego, CA 92109: Consultation and buyer-broker agreement is Completed",
      );
      expect(notice.mail.text).toContain("Agreement signed, thank you!");
      expect(notice.mail.text).toContain(`${app.baseUrl}/client-portal`);

      // Two changes within one tick: one e-mail naming both. They are made in one database transaction (the
      // API's model calls), so that no tick can fall between them however slow the machine is.
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      const milestones = await (await page.request.get(`${app.baseUrl}/api/transactions/${id}/milestones`)).json();
      await withE2eDb((db) => {
        const admin = upsertUserFromClaims(db, { email: ADMIN }, [ADMIN]);
        for (const m of milestones.slice(1, 3)) {
          updateMilestone(db, admin, { transactionId: id, milestoneId: m.id }, { status: "in_progress" });
        }
      }, app.database);
      const merged = await smtp.waitFor(
        (m) => toAddresses(m).includes(client) && /^Your purchase at .+: 2 updates$/.test(m.mail.subject ?? ""),
      );
      expect(merged.mail.text).toContain("Mortgage pre-approval");
      expect(merged.mail.text).toContain("Home search and tours");
      await new Promise((r) => setTimeout(r, 1500));
      expect(smtp.received.filter((m) => toAddresses(m).includes(client))).toHaveLength(3);

      // The client turns the notices off in the portal; the next change sends nothing.
      const clientContext = await browser.newContext({ javaScriptEnabled: js });
      const clientPage = await clientContext.newPage();
      await loginAs(clientPage, { email: client }, server(app));
      await ready(clientPage, js);
      await expect(clientPage.getByTestId("notices-state")).toContainText("On:");
      await clientPage.getByRole("button", { name: "Turn off e-mail notices" }).click();
      await expect(clientPage.getByTestId("notices-state")).toContainText("Off:");
      await clientContext.close();
      const r = await page.request.patch(`${app.baseUrl}/api/milestones/${milestones[3].id}`, {
        data: { status: "completed" },
      });
      expect(r.status()).toBe(200);
      await new Promise((r) => setTimeout(r, 2500));
      expect(smtp.received.filter((m) => toAddresses(m).includes(client))).toHaveLength(3);
    });
  });

  test("with the SMTP server down, the site keeps working and everything arrives once it is back", async ({
    page,
    js,
  }) => {
    await withMailServer(async (app, smtp) => {
      const email = uniqueEmail("down");
      await sendContactForm(page, js, app, { firstName: "Dov", email });
      // Attempts fail (connection refused) and are retried with backoff from 1 s.
      await expect
        .poll(
          () =>
            withE2eDb(
              (db) =>
                db.$client
                  .prepare(
                    "select count(*) as n from email_outbox where status = 'queued' and attempts > 0 and last_error is not null",
                  )
                  .get() as { n: number },
              app.database,
            ).then((r) => r.n),
          { timeout: 10_000 },
        )
        .toBe(2);
      await smtp.listen();
      await smtp.waitFor((m) => toAddresses(m).includes(email), 20_000);
      await smtp.waitFor((m) => toAddresses(m).includes(ALERTS), 20_000);
      // The sink has the messages as soon as their data arrives; the server marks them sent once the SMTP
      // server has answered, a moment later.
      await expect
        .poll(() =>
          withE2eDb(
            (db) =>
              (db.$client.prepare("select status from email_outbox order by id").all() as { status: string }[]).map(
                (r) => r.status,
              ),
            app.database,
          ),
        )
        .toEqual(["sent", "sent"]);
    }, false);
  });

  test("/admin/emails: the log for admins only; a message opens to its text", async ({ page, browser, js }) => {
    await withMailServer(async (app, smtp) => {
      expect((await fetch(`${app.baseUrl}/admin/emails`)).status).toBe(401);
      const clientContext = await browser.newContext({ javaScriptEnabled: js });
      const clientPage = await clientContext.newPage();
      await loginAs(clientPage, { email: uniqueEmail("nosy"), returnTo: null }, server(app));
      await holdSignIn(clientPage);
      expect((await clientPage.goto(`${app.baseUrl}/admin/emails`))?.status()).toBe(403);
      await expect(clientPage.getByRole("heading", { name: "Access Denied" })).toBeVisible();
      await clientContext.close();

      const email = uniqueEmail("logged");
      await sendContactForm(page, js, app, { firstName: "Lou", email });
      await smtp.waitFor((m) => toAddresses(m).includes(email));
      await smtp.waitFor((m) => toAddresses(m).includes(ALERTS));
      await loginAs(page, { email: ADMIN, admin: true, returnTo: "/admin" }, server(app));
      await expect(page.getByTestId("email-counts")).toHaveText("E-mails: 0 queued, 0 failed");
      await page.goto(`${app.baseUrl}/admin/emails?kind=drip`);
      await ready(page, js);
      const rows = page.getByTestId("email-row");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(email);
      await expect(rows.first()).toContainText("Sent");
      await page.getByLabel("Kind").selectOption("lead_alert");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/kind=lead_alert/);
      await expect(page.getByTestId("email-row")).toHaveCount(1);
      await page.getByRole("link", { name: "New lead: Lou Diaz" }).click();
      await expect(page.getByRole("heading", { name: "New lead: Lou Diaz" })).toBeVisible();
      await expect(page.getByTestId("email-text")).toContainText(email);
      await expect(page.getByTestId("email-status")).toHaveText("Sent");
    });
  });
});
