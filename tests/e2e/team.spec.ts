/**
 * A team of agents, in a real browser with JavaScript on and off, on a server of its own (its routing
 * setting is the agency's) with a real SMTP sink and its SMTP door for replies: an admin adds two agents
 * on /admin/team and turns round robin on; new leads alternate between them (the alert to the agent, a
 * copy to the lead inbox); agent A sees only their own on the dashboard and gets 404 for agent B's
 * transaction, lead, document and thread (pages and API); a client's message is e-mailed to their agent,
 * whose reply by e-mail lands in the thread under their name; a document download shows in the History
 * tab; the export's ZIP is opened and its files read back.
 */
import JSZip from "jszip";
import nodemailer from "nodemailer";
import type { Page } from "@playwright/test";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { expect, loginAs, ready, test, withE2eDb, currentLicenseExpiry } from "./fixtures";
import { insertSignedBuyerAgreement } from "../signed-agreement";
import { freePort, SmtpSink, startApp, toAddresses } from "./servers";

const DOMAIN = "reply.agency.test";
const INBOX = "desk@agency.test";
const ADMIN = "boss@agency.test";
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

async function addPerson(page: Page, person: { email: string; first: string; last: string; license: string }) {
  const form = page.getByRole("region", { name: "Add a person" });
  await form.getByLabel("E-mail").fill(person.email);
  await form.getByLabel("First name").fill(person.first);
  await form.getByLabel("Last name").fill(person.last);
  await form.getByLabel("Role").selectOption("agent");
  await form.getByLabel("Phone").fill("619-555-0142");
  await form.getByLabel("DRE license number").fill(person.license);
  await form.getByLabel("License expires").fill(currentLicenseExpiry());
  await form.getByRole("button", { name: "Add to the team" }).click();
  await expect(page.getByTestId("team-row").filter({ hasText: person.email })).toBeVisible();
}

test.describe("a team of agents", () => {
  test("two agents, leads in turn, each agent's own, the agent's thread by e-mail, history and export", async ({
    page,
    browser,
    js,
  }) => {
    test.setTimeout(120_000);
    const name = `team-${js ? "js" : "nojs"}`;
    const smtp = await SmtpSink.start();
    const inboundPort = await freePort();
    const app = await startApp(name, {
      SMTP_URL: smtp.url,
      MAIL_TICK_SECONDS: "1",
      LEAD_ALERT_EMAILS: INBOX,
      ADMIN_EMAILS: ADMIN,
      INBOUND_EMAIL_DOMAIN: DOMAIN,
      INBOUND_SMTP_PORT: String(inboundPort),
      INBOUND_WEBHOOK_SECRET: "e2e-inbound-webhook-secret",
    });
    const server = app;
    const url = (path: string) => `${app.baseUrl}${path}`;
    try {
      // The admin adds two agents and turns round robin on.
      await loginAs(page, { email: ADMIN, admin: true, returnTo: "/admin/team" }, server);
      await ready(page, js);
      await addPerson(page, { email: "ana@agency.test", first: "Ana", last: "Ortiz", license: "01112222" });
      await addPerson(page, { email: "ben@agency.test", first: "Ben", last: "Park", license: "01113333" });
      // A license is required for an agent who takes leads.
      const form = page.getByRole("region", { name: "Add a person" });
      await form.getByLabel("E-mail").fill("cy@agency.test");
      await form.getByLabel("First name").fill("Cy");
      await form.getByLabel("Last name").fill("Lee");
      await form.getByRole("button", { name: "Add to the team" }).click();
      await expect(form.getByText("An agent who takes leads needs an 8-digit DRE license number")).toBeVisible();

      await page.goto(url("/admin/settings"));
      await ready(page, js);
      await page.getByLabel("Routing").selectOption("round_robin");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText("Settings saved.", { exact: true })).toBeVisible();

      // Four leads alternate between Ana and Ben; each alert goes to the agent, a copy to the inbox.
      const leadIds: number[] = [];
      for (const n of [1, 2, 3, 4]) {
        const response = await page.request.post(url("/api/contact"), {
          headers: { origin: app.baseUrl },
          data: { firstName: `Lead${n}`, lastName: "Team", email: `lead${n}-${name}@example.com`, phone: "6195550100" },
        });
        expect(response.status()).toBe(201);
        leadIds.push(((await response.json()) as { id: number }).id);
      }
      const agentOfLead = await withE2eDb(
        (db) =>
          leadIds.map(
            (id) =>
              (
                db.$client
                  .prepare(
                    "select u.email from contact_submissions c join users u on u.id = c.assigned_agent_id where c.id = ?",
                  )
                  .get(id) as { email: string }
              ).email,
          ),
        app.database,
      );
      expect(agentOfLead).toEqual(["ana@agency.test", "ben@agency.test", "ana@agency.test", "ben@agency.test"]);
      const alert = await smtp.waitFor(
        (m) => toAddresses(m).includes("ana@agency.test") && /Lead1/.test(m.mail.subject ?? ""),
      );
      expect(alert.mail.text).toContain("Lead1 Team");
      await smtp.waitFor((m) => toAddresses(m).includes(INBOX) && /Lead1/.test(m.mail.subject ?? ""));

      // A transaction each, assigned by the admin over the API.
      const ids = await withE2eDb((db) => {
        const admin = upsertUserFromClaims(db, { email: ADMIN }, [ADMIN]);
        upsertUserFromClaims(db, { email: `ana-client-${name}@example.com`, firstName: "Rita", lastName: "Client" });
        const open = (email: string, address: string) => {
          const t = createTransaction(
            db,
            admin,
            { email, type: "buying", propertyAddress: address, homeValue: "750000" },
            { notify: false },
          );
          insertSignedBuyerAgreement(db, t);
          return t.id;
        };
        return [
          open(`ana-client-${name}@example.com`, "1 Ana Way"),
          open(`ben-client-${name}@example.com`, "2 Ben Way"),
        ];
      }, app.database);
      const [anaTx, benTx] = ids as [number, number];
      const people = (await (await page.request.get(url("/api/team"))).json()) as Array<{ id: string; email: string }>;
      const idOf = (email: string) => people.find((p) => p.email === email)!.id;
      for (const [tx, agent] of [
        [anaTx, "ana@agency.test"],
        [benTx, "ben@agency.test"],
      ] as const) {
        const r = await page.request.patch(url(`/api/transactions/${tx}`), {
          headers: { origin: app.baseUrl },
          data: { assignedAgentId: idOf(agent) },
        });
        expect(r.status()).toBe(200);
      }
      const upload = await page.request.post(url(`/api/transactions/${benTx}/documents`), {
        headers: { origin: app.baseUrl },
        multipart: { file: { name: "ben-deed.pdf", mimeType: "application/pdf", buffer: pdf("ben") } },
      });
      expect(upload.status()).toBe(201);
      const benDoc = ((await upload.json()) as Array<{ id: number }>)[0]!.id;
      const anaBytes = pdf("ana's disclosure");
      const anaUpload = await page.request.post(url(`/api/transactions/${anaTx}/documents`), {
        headers: { origin: app.baseUrl },
        multipart: { file: { name: "disclosure.pdf", mimeType: "application/pdf", buffer: anaBytes } },
      });
      const anaDoc = ((await anaUpload.json()) as Array<{ id: number }>)[0]!.id;

      // Agent A: their own transaction on the dashboard, B's answer 404 everywhere.
      const agentContext = await browser.newContext({ javaScriptEnabled: js });
      const agent = await agentContext.newPage();
      await loginAs(agent, { email: "ana@agency.test", returnTo: "/admin" }, server);
      await ready(agent, js);
      await expect(agent.getByTestId("transaction-row")).toHaveCount(1);
      await expect(agent.getByTestId("transaction-row")).toContainText("1 Ana Way");
      await expect(agent.getByRole("link", { name: "Campaigns" })).toHaveCount(0);
      for (const path of [
        `/admin/transactions/${benTx}`,
        `/admin/leads/${leadIds[1]}`,
        `/documents/${benDoc}`,
        `/admin/transactions/${benTx}/history`,
      ]) {
        expect((await agent.request.get(url(path))).status(), path).toBe(404);
      }
      for (const path of [
        `/api/transactions/${benTx}/messages`,
        `/api/transactions/${benTx}/documents`,
        `/api/transactions/${benTx}/offers`,
        `/api/transactions/${benTx}/estimates`,
      ]) {
        expect((await agent.request.get(url(path))).status(), path).toBe(404);
      }
      expect((await agent.request.get(url("/admin/team"))).status()).toBe(403);
      await agent.goto(url(`/admin/leads/${leadIds[0]}`));
      await expect(agent.getByTestId("lead-agent")).toHaveText("Agent: Ana Ortiz");
      // Ana logs a call: her first action on the lead.
      await agent.getByLabel("What was said").fill("Left a voicemail");
      await agent.getByRole("button", { name: "Log a call" }).click();
      await expect(agent.getByTestId("timeline-entry").filter({ hasText: "Left a voicemail" })).toBeVisible();
      // And e-mails them from the page: the lead gets it signed by her, with her license line.
      await agent.getByLabel("Subject").fill("Your search in North Park");
      await agent.getByLabel("E-mail", { exact: true }).fill("Hi! I have three homes to show you.\n\nAna");
      await agent.getByRole("button", { name: "Send e-mail" }).click();
      await expect(agent.getByText(`E-mail to lead1-${name}@example.com queued.`, { exact: true })).toBeVisible();
      const toLead = await smtp.waitFor(
        (m) => toAddresses(m).includes(`lead1-${name}@example.com`) && m.mail.subject === "Your search in North Park",
      );
      expect(toLead.mail.replyTo?.value[0]?.address).toBe("ana@agency.test");
      expect(toLead.mail.text).toContain("Your agent: Ana Ortiz, DRE #01112222");

      // Ana opens her client's document: the download is in the transaction's history.
      expect((await agent.request.get(url(`/documents/${anaDoc}`))).status()).toBe(200);
      await agent.goto(url(`/admin/transactions/${anaTx}`));
      await agent.getByRole("navigation", { name: "Transaction" }).getByRole("link", { name: "History" }).click();
      await expect(agent).toHaveURL(url(`/admin/transactions/${anaTx}/history`));
      await expect(agent.getByTestId("audit-row").filter({ hasText: "document.view" })).toContainText("Ana Ortiz");

      // The client writes; the message goes to Ana, whose e-mailed reply lands under her name.
      const client = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
      await loginAs(client, { email: `ana-client-${name}@example.com`, returnTo: "/client-portal#messages" }, server);
      await ready(client, js);
      await expect(client.getByTestId("your-agent")).toContainText("Ana Ortiz");
      await expect(client.getByTestId("your-agent")).toContainText("DRE #01112222");
      await client.getByLabel("Your message").fill("Can we see the house on Saturday?");
      await client.getByRole("button", { name: "Send Message" }).click();
      const toAgent = await smtp.waitFor(
        (m) => toAddresses(m).includes("ana@agency.test") && (m.mail.text ?? "").includes("Saturday"),
      );
      const replyTo = toAgent.mail.replyTo?.value[0]?.address ?? "";
      expect(replyTo).toContain(`@${DOMAIN}`);
      const transport = nodemailer.createTransport({ host: "127.0.0.1", port: inboundPort, ignoreTLS: true });
      await transport.sendMail({ from: "ana@agency.test", to: replyTo, text: "Saturday at 10 works." });
      transport.close();
      await expect
        .poll(
          async () =>
            (
              (await (await client.request.get(url(`/api/transactions/${anaTx}/messages`))).json()) as Array<{
                body: string;
                author: { name: string };
              }>
            ).find((m) => m.body.includes("Saturday at 10"))?.author.name,
          { timeout: 15_000 },
        )
        .toBe("Ana Ortiz");

      // First to claim: both agents are alerted; Ana claims on the Claim page; Ben's page is gone, his late
      // claim (the race) is told she has it.
      await page.goto(url("/admin/settings"));
      await ready(page, js);
      await page.getByLabel("Routing").selectOption("first_to_claim");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText("Settings saved.", { exact: true }).last()).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Routing")).toHaveValue("first_to_claim");
      const claimed = await page.request.post(url("/api/contact"), {
        headers: { origin: app.baseUrl },
        data: { firstName: "Claire", lastName: "Claim", email: `claire-${name}@example.com`, phone: "6195550100" },
      });
      const claimId = ((await claimed.json()) as { id: number }).id;
      for (const to of ["ana@agency.test", "ben@agency.test"]) {
        const offer = await smtp.waitFor((m) => toAddresses(m).includes(to) && /Claire/.test(m.mail.subject ?? ""));
        expect(offer.mail.text).toContain(`/admin/leads/${claimId}/claim`);
      }
      // Ana sees it where she works, not only in the alert: the dashboard's count and the leads page's list.
      await agent.goto(url("/admin"));
      await expect(agent.getByTestId("offered-leads-count")).toHaveText("1 lead waiting to be claimed");
      await agent.getByRole("link", { name: "1 lead waiting to be claimed" }).click();
      await expect(agent).toHaveURL(url("/admin/leads#offered"));
      await expect(agent.getByTestId("offered-lead")).toContainText("Claire Claim");
      await agent.getByRole("link", { name: "Claim Claire Claim" }).click();
      await expect(agent).toHaveURL(url(`/admin/leads/${claimId}/claim`));
      await agent.getByRole("button", { name: "Claim this lead" }).click();
      await expect(agent).toHaveURL(url(`/admin/leads/${claimId}`));
      await expect(agent.getByTestId("lead-agent")).toHaveText("Agent: Ana Ortiz");
      const benContext = await browser.newContext({ javaScriptEnabled: js });
      const ben = await benContext.newPage();
      // Ben's claim page of a lead Ana holds is the same 404 as a missing lead: no name, no holder.
      await loginAs(ben, { email: "ben@agency.test", returnTo: `/admin/leads/${claimId}/claim` }, server);
      await expect(ben.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
      await expect(ben.locator("body")).not.toContainText("Claire");
      await expect(ben.locator("body")).not.toContainText("Ana Ortiz");
      expect((await ben.request.get(url(`/admin/leads/${claimId}/claim`))).status()).toBe(404);
      const late = await ben.request.post(url(`/api/leads/${claimId}/claim`), { headers: { origin: app.baseUrl } });
      expect(late.status()).toBe(409);
      expect(((await late.json()) as { message: string }).message).toBe("This lead was already claimed by Ana Ortiz.");
      await benContext.close();

      // The admin gives two of Ana's leads to Ben at once from the list.
      await page.goto(url(`/admin/leads?q=lead`));
      await ready(page, js);
      await page.getByRole("checkbox", { name: "Choose Lead1 Team" }).check();
      await page.getByRole("checkbox", { name: "Choose Lead3 Team" }).check();
      await page.getByLabel("Give the chosen leads to").selectOption({ label: "Ben Park" });
      await page.getByRole("button", { name: "Assign the chosen" }).click();
      await expect(page.getByText("2 leads assigned.", { exact: true })).toBeVisible();
      expect((await agent.request.get(url(`/admin/leads/${leadIds[0]}`))).status()).toBe(404);

      // The admin exports the file: the ZIP's files read back.
      const zipResponse = await page.request.get(url(`/admin/transactions/${anaTx}/export`));
      expect(zipResponse.status()).toBe(200);
      expect(zipResponse.headers()["content-type"]).toBe("application/zip");
      const zip = await JSZip.loadAsync(await zipResponse.body());
      expect(Object.keys(zip.files).sort()).toEqual(
        ["audit.csv", "documents/disclosure.pdf", "messages.txt", "summary.html", "transaction.json"].sort(),
      );
      expect(await zip.file("messages.txt")!.async("string")).toContain("Saturday at 10 works.");
      expect(await zip.file("messages.txt")!.async("string")).toContain("by e-mail");
      expect(Buffer.from(await zip.file("documents/disclosure.pdf")!.async("uint8array")).equals(anaBytes)).toBe(true);
      const audit = await zip.file("audit.csv")!.async("string");
      expect(audit).toContain("document.view");
      expect(audit).toContain("transaction.assign");
      expect(audit).toContain(",export,");
      expect(await zip.file("summary.html")!.async("string")).toContain("1 Ana Way");
      const data = JSON.parse(await zip.file("transaction.json")!.async("string")) as { agent: { name: string } };
      expect(data.agent.name).toBe("Ana Ortiz");
      // The export is itself in the audit; an agent cannot export.
      expect((await agent.request.get(url(`/admin/transactions/${anaTx}/export`))).status()).toBe(403);
      await agentContext.close();
    } finally {
      await app.stop();
      await smtp.close();
    }
  });
});
