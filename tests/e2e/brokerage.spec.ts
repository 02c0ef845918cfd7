/**
 * What the brokerage answers for (issue 53; docs/payouts.md, docs/roster.md, docs/proof.md), in a real browser with
 * JavaScript on and off, each test on a server of its own:
 * - the fee from the signed agreement: a sale whose listing agreement says $7,500 while its tier says $5,000 shows
 *   and pays $7,500 (the Manage page, the CDA to the cent in the brokerage's copy, escrow's copy with the escrow
 *   number and the parties and no agent split, both sealed; the payout; the sold card); a purchase completed and
 *   consented shows "Bought" with no fee and no saving, and the landing page's total does not change;
 * - the broker's duties: an admin who is not the broker is refused the broker's seat, a file approval and a CDA
 *   approval (403 naming the duty) until the broker names them on the Team page;
 * - an agent whose license expired leaves /agents and cannot host an open house.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { agreements, agreementSigners, transactionMilestones, transactions } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { addDaysTo, todayIn } from "~/lib/plain-date";
import { insertDocuments } from "~/models/document.server";
import { checklistEvent, getChecklist } from "~/models/file-review.server";
import { putHomeListing } from "~/models/home-listing.server";
import { updateMilestone } from "~/models/milestone.server";
import { answerSoldConsent } from "~/models/sold-home.server";
import { addStaff, assignTransaction, updateStaff } from "~/models/team.server";
import { patchTransaction } from "~/models/transaction-edit.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { insertSignedBuyerAgreement, insertSignedListingAgreement } from "../signed-agreement";
import { expectAxeClean } from "./axe";
import { currentLicenseExpiry, expect, loginAs, ready, test, withE2eDb } from "./fixtures";
import { startApp, type AppServer } from "./servers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const BROKER = "boss@agency.test";

/** A PDF's text by poppler (its seal checked by pdfsig first). */
function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cda-e2e-")), "cda.pdf");
  fs.writeFileSync(file, bytes);
  expect(execFileSync("pdfsig", [file]).toString()).toContain("Signature is Valid.");
  return execFileSync("pdftotext", [file, "-"]).toString().replace(/\s+/g, " ");
}

/** The broker, and an agent with a current license. */
function team(db: Db) {
  const broker = upsertUserFromClaims(db, { email: BROKER, firstName: "Bo", lastName: "Broker" }, [BROKER]);
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
  return { broker, ana };
}

/** Every required item of the file due by `step` met, marked ready and approved by the broker. */
function reviewUpTo(db: Db, broker: { id: string; isAdmin: boolean }, transactionId: number, step: number) {
  for (const [i, item] of getChecklist(db, broker, transactionId).items.entries()) {
    if (!item.required || item.dueBy > step) continue;
    const [documentId] = insertDocuments(
      db,
      { transactionId, uploadedBy: broker.id, role: "admin" },
      [
        {
          key: `documents/brokerage-${transactionId}-${i}`,
          name: `${item.name}.pdf`,
          contentType: "application/pdf",
          size: 10,
          sha256: "e".repeat(64),
        },
      ],
      new Date(),
    );
    checklistEvent(db, broker, item.id, { type: "attach", documentId });
    checklistEvent(db, broker, item.id, { type: "ready" });
    checklistEvent(db, broker, item.id, { type: "approve" });
  }
}

/** A sale of Sam Seller's at $450,000 (tier 1: $5,000) whose signed listing agreement says $7,500, ready for escrow. */
function saleReadyForEscrow(db: Db, broker: { id: string; isAdmin: boolean }, agentId: string) {
  const t = createTransaction(
    db,
    broker,
    {
      email: "sam@example.com",
      type: "selling",
      propertyAddress: "3021 Upas St, San Diego, CA 92104",
      homeValue: "450000",
      setUpMilestones: true,
    },
    { notify: false },
  );
  insertSignedListingAgreement(db, t, { fields: { flatFee: "$7,500" }, signers: ["Sam Seller"] });
  assignTransaction(db, broker, t.id, { assignedAgentId: agentId, collaboratorIds: [] });
  const step = db
    .select()
    .from(transactionMilestones)
    .where(eq(transactionMilestones.transactionId, t.id))
    .all()
    .find((m) => m.stepNumber === 7)!;
  updateMilestone(
    db,
    broker,
    { transactionId: t.id, milestoneId: step.id },
    { status: "completed" },
    { notify: false },
  );
  db.update(transactions)
    .set({
      escrowNumber: "SD-24-1187",
      buyerNames: "Casey Buyer",
      closingOn: new Date(Date.now() + 30 * 24 * 3600_000).toISOString().slice(0, 10),
      yearBuilt: 1990,
    })
    .where(eq(transactions.id, t.id))
    .run();
  reviewUpTo(db, broker, t.id, 14);
  return t;
}

async function bytesOf(page: Page, href: string, app: AppServer) {
  const response = await page.request.get(`${app.baseUrl}${href}`);
  expect(response.status()).toBe(200);
  return Buffer.from(await response.body());
}

test("the fee from the signed agreement: shown, approved to the cent, paid and shown sold; a purchase 'Bought' alone", async ({
  page,
  browser,
  js,
}) => {
  test.setTimeout(240_000);
  const app = await startApp(`brokerage-fee-${js ? "js" : "nojs"}`, {});
  try {
    const { id } = await withE2eDb((db) => {
      const { broker, ana } = team(db);
      // 70 % to Ana; the brokerage's share capped at $1,187.50 a year; no transaction fee.
      updateStaff(db, broker, ana.id, {
        plan: { agentPercent: 70, annualCap: 1187.5, transactionFee: 0, anniversaryOn: "2026-01-01" },
      });
      return { id: saleReadyForEscrow(db, broker, ana.id).id };
    }, app.database);

    await page.setViewportSize(DESKTOP);
    await loginAs(page, { email: BROKER, admin: true, returnTo: `/admin/transactions/${id}/money#commission` }, app);
    await ready(page, js);
    await expect(page.getByTestId("compensation")).toHaveText("Compensation: $7,500 (the signed listing agreement)");
    const commission = page.getByRole("region", { name: "Commission" });
    const lines = commission.getByTestId("commission-lines");
    await expect(lines).toContainText("Gross commission: $7,500.00");
    await expect(lines).toContainText("capped at $1,187.50");
    await expect(lines).toContainText("Agent's share: $6,312.50");
    await expect(commission.getByLabel("Escrow number")).toHaveValue("SD-24-1187");
    await commission.getByLabel("Escrow officer's e-mail").fill("officer@escrow.example");
    await commission.getByRole("button", { name: "Save the commission terms" }).click();
    await expect(page.getByText("Commission terms saved.").first()).toBeVisible();
    await page.getByTestId("cda").getByRole("button", { name: "Approve and send to escrow" }).click();
    await expect(page.getByText("CDA version 1 approved and sent to officer@escrow.example.").first()).toBeVisible();
    await expectAxeClean(page, js);

    // The brokerage's copy: the split to the cent. Escrow's copy: the escrow number, the parties, no agent split.
    const cda = page.getByTestId("cda");
    const own = pdfText(
      await bytesOf(page, (await cda.getByRole("link", { name: "Brokerage's copy" }).getAttribute("href"))!, app),
    );
    expect(own).toContain("$1,187.50");
    expect(own).toContain("$6,312.50");
    expect(own).toMatch(/Approved by Bo Broker for .* on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [ap]\.m\. PT/);
    const sent = pdfText(
      await bytesOf(page, (await cda.getByRole("link", { name: "Escrow's copy" }).getAttribute("href"))!, app),
    );
    expect(sent).toContain("Escrow number: SD-24-1187");
    expect(sent).toContain("Seller: Sam Seller");
    expect(sent).toContain("Buyer: Casey Buyer");
    expect(sent).toContain("$7,500.00");
    expect(sent).not.toContain("6,312.50");
    expect(sent).not.toContain("Agent's share");

    // Completed (its file complete), on the overview's details: the payout is the CDA's, on the Money tab.
    const tabs = page.getByRole("navigation", { name: "Transaction" });
    await tabs.getByRole("link", { name: "Overview" }).click();
    const details = page.getByRole("region", { name: "Transaction details" });
    await details.getByLabel("Closing price").fill("450,000");
    await details.getByLabel("Status").selectOption("completed");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Transaction updated.").first()).toBeVisible();
    await tabs.getByRole("link", { name: "Money" }).click();
    await expect(page.getByTestId("commission-payout")).toContainText("$6,312.50 to the agent");

    // The seller says yes on a phone; the card shows the agreement's fee and what it saved, with its basis.
    const seller = await (await browser.newContext({ javaScriptEnabled: js, viewport: PHONE })).newPage();
    await loginAs(seller, { email: "sam@example.com", returnTo: "/client-portal" }, app);
    await ready(seller, js);
    const consent = seller.getByRole("region", { name: "May we show your home on our site?" });
    await expect(consent).toContainText("the flat fee you paid ($7,500)");
    await consent.getByLabel("Yes, show it").check();
    await consent.getByLabel(/Neighbourhood only/).check();
    await consent.getByRole("button", { name: "Save my answer" }).click();
    await expect(seller.getByText("Thank you! Your home is shown on our site.").first()).toBeVisible();

    const anon = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
    for (const size of [PHONE, DESKTOP]) {
      await anon.setViewportSize(size);
      await anon.goto(`${app.baseUrl}/sold`);
      const card = anon.getByTestId("sale-card").filter({ hasText: "North Park, 92104" });
      await expect(card).toContainText("Flat fee paid");
      await expect(card).toContainText("$7,500");
      await expect(card).toContainText("Saved $6,000");
      await expect(card).toContainText("compared with a 3 % listing commission on the same price");
      await expectAxeClean(anon, js);
    }
    await anon.getByTestId("sale-card").first().getByRole("link", { name: "how we count" }).click();
    await expect(anon).toHaveURL(/\/sold#how$/);
    await expect(anon.getByRole("heading", { name: "How we count what a seller saved" })).toBeVisible();
    await anon.goto(`${app.baseUrl}/`);
    await expect(anon.getByTestId("sellers-saved")).toHaveText("Our sellers have saved $6,000");

    // A purchase closed and shown: "Bought", the month and the price; no fee, no saving; the total is the same.
    await withE2eDb((db) => {
      const broker = upsertUserFromClaims(db, { email: BROKER }, [BROKER]);
      const purchase = createTransaction(
        db,
        broker,
        {
          email: "pia@example.com",
          type: "buying",
          propertyAddress: "12 Oak St, San Diego, CA 92103",
          homeValue: "800000",
        },
        { notify: false },
      );
      insertSignedBuyerAgreement(db, purchase, { fields: { buyerBrokerCompensation: "2.5%" } });
      patchTransaction(db, broker, purchase.id, { status: "completed", closingPrice: "800000", override: "On paper" });
      const pia = upsertUserFromClaims(db, { email: "pia@example.com" });
      answerSoldConsent(db, pia, purchase.id, { show: true, detail: "address", photo: false });
    }, app.database);
    // The pages are cached for up to a minute: a new sale shown raises their scopes at once.
    await anon.goto(`${app.baseUrl}/sold`);
    const bought = anon.getByTestId("sale-card").filter({ hasText: "12 Oak St" });
    await expect(bought).toContainText("Bought ·");
    await expect(bought).toContainText("$800,000");
    await expect(bought).not.toContainText("Flat fee");
    await expect(bought).not.toContainText("Saved");
    await anon.goto(`${app.baseUrl}/`);
    await expect(anon.getByTestId("sellers-saved")).toHaveText("Our sellers have saved $6,000");
  } finally {
    await app.stop();
  }
});

test("the broker's duties: another admin is refused the seat, a file approval and a CDA until the broker names them", async ({
  page,
  browser,
  js,
}) => {
  test.setTimeout(240_000);
  const app = await startApp(`brokerage-duties-${js ? "js" : "nojs"}`, {});
  try {
    const ids = await withE2eDb((db) => {
      const { broker, ana } = team(db);
      updateStaff(db, broker, ana.id, {
        plan: { agentPercent: 70, annualCap: null, transactionFee: 0, anniversaryOn: "2026-01-01" },
      });
      upsertUserFromClaims(db, { email: "olive@agency.test", firstName: "Olive", lastName: "Office" }, [
        "olive@agency.test",
      ]);
      const t = saleReadyForEscrow(db, broker, ana.id);
      db.update(transactions).set({ escrowEmail: "officer@escrow.example" }).where(eq(transactions.id, t.id)).run();
      // An item waiting for review: the AVID, taken back from approved to waiting by a new document.
      const item = getChecklist(db, broker, t.id).items.find((i) => i.name.startsWith("Agent's visual inspection"))!;
      const [doc] = insertDocuments(
        db,
        { transactionId: t.id, uploadedBy: ana.id, role: "admin" },
        [
          {
            key: "documents/avid-2",
            name: "AVID, signed.pdf",
            contentType: "application/pdf",
            size: 10,
            sha256: "f".repeat(64),
          },
        ],
        new Date(),
      );
      checklistEvent(db, ana, item.id, { type: "attach", documentId: doc });
      // An agreement whose client has signed: the broker's seat waits.
      const agreementId = db
        .insert(agreements)
        .values({
          transactionId: t.id,
          clientId: t.userId,
          kind: "document",
          title: "Seller's addendum",
          fields: {},
          status: "sent",
          sentAt: new Date(),
          unsignedKey: "agreements/e2e-none",
          unsignedSha256: "0".repeat(64),
        })
        .returning()
        .get().id;
      db.insert(agreementSigners)
        .values([
          {
            agreementId,
            position: 0,
            role: "client",
            name: "Sam Seller",
            email: "sam@example.com",
            signedAt: new Date(),
          },
          { agreementId, position: 1, role: "agent", name: "", email: "hello@agency.test", forBroker: true },
        ])
        .run();
      return { id: t.id, agreementId, itemId: item.id };
    }, app.database);

    // Olive runs the office: she is refused the broker's three duties, each named.
    await page.setViewportSize(DESKTOP);
    await loginAs(
      page,
      { email: "olive@agency.test", admin: true, returnTo: `/agreements/${ids.agreementId}/sign` },
      app,
    );
    await ready(page, js);
    await expect(page.getByTestId("refusal")).toHaveText(
      "Only the responsible broker, or a licensee the broker named on the team page, may countersign for the brokerage (the broker's seat).",
    );
    await page.goto(`${app.baseUrl}/admin`);
    await expect(page.getByTestId("waiting-for-signature")).toHaveCount(0);
    await page.goto(`${app.baseUrl}/admin/transactions/${ids.id}/documents`);
    await ready(page, js);
    await expect(page.getByTestId("review-duty")).toContainText("may approve or return file items");
    await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await page.goto(`${app.baseUrl}/admin/transactions/${ids.id}/money#commission`);
    await ready(page, js);
    await expect(page.getByTestId("cda-duty")).toContainText("may approve commission disbursement authorizations");
    const cdaApi = await page.request.post(`${app.baseUrl}/api/transactions/${ids.id}/cda`, {
      headers: { origin: app.baseUrl },
      data: {},
    });
    expect(cdaApi.status()).toBe(403);
    expect(((await cdaApi.json()) as { message: string }).message).toContain(
      "may approve commission disbursement authorizations",
    );
    const fileApi = await page.request.post(`${app.baseUrl}/api/checklist-items/${ids.itemId}/events`, {
      headers: { origin: app.baseUrl },
      data: { type: "approve" },
    });
    expect(fileApi.status()).toBe(403);

    // The broker names her, licensed, on the Team page.
    const broker = await (await browser.newContext({ javaScriptEnabled: js, viewport: DESKTOP })).newPage();
    await loginAs(broker, { email: BROKER, admin: true, returnTo: "/admin/team" }, app);
    await ready(broker, js);
    let row = broker.getByTestId("team-row").filter({ hasText: "olive@agency.test" });
    await expect(row.getByTestId("acting")).toContainText("has no DRE license number");
    await row.getByLabel("DRE license", { exact: true }).fill("02345678");
    await row.getByLabel("License kind").selectOption("broker");
    await row.getByLabel("License expires").fill(currentLicenseExpiry());
    await row.getByRole("button", { name: "Save", exact: true }).click();
    await expect(broker.getByText("Team updated.").first()).toBeVisible();
    row = broker.getByTestId("team-row").filter({ hasText: "olive@agency.test" });
    const duties = row.getByTestId("duties-form");
    await duties.getByLabel("Countersign for the brokerage").check();
    await duties.getByLabel("Approve file items").check();
    await duties.getByLabel("Approve CDAs").check();
    await duties.getByRole("button", { name: "Save the duties" }).click();
    await expect(broker.getByText("The broker's duties are delegated as checked.").first()).toBeVisible();
    await expectAxeClean(broker, js);

    // Now she may: the file item, the seat, the CDA.
    await page.goto(`${app.baseUrl}/admin/transactions/${ids.id}/documents`);
    await ready(page, js);
    const avid = page.getByTestId("file-item").filter({ hasText: "Agent's visual inspection" });
    await avid.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("Approved.").first()).toBeVisible();
    await page.goto(`${app.baseUrl}/admin`);
    await expect(page.getByTestId("waiting-for-signature")).toContainText("Seller's addendum");
    await page.goto(`${app.baseUrl}/admin/transactions/${ids.id}/money#commission`);
    await ready(page, js);
    await page.getByTestId("cda").getByRole("button", { name: "Approve and send to escrow" }).click();
    await expect(page.getByText("CDA version 1 approved and sent to officer@escrow.example.").first()).toBeVisible();
  } finally {
    await app.stop();
  }
});

test("an agent whose license expired leaves /agents and cannot host an open house", async ({ page, browser, js }) => {
  test.setTimeout(180_000);
  const app = await startApp(`brokerage-license-${js ? "js" : "nojs"}`, {});
  try {
    const { id } = await withE2eDb((db) => {
      const { broker, ana } = team(db);
      db.$client
        .prepare("INSERT INTO agent_profiles (user_id, slug, title) VALUES (?, 'ana-lopez', 'Listing Specialist')")
        .run(ana.id);
      const t = createTransaction(
        db,
        broker,
        {
          email: "sam@example.com",
          type: "selling",
          propertyAddress: "9 Elm St, San Diego, CA 92104",
          homeValue: "600000",
        },
        { notify: false },
      );
      assignTransaction(db, broker, t.id, { assignedAgentId: ana.id, collaboratorIds: [] });
      // A live listing (an open house is for a live one only: docs/listings.md), so the host is what refuses.
      insertSignedListingAgreement(db, t, { fields: { flatFee: "$9,000" }, signers: ["Sam Seller"] });
      putHomeListing(db, broker, t.id, { mlsEnteredOn: addDaysTo(todayIn(new Date()), -3), price: 600000 });
      putHomeListing(db, upsertUserFromClaims(db, { email: "sam@example.com" }), t.id, { published: true });
      return { id: t.id };
    }, app.database);
    const anon = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
    await anon.goto(`${app.baseUrl}/agents`);
    await expect(anon.getByRole("link", { name: "Ana Lopez" })).toBeVisible();

    // The broker enters the license's expiry as it is: yesterday, San Diego's day.
    await page.setViewportSize(PHONE);
    await loginAs(page, { email: BROKER, admin: true, returnTo: "/admin/team" }, app);
    await ready(page, js);
    const yesterday = new Date(Date.now() - 24 * 3600_000).toLocaleDateString("en-CA", {
      timeZone: "America/Los_Angeles",
    });
    const row = page.getByTestId("team-row").filter({ hasText: "ana@agency.test" });
    await row.getByLabel("License expires").fill(yesterday);
    await row.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Team updated.").first()).toBeVisible();
    await expect(
      page.getByTestId("team-row").filter({ hasText: "ana@agency.test" }).getByTestId("license-state"),
    ).toContainText("License expired on");

    // Within the page cache's minute the public pages follow her profile's scope: gone at once.
    for (const size of [PHONE, DESKTOP]) {
      await anon.setViewportSize(size);
      await anon.goto(`${app.baseUrl}/agents`);
      await expect(anon.getByRole("link", { name: "Ana Lopez" })).toHaveCount(0);
    }
    expect((await anon.request.get(`${app.baseUrl}/agents/ana-lopez`)).status()).toBe(404);

    // She cannot host: the picker marks her, and the refusal names her license.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${app.baseUrl}/admin/transactions/${id}/listing#listing-page`);
    await ready(page, js);
    const opens = page.getByTestId("open-houses");
    const nextWeek = new Date(Date.now() + 7 * 24 * 3600_000).toISOString().slice(0, 10);
    await opens.getByLabel("Starts (San Diego time)").fill(`${nextWeek}T13:00`);
    await opens.getByLabel("Ends at").fill("15:00");
    await opens.getByLabel("Host").selectOption({ label: "Ana Lopez (license expired)" });
    await opens.getByRole("button", { name: "Schedule the open house" }).click();
    await expect(
      page.getByText(/Ana Lopez's DRE license #01234567 expired on .*: they cannot host an open house/).first(),
    ).toBeVisible();
  } finally {
    await app.stop();
  }
});
