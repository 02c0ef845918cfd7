/**
 * Agreements a court would enforce (issue 56, docs/agreements.md), in a real browser with JavaScript on and off:
 * - a seller and a co-owner sign a listing started on the site, each after reading the agency disclosure; the sealed
 *   PDF holds the disclosure's text and the certificate names each acknowledgment; each signer gets the PDF as an
 *   attachment from the real SMTP sink; pdfsig trusts it;
 * - a buyer agreement's compensation structured ("2.5% of the price, at most $25,000") and written out in the PDF;
 *   free text refused; a template that renews by itself refused; an LLC's six months accepted, a person's refused;
 * - a buyer agreement signed on paper, recorded by staff: the buyer may ask for a tour and make an offer, and its
 *   compensation is the CDA's gross.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Db } from "~/db/client.server";
import { addMonthsTo, todayIn } from "~/lib/plain-date";
import { insertDocuments } from "~/models/document.server";
import { createSavedHome } from "~/models/saved-home.server";
import { addStaff, assignTransaction, updateStaff } from "~/models/team.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { expectAxeClean } from "./axe";
import { currentLicenseExpiry, expect, fillProviderForm, loginAs, ready, test, withE2eDb } from "./fixtures";
import { SmtpSink, startApp, toAddresses, type ReceivedMail } from "./servers";
import { consentAndAcknowledge } from "./signing";

const BROKER = "boss@agency.test";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** pdfsig's verdict and pdftotext's words (one space for each run of spaces) of a PDF's bytes. */
function readPdf(bytes: Buffer): { signature: string; text: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hold-"));
  const file = path.join(dir, "signed.pdf");
  fs.writeFileSync(file, bytes);
  try {
    let signature: string;
    try {
      signature = execFileSync("pdfsig", [file], { stdio: ["ignore", "pipe", "ignore"] }).toString();
    } catch (error) {
      signature = String((error as { stdout?: Buffer }).stdout ?? error);
    }
    const text = execFileSync("pdftotext", [file, "-"]).toString().replace(/\s+/g, " ");
    return { signature, text };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The signing page from its current step to 'Signed': consent, the agency disclosure when asked, the PDF, the name. */
async function signHere(page: Page, js: boolean, legalName: string): Promise<boolean> {
  const asked = await consentAndAcknowledge(page, js);
  await ready(page, js);
  const href = await page.getByRole("link", { name: "Open the PDF" }).getAttribute("href");
  expect((await page.request.get(new URL(href!, page.url()).toString())).status()).toBe(200);
  await page.getByLabel("Type your full legal name").fill(legalName);
  await page.getByLabel("I agree to sign this document electronically").check();
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(page.getByTestId("signing-done")).toBeVisible();
  return asked;
}

/** The sealed PDF attached to a completion e-mail. */
function attachedPdf(mail: ReceivedMail): Buffer {
  const pdf = mail.mail.attachments.find((a) => a.contentType === "application/pdf");
  expect(pdf, `a PDF attached to "${mail.mail.subject}"`).toBeTruthy();
  return pdf!.content;
}

/** The broker (named as the local sign-in will know them) and an agent with a current license and a plan. */
function team(db: Db) {
  const broker = upsertUserFromClaims(db, { email: BROKER, firstName: "Blake", lastName: "Morgan" }, [BROKER]);
  const ana = addStaff(db, broker, {
    email: "ana@agency.test",
    firstName: "Ana",
    lastName: "Lopez",
    role: "agent",
    phone: "619-555-0101",
    licenseNumber: "01234567",
    licenseKind: "salesperson",
    licenseExpiresOn: currentLicenseExpiry(),
  });
  updateStaff(db, broker, ana.id, {
    plan: { agentPercent: 70, annualCap: 0, transactionFee: 0, anniversaryOn: "2026-01-01" },
  });
  return { broker, ana };
}

test("a seller and a co-owner each read the agency disclosure and sign; each gets the sealed PDF, which holds it", async ({
  page,
  browser,
  js,
}) => {
  test.setTimeout(180_000);
  const smtp = await SmtpSink.start();
  const app = await startApp(`hold-listing-${js ? "js" : "nojs"}`, { SMTP_URL: smtp.url, MAIL_TICK_SECONDS: "1" });
  const seller = "casey.ng@example.com";
  const coOwner = "jamie.ng@example.com";
  try {
    await withE2eDb((db) => team(db), app.database);
    await page.setViewportSize(PHONE);
    await page.goto(`${app.baseUrl}/start-listing`);
    await ready(page, js);
    await page.getByLabel("Your full legal name").fill("Casey Ng");
    await page.getByLabel("Seller 2: full legal name").fill("Jamie Ng");
    await page.getByLabel("Seller 2: e-mail").fill(coOwner);
    await page.getByLabel("Home address").fill("4410 Park Blvd, San Diego, CA 92116");
    await page.getByLabel("List price").fill("850,000");
    await page.getByLabel("Listing term").selectOption("6");
    await page.getByRole("button", { name: "Prepare my listing agreement" }).click();
    await fillProviderForm(page, { email: seller, firstName: "Casey" });
    await expect(page).toHaveURL(/\/agreements\/\d+\/sign$/);
    const id = Number(/agreements\/(\d+)\/sign/.exec(page.url())![1]);

    // The seller: the E-SIGN consent, then the disclosure in full with its own acknowledgment, then the agreement.
    await ready(page, js);
    await page.getByLabel("I have read the disclosure above and consent to sign electronically").check();
    await page.getByRole("button", { name: "I consent" }).click();
    const disclosure = page.getByTestId("agency-disclosure");
    await expect(disclosure).toContainText("DISCLOSURE REGARDING REAL ESTATE AGENCY RELATIONSHIP");
    await expect(disclosure).toContainText(
      "A Seller's agent under a listing agreement with the Seller acts as the agent",
    );
    await expectAxeClean(page, js);
    // Not signed before it is acknowledged: the step is the disclosure's until then.
    await expect(page.getByLabel("Type your full legal name")).toHaveCount(0);
    expect(await signHere(page, js, "Casey Ng")).toBe(true);

    // The co-owner, from their own link, without an account: the same disclosure, acknowledged by them.
    const invite = await smtp.waitFor(
      (m) => toAddresses(m).includes(coOwner) && /\/sign\/[A-Za-z0-9_-]{43}/.test(m.mail.text ?? ""),
    );
    const link = /(http:\/\/localhost:\d+\/sign\/[A-Za-z0-9_-]{43})/.exec(invite.mail.text ?? "")![1]!;
    const coOwnerPage = await browser.newPage({ javaScriptEnabled: js, viewport: DESKTOP });
    try {
      await coOwnerPage.goto(link);
      expect(await signHere(coOwnerPage, js, "Jamie Ng")).toBe(true);
    } finally {
      await coOwnerPage.close();
    }

    // The broker countersigns: staff are not asked the client's disclosure.
    const staff = await browser.newPage({ javaScriptEnabled: js, viewport: DESKTOP });
    try {
      await loginAs(staff, { email: BROKER, admin: true, returnTo: `/agreements/${id}/sign` }, app);
      const [counter] = await withE2eDb(
        (db) =>
          db.$client
            .prepare(
              "SELECT u.email FROM agreement_signers s JOIN users u ON u.id = s.user_id WHERE s.agreement_id = ? AND s.role = 'agent'",
            )
            .all(id) as Array<{ email: string }>,
        app.database,
      );
      if (counter && counter.email !== BROKER) {
        // Routed to the agent: the agent countersigns.
        await loginAs(staff, { email: counter.email, returnTo: `/agreements/${id}/sign` }, app);
        expect(await signHere(staff, js, "Ana Lopez")).toBe(false);
      } else {
        expect(await signHere(staff, js, "Blake Morgan")).toBe(false);
      }
    } finally {
      await staff.close();
    }

    // Each signer gets the sealed PDF itself (B&P §10142), not only a link.
    for (const to of [seller, coOwner]) {
      const done = await smtp.waitFor(
        (m) => toAddresses(m).includes(to) && /Signed by everyone/.test(m.mail.subject ?? ""),
        30_000,
      );
      const { signature, text } = readPdf(attachedPdf(done));
      expect(signature).toContain("Signature is Valid.");
      expect(text).toContain("DISCLOSURE REGARDING REAL ESTATE AGENCY RELATIONSHIP");
      expect(text).toContain("SELLER AND BUYER RESPONSIBILITIES");
      // The certificate names each acknowledgment, the seller's and the co-owner's.
      expect(text.match(/Acknowledged the agency disclosure \(version \d+/g)).toHaveLength(2);
      // The fee earned in the term, and the protection period.
      expect(text).toContain("90 days");
    }

    // The API: each client signer's acknowledgment, and the listing's protection period.
    const json = (await (await page.request.get(`${app.baseUrl}/api/agreements/${id}`)).json()) as {
      status: string;
      protection: { days: number; listSentOn: string | null };
      signers: Array<{ role: string; agencyDisclosure: { version: number; acknowledgedAt: string } | null }>;
    };
    expect(json.status).toBe("signed");
    expect(json.protection).toMatchObject({ days: 90, listSentOn: null });
    const clients = json.signers.filter((s) => s.role !== "agent");
    expect(clients).toHaveLength(2);
    for (const s of clients) expect(s.agencyDisclosure).toMatchObject({ version: expect.any(Number) });
    expect(json.signers.find((s) => s.role === "agent")!.agencyDisclosure).toBeNull();
  } finally {
    await app.stop();
    await smtp.close();
  }
});

test("a buyer agreement's compensation is worked out and written out; free text and renewals refused; an LLC may take six months", async ({
  page,
  browser,
  js,
}) => {
  test.setTimeout(180_000);
  const smtp = await SmtpSink.start();
  const app = await startApp(`hold-buyer-${js ? "js" : "nojs"}`, { SMTP_URL: smtp.url, MAIL_TICK_SECONDS: "1" });
  const client = "harbor.homes@example.com";
  try {
    const { id } = await withE2eDb((db) => {
      const { broker } = team(db);
      upsertUserFromClaims(db, { email: client, firstName: "Robin", lastName: "Lee" });
      const t = createTransaction(
        db,
        broker,
        { email: client, type: "buying", propertyAddress: "Homes in North Park", homeValue: "900000" },
        { notify: false },
      );
      return { id: t.id };
    }, app.database);
    const origin = { origin: app.baseUrl };

    // A template that renews by itself is refused, naming the words.
    await page.setViewportSize(DESKTOP);
    await loginAs(page, { email: BROKER, admin: true, returnTo: "/admin/agreements" }, app);
    await ready(page, js);
    const template = page.getByRole("region", { name: /Buyer representation agreement/ });
    const body = await template.getByLabel("Text").inputValue();
    await template.getByLabel("Text").fill(`${body}\n\nThis agreement will automatically renew for successive terms.`);
    await template.getByRole("button", { name: "Save as a new version" }).click();
    await expect(page.getByText(/never renews by itself \(Civil Code §1670\.50\(d\)\(2\)\)/).first()).toBeVisible();
    await expect(page.getByText(/"automatically renew"/).first()).toBeVisible();

    // Free text is not a compensation that can be worked out: 400 naming the field.
    const templates = (await (await page.request.get(`${app.baseUrl}/api/agreement-templates`)).json()) as Array<{
      id: number;
      kind: string;
      version: number;
    }>;
    const buyerTemplate = templates.find((t) => t.kind === "buyer")!;
    expect(buyerTemplate.version).toBe(1);
    const endsOn = addMonthsTo(todayIn(new Date()), 2);
    for (const data of [
      { templateId: buyerTemplate.id, endsOn, compensation: "2.5% or negotiable" },
      { templateId: buyerTemplate.id, endsOn, fields: { buyerBrokerCompensation: "negotiable" } },
    ]) {
      const refused = await page.request.post(`${app.baseUrl}/api/transactions/${id}/agreements`, {
        headers: origin,
        data,
      });
      expect(refused.status()).toBe(400);
      const answer = (await refused.json()) as { message: string; errors?: Record<string, string[]> };
      expect(Object.keys(answer.errors ?? {}).join(" ")).toMatch(/^(compensation|fields)$/);
      expect(answer.message).toMatch(/compensation/i);
    }

    // The prepare form: six months for a person is refused; for an LLC it is accepted and says so.
    await page.goto(`${app.baseUrl}/admin/transactions/${id}/agreements#agreements`);
    await ready(page, js);
    await page.getByText("Prepare an agreement").click();
    const six = addMonthsTo(todayIn(new Date()), 6);
    const compensation = page.getByTestId("prepare-compensation");
    await page.getByLabel("Ends on").fill(six);
    await compensation.getByLabel("Kind").selectOption("percent");
    await compensation.getByLabel("Percentage (%) or amount ($)").fill("2.5");
    await compensation.getByLabel("At most ($, optional)").fill("25,000");
    await compensation.getByLabel("Who buys").selectOption("person");
    await page.getByRole("button", { name: "Prepare" }).click();
    await expect(page.getByText(/lasts at most 3 months/).first()).toBeVisible();
    await expect(page.getByTestId("agreement")).toHaveCount(0);
    await ready(page, js);
    await page.getByTestId("prepare-compensation").getByLabel("Who buys").selectOption("llc");
    await page.getByRole("button", { name: "Prepare" }).click();
    await expect(page.getByTestId("agreement")).toContainText("Draft, not sent yet");
    await expect(page.getByTestId("agreement-compensation")).toContainText(
      "Compensation: 2.5% of the price, at most $25,000",
    );
    await page.getByRole("button", { name: "Send for signature" }).click();
    await expect(page.getByTestId("agreement")).toContainText("Waiting for Robin Lee");
    const [agreement] = (await (
      await page.request.get(`${app.baseUrl}/api/transactions/${id}/agreements`)
    ).json()) as Array<{
      id: number;
      endsOn: string;
      buyerEntity: string;
      compensation: { type: string; value: number; cap?: number };
    }>;
    expect(agreement).toMatchObject({
      endsOn: six,
      buyerEntity: "llc",
      compensation: { type: "percent", value: 2.5, cap: 25000 },
    });

    // The buyer signs after the disclosure; the broker countersigns.
    const buyer = await browser.newPage({ javaScriptEnabled: js, viewport: PHONE });
    try {
      await loginAs(buyer, { email: client, returnTo: `/agreements/${agreement!.id}/sign` }, app);
      expect(await signHere(buyer, js, "Robin Lee")).toBe(true);
    } finally {
      await buyer.close();
    }
    await page.goto(`${app.baseUrl}/agreements/${agreement!.id}/sign`);
    expect(await signHere(page, js, "Blake Morgan")).toBe(false);

    const sealed = await page.request.get(`${app.baseUrl}/agreements/${agreement!.id}.pdf`);
    expect(sealed.status()).toBe(200);
    const { signature, text } = readPdf(Buffer.from(await sealed.body()));
    expect(signature).toContain("Signature is Valid.");
    expect(text).toContain(
      "2.5% (two and five tenths percent) of the purchase price, but not more than $25,000.00 (twenty-five thousand dollars)",
    );
    expect(text).toContain("will not receive compensation for this transaction from any source that exceeds");
    expect(text).toContain("DISCLOSURE REGARDING REAL ESTATE AGENCY RELATIONSHIP");
  } finally {
    await app.stop();
    await smtp.close();
  }
});

test("a buyer agreement signed on paper and recorded by staff: a tour and an offer go through; its compensation is the CDA's gross", async ({
  page,
  browser,
  js,
}) => {
  test.setTimeout(180_000);
  const app = await startApp(`hold-paper-${js ? "js" : "nojs"}`, {});
  const client = "pat.paper@example.com";
  try {
    const { id, homes } = await withE2eDb((db) => {
      const { broker, ana } = team(db);
      const buyer = upsertUserFromClaims(db, { email: client, firstName: "Pat", lastName: "Paper" });
      const t = createTransaction(
        db,
        broker,
        { email: client, type: "buying", propertyAddress: "Homes in Clairemont", homeValue: "800000" },
        { notify: false },
      );
      assignTransaction(db, broker, t.id, { assignedAgentId: ana.id, collaboratorIds: [] });
      insertDocuments(
        db,
        { transactionId: t.id, uploadedBy: buyer.id, role: "client" },
        [
          {
            key: `documents/paper-${t.id}`,
            name: "C.A.R. BRBC signed.pdf",
            contentType: "application/pdf",
            size: 10,
            sha256: "c".repeat(64),
          },
        ],
        new Date(),
      );
      return {
        id: t.id,
        homes: ["5 Genesee Ave, San Diego, CA", "6 Balboa Ave, San Diego, CA"].map(
          (address) => createSavedHome(db, buyer, { address, price: "800000" } as never).id,
        ),
      };
    }, app.database);

    // Before it is recorded, the buyer has no agreement in force.
    await loginAs(page, { email: client, returnTo: null }, app);
    const origin = { origin: app.baseUrl };
    const offer = (price: string) => ({
      listingId: String(homes[0]),
      price,
      financing: "conventional",
      downPaymentPercent: "20",
      deposit: "20,000",
      closeOfEscrowDays: "30",
      contingencies: { investigation: "17", appraisal: "17", loan: "21" },
    });
    const before = await page.request.post(`${app.baseUrl}/api/transactions/${id}/offers`, {
      headers: origin,
      data: offer("790000"),
    });
    expect(before.status()).toBe(409);

    // Staff record it on the Manage page: its dates, its compensation (2 %, at most $15,000), who signed.
    const staff = await (await browser.newContext({ javaScriptEnabled: js, viewport: PHONE })).newPage();
    try {
      await loginAs(
        staff,
        { email: BROKER, admin: true, returnTo: `/admin/transactions/${id}/agreements#agreements` },
        app,
      );
      await ready(staff, js);
      const record = staff.getByTestId("record-agreement");
      await record.getByText("Record an agreement signed on paper").click();
      await expect(record.getByLabel("The signed buyer agreement")).toHaveValue(/\d+/);
      await record.getByLabel("Starts on (the day it was made)").fill(todayIn(new Date()));
      await record.getByLabel("Ends on (as the paper says)").fill(addMonthsTo(todayIn(new Date()), 4));
      await record.getByLabel("Kind").selectOption("percent");
      await record.getByLabel("Percentage (%) or amount ($)").fill("2");
      await record.getByLabel("At most ($, optional)").fill("15000");
      await record.getByLabel("Who signed (full legal name)").fill("Pat Paper");
      await record.getByRole("button", { name: "Record the agreement" }).click();
      // The same rules as in the portal: a person's agreement lasts three months at most.
      await expect(staff.getByText(/lasts at most 3 months/).first()).toBeVisible();
      await ready(staff, js);
      await staff
        .getByTestId("record-agreement")
        .getByLabel("Ends on (as the paper says)")
        .fill(addMonthsTo(todayIn(new Date()), 3));
      await staff.getByTestId("record-agreement").getByRole("button", { name: "Record the agreement" }).click();
      await expect(staff.getByText(/is recorded: it counts as the agreement in force/).first()).toBeVisible();
      await expect(staff.getByTestId("agreement")).toContainText("Signed on paper; recorded on");
      await expectAxeClean(staff, js);
      await staff.getByRole("navigation", { name: "Transaction" }).getByRole("link", { name: "Money" }).click();
      await expect(staff.getByTestId("compensation")).toHaveText("Compensation: $15,000 (the signed buyer agreement)");
    } finally {
      await staff.close();
    }

    // The buyer asks for a tour and makes an offer, as with an agreement signed in the portal.
    const tour = await page.request.post(`${app.baseUrl}/api/transactions/${id}/tours`, {
      headers: origin,
      data: { listingIds: homes, slots: [{ start: new Date(Date.now() + 72 * 3600_000).toISOString() }] },
    });
    expect(tour.status()).toBe(201);
    const made = await page.request.post(`${app.baseUrl}/api/transactions/${id}/offers`, {
      headers: origin,
      data: offer("790000"),
    });
    expect(made.status()).toBe(201);

    // The CDA's gross is the recorded agreement's: 2 % of $800,000 is $16,000, at most $15,000.
    const broker = await browser.newPage({ javaScriptEnabled: js });
    try {
      await loginAs(broker, { email: BROKER, admin: true, returnTo: null }, app);
      const cda = (await (await broker.request.get(`${app.baseUrl}/api/transactions/${id}/cda`)).json()) as {
        ready: boolean;
        basis?: string;
        lines?: { gross: number };
        missing?: string[];
      };
      expect(cda).toMatchObject({ ready: true, basis: "buyer_agreement", lines: { gross: 15000 } });
    } finally {
      await broker.close();
    }
  } finally {
    await app.stop();
  }
});
