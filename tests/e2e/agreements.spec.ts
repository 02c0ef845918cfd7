/**
 * Agreements signed in the portal (docs/agreements.md), in a real browser with JavaScript on and off: a
 * seller starts a listing on the site, signs in, consents and signs; the broker countersigns; the selling
 * transaction opens with its milestones; pdfsig validates the sealed PDF and rejects a copy with one byte
 * changed; another client gets 404 on every URL of it. A buyer agreement prepared on the Manage page with a
 * co-signer, who signs from the link e-mailed to a real SMTP server without an account; a buying client
 * without an agreement gets 409 on Make an offer, then signs and the offer goes through; an expired
 * agreement blocks again.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { agreements } from "~/db/schema";
import { createSavedHome } from "~/models/saved-home.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { expect, fillProviderForm, loginAs, queryDb, ready, test, uniqueEmail, withE2eDb } from "./fixtures";
import { consentAndAcknowledge } from "./signing";
import { SmtpSink, startApp, toAddresses } from "./servers";

/** pdfsig's verdict on a PDF's bytes. */
function pdfsig(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pdfsig-")), "signed.pdf");
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync("pdfsig", [file], { stdio: ["ignore", "pipe", "ignore"] }).toString();
  } catch (error) {
    return String((error as { stdout?: Buffer }).stdout ?? error);
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** A buying client's offer on a saved home, over the API. */
const offerTerms = (listingId: number, price: string) => ({
  listingId: String(listingId),
  price,
  financing: "conventional",
  downPaymentPercent: "20",
  deposit: "25,000",
  closeOfEscrowDays: "30",
  contingencies: { investigation: "17", appraisal: "17", loan: "21" },
});

/** Opens the agreement's PDF as its signer does (the page's "Open the PDF": a real GET, recorded as the view). */
async function openPdf(page: Page) {
  const href = await page.getByRole("link", { name: "Open the PDF" }).getAttribute("href");
  const pdf = await page.request.get(new URL(href!, page.url()).toString());
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
}

/**
 * Consents (the E-SIGN box, then the agency disclosure when asked), opens the PDF, and signs with the
 * typed legal name, on the signing page.
 */
async function consentAndSign(page: Page, js: boolean, typedName: string) {
  await ready(page, js);
  await expect(page.getByRole("heading", { name: "Consent to sign electronically" })).toBeVisible();
  await expect(page.getByTestId("esign-disclosure")).toContainText("Paper copies");
  await consentAndAcknowledge(page, js);
  await ready(page, js);
  await openPdf(page);
  await page.getByLabel("Type your full legal name").fill(typedName);
  await page.getByLabel("I agree to sign this document electronically").check();
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByTestId("signing-done")).toBeVisible();
}

/** The text of a PDF (pdftotext), one line per run of spaces. */
function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pdftotext-")), "signed.pdf");
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"]).toString().replace(/\s+/g, " ");
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

test.describe("agreements", () => {
  test("admins save a template's next version; a text without the commission notice is refused", async ({
    page,
    js,
  }) => {
    const app = await startApp("templates", {});
    const server = { database: app.database, baseUrl: app.baseUrl, secret: app.secret };
    try {
      await loginAs(page, { email: "boss@agency.test", admin: true, returnTo: "/admin/agreements" }, server);
      await ready(page, js);
      const buyer = page.getByRole("region", { name: /Buyer representation agreement/ });
      await expect(buyer.getByRole("heading")).toContainText("(version 1)");
      const body = await buyer.getByLabel("Text").inputValue();
      // The notice's place (the broker's versioned text of B&P §10147.5 goes there) taken out.
      expect(body).toContain("**{{commissionNotice}}**");
      await buyer.getByLabel("Text").fill(body.replace("**{{commissionNotice}}**", "No notice here."));
      await buyer.getByRole("button", { name: "Save as a new version" }).click();
      await expect(page.getByText(/Keep the notice of Bus. & Prof. Code §10147.5 in bold/).first()).toBeVisible();
      const again = page.getByRole("region", { name: /Buyer representation agreement/ });
      await again.getByLabel("Text").fill(`${body}\n\nAn added clause.`);
      await again.getByRole("button", { name: "Save as a new version" }).click();
      await expect(
        page.getByRole("region", { name: /Buyer representation agreement/ }).getByRole("heading"),
      ).toContainText("(version 2)");
      const templates = (await (await page.request.get(`${app.baseUrl}/api/agreement-templates`)).json()) as Array<{
        kind: string;
        version: number;
      }>;
      expect(templates.map((t) => [t.kind, t.version])).toEqual([
        ["listing", 1],
        ["buyer", 2],
        // The broker–agent agreement (issue 46): a template of its own, untouched here.
        ["broker_agent", 1],
      ]);
    } finally {
      await app.stop();
    }
  });

  test("a seller starts a listing on the site and signs; the broker countersigns; the sale opens; the seal holds", async ({
    page,
    browser,
    js,
  }) => {
    const email = uniqueEmail("lister");
    const address = `${Date.now()} Listing Ln, San Diego`;
    await page.goto("/start-listing");
    await ready(page, js);
    await page.getByLabel("Your full legal name").fill("Casey Ng");
    await page.getByLabel("Home address").fill(address);
    await page.getByLabel("List price").fill("850,000");
    if (js) await expect(page.getByTestId("listing-fee")).toContainText("Your flat fee: $10,000");
    await page.getByLabel("Listing term").selectOption("6");
    await page.getByRole("button", { name: "Prepare my listing agreement" }).click();
    await fillProviderForm(page, { email, firstName: "Casey" });
    await expect(page).toHaveURL(/\/agreements\/\d+\/sign$/);
    const id = Number(/agreements\/(\d+)\/sign/.exec(page.url())![1]);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(address);
    // The local sign-in knows the seller by a first name: the signature asks the full legal name they gave.
    await consentAndSign(page, js, "Casey Ng");
    await expect(page.getByText("Not signed yet")).toHaveCount(1);

    // The countersigner: the routed agent, else the broker (any admin signs in the broker's seat).
    const [counter] = await queryDb<{ name: string; email: string; user_id: string | null }>(
      "SELECT name, email, user_id FROM agreement_signers WHERE agreement_id = ? AND role = 'agent'",
      id,
    );
    const staffPage = await browser.newPage({ javaScriptEnabled: js });
    let sealName = "";
    try {
      const staffEmail = counter!.user_id
        ? (await queryDb<{ email: string }>("SELECT email FROM users WHERE id = ?", counter!.user_id))[0]!.email
        : "admin@e2e.test";
      await loginAs(staffPage, { email: staffEmail, returnTo: `/agreements/${id}/sign` });
      // An admin in the broker's seat types their own legal name (the one their account holds, else one beginning
      // with its first name); an agent the one the record holds. The shared e2e admin's name is whatever earlier
      // tests left.
      const [account] = await queryDb<{ first: string | null; last: string | null }>(
        "SELECT first_name AS first, last_name AS last FROM users WHERE email = ?",
        staffEmail,
      );
      const legal = account!.last ? `${account!.first} ${account!.last}` : `${account!.first ?? "Ada"} Lovelace`;
      await consentAndSign(staffPage, js, counter!.user_id && counter!.name.includes(" ") ? counter!.name : legal);
      sealName = legal;
      await expect(staffPage.getByTestId("agreement-status")).toContainText("Signed");
    } finally {
      await staffPage.close();
    }

    const [opened] = await queryDb<{ id: number; type: string; milestones_total: number }>(
      "SELECT t.id, t.type, t.milestones_total FROM transactions t JOIN users u ON u.id = t.user_id WHERE u.email = ?",
      email,
    );
    expect(opened).toMatchObject({ type: "selling", milestones_total: 14 });
    await page.goto("/client-portal");
    await expect(page.getByTestId("agreement")).toContainText("Signed");

    const pdf = await page.request.get(`/agreements/${id}.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const sealed = Buffer.from(await pdf.body());
    expect(pdfsig(sealed)).toContain("Signature is Valid.");
    const changed = Buffer.from(sealed);
    changed[Math.floor(changed.length / 3)] = changed[Math.floor(changed.length / 3)]! ^ 1;
    expect(pdfsig(changed)).not.toContain("Signature is Valid.");
    // The certificate shows only real events: each signer opened the document before signing, from a browser.
    const text = pdfText(sealed);
    expect(text).toContain("Casey Ng <");
    expect(text.match(/Opened the document: /g)).toHaveLength(2);
    expect(text).toContain("Consented to sign electronically (disclosure version");
    if (!counter!.user_id)
      expect(text).toContain(`${sealName} <admin@e2e.test>, for Coastline Flat Fee Realty, broker (DRE #`);

    // Another client sees nothing of it.
    const other = await browser.newPage({ javaScriptEnabled: js });
    try {
      await loginAs(other, { email: uniqueEmail("other"), returnTo: null });
      expect((await other.request.get(`/agreements/${id}.pdf`)).status()).toBe(404);
      expect((await other.request.get(`/api/transactions/${opened!.id}/agreements`)).status()).toBe(404);
      const sign = await other.goto(`/agreements/${id}/sign`);
      expect(sign?.status()).toBe(404);
      const origin = { origin: new URL(other.url()).origin };
      expect((await other.request.post(`/api/agreements/${id}/sign`, { headers: origin, data: {} })).status()).toBe(
        404,
      );
    } finally {
      await other.close();
    }
    const anonymous = await page.request.fetch(`/api/transactions/${opened!.id}/agreements`, {
      headers: { cookie: "" },
    });
    expect(anonymous.status()).toBe(401);
  });

  test("a buyer agreement with a co-signer from an e-mailed link; Make an offer needs it, and an expired one blocks", async ({
    page,
    browser,
    js,
  }) => {
    const smtp = await SmtpSink.start();
    const app = await startApp("agreements", { SMTP_URL: smtp.url, MAIL_TICK_SECONDS: "1" });
    const server = { database: app.database, baseUrl: app.baseUrl, secret: app.secret };
    const client = "robin@example.com";
    const cosigner = "sam@example.com";
    try {
      const { id, homeId } = await withE2eDb((db) => {
        // The admin the local sign-in knows by a first name.
        const admin = upsertUserFromClaims(db, { email: "boss@agency.test", firstName: "Blake" }, ["boss@agency.test"]);
        const buyer = upsertUserFromClaims(db, { email: client, firstName: "Robin", lastName: "Lee" });
        const t = createTransaction(
          db,
          admin,
          { email: client, type: "buying", propertyAddress: "Homes in North Park", homeValue: "900000" },
          { notify: false },
        );
        const home = createSavedHome(db, buyer, { address: "9 Ocean Ave, San Diego, CA", price: "900000" } as never);
        return { id: t.id, homeId: home.id };
      }, app.database);

      // Without an agreement, Make an offer is refused with the way to sign it.
      await loginAs(page, { email: client, returnTo: null }, server);
      const headers = { origin: app.baseUrl };
      const refused = await page.request.post(`${app.baseUrl}/api/transactions/${id}/offers`, {
        headers,
        data: offerTerms(homeId, "880000"),
      });
      expect(refused.status()).toBe(409);
      expect(await refused.json()).toMatchObject({
        message: expect.stringContaining("Sign your buyer representation agreement first"),
        link: "/client-portal#agreements",
      });
      await page.goto(`${app.baseUrl}/client-portal`);
      await expect(page.getByTestId("buyer-agreement-needed")).toBeVisible();

      // Staff prepare it on the Manage page with a co-signer, and send it.
      const staff = await browser.newPage({ javaScriptEnabled: js });
      await loginAs(
        staff,
        { email: "boss@agency.test", admin: true, returnTo: `/admin/transactions/${id}/agreements` },
        server,
      );
      await ready(staff, js);
      await staff.getByText("Prepare an agreement").click();
      // A purchase's form starts on the buyer agreement, its own fields only, the end date 90 days out.
      await expect(staff.getByLabel("From")).toHaveValue(/^template-\d+$/);
      await expect(staff.getByLabel("List price")).toHaveCount(0);
      await staff.getByLabel("Ends on").fill("2099-01-01");
      await staff.getByLabel("Percentage (%) or amount ($)").fill("2.5");
      await staff.getByLabel("Co-signer's full legal name (optional)").fill("Sam Lee");
      await staff.getByLabel("Co-signer's e-mail").fill(cosigner);
      await staff.getByRole("button", { name: "Prepare" }).click();
      // Three months at most: the form says so and prepares nothing.
      await expect(staff.getByText(/lasts at most 3 months/).first()).toBeVisible();
      const endsOn = new Date(Date.now() + 60 * 24 * 3600_000).toISOString().slice(0, 10);
      await staff.goto(`${app.baseUrl}/admin/transactions/${id}/agreements`);
      await ready(staff, js);
      await staff.getByText("Prepare an agreement").click();
      await staff.getByLabel("Ends on").fill(endsOn);
      await staff.getByLabel("Percentage (%) or amount ($)").fill("2.5");
      await staff.getByLabel("Co-signer's full legal name (optional)").fill("Sam Lee");
      await staff.getByLabel("Co-signer's e-mail").fill(cosigner);
      await staff.getByRole("button", { name: "Prepare" }).click();
      await expect(staff.getByTestId("agreement")).toContainText("Draft, not sent yet");
      await staff.getByRole("button", { name: "Send for signature" }).click();
      await expect(staff.getByTestId("agreement")).toContainText("Waiting for Robin Lee");

      // The client signs in the portal.
      await page.goto(`${app.baseUrl}/client-portal`);
      await page.getByRole("link", { name: "Review and sign", exact: true }).click();
      await consentAndSign(page, js, "Robin Lee");

      // The co-signer signs from their link, without an account.
      const mail = await smtp.waitFor((m) => toAddresses(m).includes(cosigner));
      const link = /(http:\/\/localhost:\d+\/sign\/[A-Za-z0-9_-]{43})/.exec(mail.mail.text ?? "")![1]!;
      const cosignerPage = await browser.newPage({ javaScriptEnabled: js });
      try {
        const altered = await cosignerPage.goto(`${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`);
        expect(altered?.status()).toBe(404);
        await expect(cosignerPage.getByText("Buyer Representation")).toHaveCount(0);
        await cosignerPage.goto(link);
        expect((await cosignerPage.request.get(`${link}/document`)).headers()["content-type"]).toBe("application/pdf");
        await consentAndSign(cosignerPage, js, "Sam Lee");
        const used = await cosignerPage.goto(link);
        expect(used?.status()).toBe(404);
      } finally {
        await cosignerPage.close();
      }

      // The broker's seat (the transaction has no agent): the admin signs in their own name, never the broker's.
      await staff.goto(`${app.baseUrl}/admin/transactions/${id}/agreements#agreements`);
      await staff.getByRole("link", { name: "Countersign" }).click();
      await ready(staff, js);
      await staff.getByLabel("I have read the disclosure above and consent to sign electronically").check();
      await staff.getByRole("button", { name: "I consent" }).click();
      await openPdf(staff);
      await staff.getByLabel("Type your full legal name").fill("Jordan Reyes");
      await staff.getByLabel("I agree to sign this document electronically").check();
      await staff.getByRole("button", { name: "Sign", exact: true }).click();
      await expect(staff.getByText(/Type your full legal name/).first()).toBeVisible();
      await ready(staff, js);
      await staff.getByLabel("Type your full legal name").fill("Blake Admin");
      await staff.getByLabel("I agree to sign this document electronically").check();
      await staff.getByRole("button", { name: "Sign", exact: true }).click();
      await expect(staff.getByTestId("signing-done")).toBeVisible();
      await staff.close();
      const json = (await (
        await page.request.get(`${app.baseUrl}/api/transactions/${id}/agreements`)
      ).json()) as Array<{
        signers: Array<{ role: string; signedBy: { name: string; email: string } | null }>;
      }>;
      expect(json[0]!.signers.find((s) => s.role === "agent")!.signedBy).toEqual({
        name: "Blake Admin",
        email: "boss@agency.test",
      });
      const copy = await smtp.waitFor(
        (m) => toAddresses(m).includes(cosigner) && /Signed by everyone/.test(m.mail.subject ?? ""),
      );
      expect(copy.mail.text).toMatch(/\/sign\/[A-Za-z0-9_-]{43}/);

      // Now the offer goes through; once the agreement has ended, it is refused again.
      const made = await page.request.post(`${app.baseUrl}/api/transactions/${id}/offers`, {
        headers,
        data: offerTerms(homeId, "880000"),
      });
      expect(made.status()).toBe(201);
      await withE2eDb((db) => {
        db.update(agreements)
          .set({ startsOn: "2020-01-01", endsOn: "2020-03-01" })
          .where(eq(agreements.transactionId, id))
          .run();
      }, app.database);
      const listed = (await (
        await page.request.get(`${app.baseUrl}/api/transactions/${id}/agreements`)
      ).json()) as Array<{
        status: string;
      }>;
      expect(listed[0]!.status).toBe("expired");
      const blocked = await page.request.post(`${app.baseUrl}/api/transactions/${id}/offers`, {
        headers,
        data: offerTerms(homeId, "870000"),
      });
      expect(blocked.status()).toBe(409);
    } finally {
      await app.stop();
      await smtp.close();
    }
  });
});
