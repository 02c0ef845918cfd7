/**
 * Messages, in a real browser with JavaScript on and off, on a server of their own with a real SMTP sink
 * for the e-mails out and its SMTP door for the replies (nodemailer sends them to INBOUND_SMTP_PORT):
 * a client writes → staff get an e-mail with a reply address → staff's reply by e-mail appears in the
 * portal "by e-mail" without its quoted history (by itself with JavaScript); a staff message reaches the
 * client, whose reply with a PDF comes back with its document; a reply from the wrong address is dropped
 * and an auto-reply ignored. The webhook and the thread's HTTP rules are checked once, without a browser.
 */
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { Page } from "@playwright/test";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { expect, loginAs, ready, test, withE2eDb } from "./fixtures";
import { freePort, SmtpSink, startApp, toAddresses, type AppServer, type ReceivedMail } from "./servers";

const DOMAIN = "reply.agency.test";
const SECRET = "e2e-inbound-webhook-secret";
const STAFF = "desk@agency.test";
const ADMIN = "boss@agency.test";
const WIRE_NOTICE =
  "We will never send wiring instructions by e-mail or message. Before you wire money, call your escrow officer at a number you already know.";
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

type World = { app: AppServer; smtp: SmtpSink; inboundPort: number; client: string; transactionId: number };

/** A server with mail both ways, a client "Robin Vega" and their transaction at 9 Reply Ct. */
async function withWorld(name: string, run: (world: World) => Promise<void>) {
  const smtp = await SmtpSink.start();
  const inboundPort = await freePort();
  const app = await startApp(name, {
    SMTP_URL: smtp.url,
    MAIL_TICK_SECONDS: "1",
    LEAD_ALERT_EMAILS: STAFF,
    ADMIN_EMAILS: ADMIN,
    INBOUND_EMAIL_DOMAIN: DOMAIN,
    INBOUND_SMTP_PORT: String(inboundPort),
    INBOUND_WEBHOOK_SECRET: SECRET,
  });
  try {
    const client = `robin-${name}@example.com`;
    const transactionId = await withE2eDb((db) => {
      const admin = upsertUserFromClaims(db, { email: ADMIN }, [ADMIN]);
      upsertUserFromClaims(db, { email: client, firstName: "Robin", lastName: "Vega" });
      return createTransaction(
        db,
        admin,
        { email: client, type: "buying", propertyAddress: "9 Reply Ct", homeValue: "900000" },
        { notify: false },
      ).id;
    }, app.database);
    await run({ app, smtp, inboundPort, client, transactionId });
  } finally {
    await app.stop();
    await smtp.close();
  }
}

/** Sends a reply over SMTP to the server's door, as the sender's mail server would. */
async function reply(inboundPort: number, mail: SendMailOptions) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: inboundPort,
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

const replyToOf = (m: ReceivedMail) => {
  const replyTo = m.mail.replyTo?.value[0]?.address ?? "";
  expect(replyTo).toMatch(new RegExp(`^reply\\+[0-9a-f]{40}@${DOMAIN.replace(/\./g, "\\.")}$`));
  return replyTo;
};

async function send(page: Page, text: string) {
  await page.getByLabel("Your message").fill(text);
  await page.getByRole("button", { name: "Send Message" }).click();
}

/** The message shows: with JavaScript by itself (polling), without it after a reload. */
async function expectArrives(page: Page, js: boolean, text: string) {
  const message = page.getByTestId("message").filter({ hasText: text });
  if (js) await expect(message).toBeVisible({ timeout: 5_000 });
  else {
    await page.reload();
    await expect(message).toBeVisible();
  }
  return message;
}

test.describe("messages", () => {
  test("a client writes; staff reply by e-mail; the reply shows in the portal without its quoted history", async ({
    page,
    js,
  }) => {
    await withWorld(
      `messages-client-${js ? "js" : "nojs"}`,
      async ({ app, smtp, inboundPort, client, transactionId }) => {
        await loginAs(page, { email: client, returnTo: "/client-portal#messages" }, app);
        await ready(page, js);
        await expect(page.getByTestId("wire-fraud-banner")).toHaveText(WIRE_NOTICE);

        await send(page, "   ");
        await expect(page.getByText("Write a message", { exact: true })).toBeVisible();
        await send(page, "Should I wire the deposit now?\nThe lender asked.");
        const mine = page.getByTestId("message").filter({ hasText: "Should I wire the deposit now?" });
        await expect(mine).toContainText("Robin Vega");
        await expect(mine).toContainText("Client");
        await expect(mine.getByTestId("wire-warning")).toBeVisible();
        await expect(page.getByLabel("Your message")).toHaveValue("");

        const toStaff = await smtp.waitFor((m) => toAddresses(m).includes(STAFF));
        expect(toStaff.mail.subject).toBe("Message about 9 Reply Ct");
        expect(toStaff.mail.text).toContain("Should I wire the deposit now?");
        expect(toStaff.mail.text).toContain(WIRE_NOTICE);
        expect(toStaff.mail.text).toContain(`${app.baseUrl}/admin/transactions/${transactionId}/messages#messages`);
        const replyTo = replyToOf(toStaff);

        // Someone else using the reply address, and an out-of-office answer: dropped, silently.
        await reply(inboundPort, { from: "stranger@example.com", to: replyTo, text: "I am not staff" });
        await reply(inboundPort, {
          from: STAFF,
          to: replyTo,
          text: "I am out of the office until Monday.",
          headers: { "Auto-Submitted": "auto-replied" },
        });
        await reply(inboundPort, {
          from: STAFF,
          to: replyTo,
          subject: "Re: Message about 9 Reply Ct",
          text:
            "No: never wire money on an e-mail. Call escrow first, see https://example.com/escrow-safety.\n\n" +
            `On Mon, Nov 23, 2026 at 9:00 AM Robin Vega <${client}> wrote:\n> Should I wire the deposit now?\n> The lender asked.\n`,
        });
        const answer = await expectArrives(page, js, "never wire money on an e-mail");
        await expect(answer).toContainText("Staff");
        await expect(answer).toContainText("by e-mail");
        await expect(answer.getByTestId("message-body")).not.toContainText("The lender asked");
        await expect(answer.getByRole("link", { name: "https://example.com/escrow-safety" })).toHaveAttribute(
          "rel",
          "noopener noreferrer nofollow",
        );
        await expect(page.getByTestId("message").filter({ hasText: "I am not staff" })).toHaveCount(0);
        await expect(page.getByTestId("message").filter({ hasText: "out of the office" })).toHaveCount(0);
        await expect(page.getByTestId("message")).toHaveCount(2);

        // The reply by e-mail goes on to the client like any message.
        const toClient = await smtp.waitFor((m) => toAddresses(m).includes(client));
        expect(toClient.mail.text).toContain("never wire money on an e-mail");
      },
    );
  });

  test("staff write on the Messages tab; the client's e-mailed reply with a PDF comes back with its document", async ({
    page,
    js,
  }) => {
    await withWorld(
      `messages-staff-${js ? "js" : "nojs"}`,
      async ({ app, smtp, inboundPort, client, transactionId }) => {
        // The client wrote first: the admin's dashboard lists the thread as unread.
        await withE2eDb(async (db) => {
          const { postMessage } = await import("~/models/message.server");
          const { getUserByEmail } = await import("~/models/user.server");
          postMessage(db, getUserByEmail(db, client)!, transactionId, "Is the inspection booked?");
        }, app.database);
        await loginAs(page, { email: ADMIN, admin: true, returnTo: "/admin" }, app);
        await expect(page.getByTestId("unread-messages")).toContainText("Unread client messages: 1");
        await page
          .getByTestId("unread-messages")
          .getByRole("link", { name: /9 Reply Ct/ })
          .click();
        await ready(page, js);
        await expect(page.getByTestId("unread")).toHaveText("1 new");

        await send(page, "Yes: Tuesday at 10. Please sign the disclosures.");
        await expect(page.getByTestId("message").filter({ hasText: "Tuesday at 10" })).toContainText("Staff");
        const toClient = await smtp.waitFor((m) => toAddresses(m).includes(client));
        expect(toClient.mail.text).toContain("Yes: Tuesday at 10.");
        expect(toClient.mail.text).toContain(`${app.baseUrl}/client-portal#messages`);
        const replyTo = replyToOf(toClient);

        await reply(inboundPort, {
          from: client,
          to: replyTo,
          subject: "Re: Message about 9 Reply Ct",
          text: "Signed, attached.\n\nSent from my iPhone\n\n> On Nov 23, 2026, at 9:00 AM, Agency wrote:\n> Yes: Tuesday at 10.\n",
          attachments: [{ filename: "disclosures-signed.pdf", content: pdf("signed") }],
        });
        const answer = await expectArrives(page, js, "Signed, attached.");
        await expect(answer).toContainText("Robin Vega");
        await expect(answer).toContainText("by e-mail");
        await expect(answer).not.toContainText("Sent from my iPhone");
        await expect(answer.getByRole("link", { name: "disclosures-signed.pdf" })).toBeVisible();
        await page
          .getByRole("navigation", { name: "Transaction" })
          .getByRole("link", { name: "Documents", exact: true })
          .click();
        await expect(page.getByTestId("document").filter({ hasText: "disclosures-signed.pdf" })).toBeVisible();
        await page.getByRole("navigation", { name: "Transaction" }).getByRole("link", { name: "Messages" }).click();

        // An admin hides a message: kept and marked for staff, gone for the client.
        await answer.getByRole("button", { name: "Hide" }).click();
        await expect(
          page.getByText("Message hidden. It is kept, and only staff see it.", { exact: true }),
        ).toBeVisible();
        await expect(page.getByTestId("message").filter({ hasText: "Signed, attached." })).toContainText("Hidden");
      },
    );
  });

  test("an open page shows the other side's message by itself, into an empty thread, and keeps a draft", async ({
    page,
    js,
  }) => {
    test.skip(!js, "JavaScript only: without it the page shows what is new when it is loaded");
    await withWorld("messages-live", async ({ app, client, transactionId }) => {
      await loginAs(page, { email: client, returnTo: "/client-portal#messages" }, app);
      await ready(page, js);
      await expect(page.getByText("No messages yet.", { exact: false })).toBeVisible();
      await page.getByLabel("Your message").fill("A draft I have not sent");
      await withE2eDb(async (db) => {
        const { postMessage } = await import("~/models/message.server");
        const { getUserByEmail } = await import("~/models/user.server");
        postMessage(db, getUserByEmail(db, ADMIN)!, transactionId, "Your loan was approved.");
      }, app.database);
      await expect(page.getByTestId("message").filter({ hasText: "Your loan was approved." })).toBeVisible({
        timeout: 5_000,
      });
      await expect(page.getByLabel("Your message")).toHaveValue("A draft I have not sent");
    });
  });

  test("HTTP: the webhook's Basic authentication, and the thread for its client and admins only", async ({
    page,
    js,
  }) => {
    test.skip(!js, "HTTP only: one run is enough");
    await withWorld("messages-http", async ({ app, smtp, client, transactionId }) => {
      const request = page.request;
      await loginAs(page, { email: client, returnTo: null }, app);
      const written = await request.post(`${app.baseUrl}/api/transactions/${transactionId}/messages`, {
        headers: { origin: app.baseUrl },
        data: { body: "Hello from the API" },
      });
      expect(written.status()).toBe(201);
      const toStaff = await smtp.waitFor((m) => toAddresses(m).includes(STAFF));
      const replyTo = replyToOf(toStaff);
      const token = replyTo.slice("reply+".length, replyTo.indexOf("@"));
      const postmark = {
        From: STAFF,
        FromFull: { Email: STAFF, Name: "Desk" },
        To: replyTo,
        ToFull: [{ Email: replyTo, MailboxHash: token }],
        MailboxHash: token,
        TextBody: "Got it, thanks.\n\n> Hello from the API",
        StrippedTextReply: "Got it, thanks.",
        Headers: [{ Name: "Message-ID", Value: "<CAB42@mail.example.com>" }],
        Attachments: [],
      };
      const hook = (password?: string) =>
        fetch(`${app.baseUrl}/api/inbound-email`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(password ? { authorization: `Basic ${Buffer.from(`postmark:${password}`).toString("base64")}` } : {}),
          },
          body: JSON.stringify(postmark),
        });
      expect((await hook()).status).toBe(401);
      expect((await hook("not-the-secret-at-all")).status).toBe(401);
      expect((await hook(SECRET)).status).toBe(200);
      const thread = await request.get(`${app.baseUrl}/api/transactions/${transactionId}/messages`);
      expect(thread.status()).toBe(200);
      expect(((await thread.json()) as Array<{ body: string; via: string }>).map((m) => [m.body, m.via])).toEqual([
        ["Hello from the API", "portal"],
        ["Got it, thanks.", "email"],
      ]);

      const anonymous = await fetch(`${app.baseUrl}/api/transactions/${transactionId}/messages`);
      expect(anonymous.status).toBe(401);
      await page.context().clearCookies();
      await loginAs(page, { email: "someone-else@example.com", returnTo: null }, app);
      const stranger = await page.request.get(`${app.baseUrl}/api/transactions/${transactionId}/messages`);
      expect(stranger.status()).toBe(404);
    });
  });
});
