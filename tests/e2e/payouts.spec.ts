/**
 * Paying agents (issue 46; docs/payouts.md), in a real browser with JavaScript on and off, on a server of its own:
 * the broker (1280 px) sets an agent's commission plan on the team page, names a referring broker and the escrow
 * officer on the Manage page, reads the split line by line, approves the CDA (sent to escrow), and completes the sale; the payout shows on the Manage
 * page and on the broker's payouts; the agent (390 px) sees their own and their cap so far. Pages pass axe.
 */
import { eq } from "drizzle-orm";
import { transactionMilestones, transactions } from "~/db/schema";
import { insertDocuments } from "~/models/document.server";
import { checklistEvent, getChecklist } from "~/models/file-review.server";
import { updateMilestone } from "~/models/milestone.server";
import { expectAxeClean } from "./axe";
import { expect, loginAs, ready, test, withE2eDb } from "./fixtures";
import { seedSale } from "./sale";
import { startApp } from "./servers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test("a plan set, a sale's split read and completed, the payout seen by the broker and by the agent", async ({
  page,
  browser,
  js,
}) => {
  test.setTimeout(180_000);
  const app = await startApp("payouts", {});
  try {
    const { id } = await withE2eDb((db) => {
      // The fee is the signed listing agreement's ($10,000); escrow's number, the buyers and the closing date are known.
      const {
        broker: admin,
        ana,
        t,
      } = seedSale(db, {
        broker: { firstName: "Jordan", lastName: "Reyes" },
        setUpMilestones: true,
      });
      db.update(transactions)
        .set({
          escrowNumber: "SD-24-0001",
          buyerNames: "Casey Buyer",
          closingOn: new Date(Date.now() + 30 * 24 * 3600_000).toISOString().slice(0, 10),
          yearBuilt: 1990,
        })
        .where(eq(transactions.id, t.id))
        .run();
      // The offer accepted (its step, the 7th, done) and the file reviewed up to closing: the CDA may be approved.
      const step = db
        .select()
        .from(transactionMilestones)
        .where(eq(transactionMilestones.transactionId, t.id))
        .all()
        .find((m) => m.stepNumber === 7)!;
      updateMilestone(
        db,
        admin,
        { transactionId: t.id, milestoneId: step.id },
        { status: "completed" },
        { notify: false },
      );
      for (const [i, item] of getChecklist(db, admin, t.id).items.entries()) {
        if (!item.required || item.dueBy > 13) continue;
        const [documentId] = insertDocuments(
          db,
          { transactionId: t.id, uploadedBy: ana.id, role: "admin" },
          [
            {
              key: `documents/payouts-e2e-${t.id}-${i}`,
              name: `${item.name}.pdf`,
              contentType: "application/pdf",
              size: 10,
              sha256: "d".repeat(64),
            },
          ],
          new Date(),
        );
        checklistEvent(db, ana, item.id, { type: "attach", documentId });
        checklistEvent(db, ana, item.id, { type: "ready" });
        checklistEvent(db, admin, item.id, { type: "approve" });
      }
      return { id: t.id };
    }, app.database);
    const anniversary = `${new Date().getUTCFullYear()}-01-01`;

    // The plan, on the team page.
    await page.setViewportSize(DESKTOP);
    await loginAs(page, { email: "boss@agency.test", admin: true, returnTo: "/admin/team" }, app);
    await ready(page, js);
    const row = page.getByTestId("team-row").filter({ hasText: "ana@agency.test" });
    const plan = row.getByTestId("plan");
    await plan.getByLabel("Agent's share (%)").fill("70");
    await plan.getByLabel("Annual cap ($)").fill("18,000");
    await plan.getByLabel("Transaction fee ($)").fill("395");
    await plan.getByLabel("Anniversary").fill(anniversary);
    await row.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Team updated.").first()).toBeVisible();
    await expect(row.getByTestId("plan").getByLabel("Agent's share (%)")).toHaveValue("70");

    // The sale's split, with a referral, on the Money tab.
    await page.goto(`${app.baseUrl}/admin/transactions/${id}/money#commission`);
    await ready(page, js);
    const commission = page.getByRole("region", { name: "Commission" });
    await commission.getByLabel("Referring broker").fill("Harbor Realty");
    await commission.getByLabel("Their DRE license").fill("01999999");
    await commission.getByLabel("Referral fee (% of gross)").fill("25");
    await commission.getByLabel("Escrow officer's e-mail").fill("officer@escrow.example");
    await commission.getByRole("button", { name: "Save the commission terms" }).click();
    await expect(page.getByText("Commission terms saved.").first()).toBeVisible();
    const lines = page.getByRole("region", { name: "Commission" }).getByTestId("commission-lines");
    await expect(lines).toContainText("Gross commission: $10,000.00");
    await expect(lines).toContainText("Referral fee to Harbor Realty (DRE 01999999): 25 % of the gross, $2,500.00");
    await expect(lines).toContainText("Transaction fee kept by the brokerage: $395.00");
    await expect(lines).toContainText("Agent's share: $4,855.00");
    await expectAxeClean(page, js);

    // The CDA: approved and sent to the escrow officer, kept as version 1 with its sealed PDF.
    const cda = page.getByTestId("cda");
    await expect(cda).toContainText("Not approved yet.");
    await cda.getByRole("button", { name: "Approve and send to escrow" }).click();
    await expect(page.getByText("CDA version 1 approved and sent to officer@escrow.example.").first()).toBeVisible();
    await expect(page.getByTestId("cda")).toContainText(/Version 1: approved by Jordan Reyes/);
    await expect(page.getByTestId("cda").getByRole("link", { name: "Escrow's copy" })).toBeVisible();
    await expect(page.getByTestId("cda").getByRole("button", { name: "Approve and send to escrow" })).toHaveCount(0);

    // Completed on the overview (the file closed on paper): the payout, on the Money tab.
    const tabs = page.getByRole("navigation", { name: "Transaction" });
    await tabs.getByRole("link", { name: "Overview" }).click();
    const details = page.getByRole("region", { name: "Transaction details" });
    await details.getByLabel("Status").selectOption("completed");
    await details.getByLabel("The broker's reason to complete anyway").fill("Reviewed on paper");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Transaction updated.").first()).toBeVisible();
    await tabs.getByRole("link", { name: "Money" }).click();
    await expect(page.getByTestId("commission-payout")).toContainText("$4,855.00 to the agent");
    await page.goto(`${app.baseUrl}/admin/payouts`);
    await ready(page, js);
    await expect(page.getByTestId("payout-row").filter({ hasText: "Ana Lopez" })).toContainText("$4,855");
    await expect(page.getByRole("link", { name: /as CSV/ })).toBeVisible();
    await expectAxeClean(page, js);

    // The agent, on a phone: their own, and the cap so far.
    const agentPage = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
    await agentPage.setViewportSize(PHONE);
    await loginAs(agentPage, { email: "ana@agency.test", returnTo: "/admin/payouts" }, app);
    await ready(agentPage, js);
    await expect(agentPage.getByTestId("payout-totals")).toContainText("You earned $4,855");
    await expect(agentPage.getByTestId("payout-cap")).toContainText("$2,250 of your $18,000 cap");
    await expect(agentPage.getByRole("link", { name: /as CSV/ })).toHaveCount(0);
    await expectAxeClean(agentPage, js);
    // The CDA is the broker's: not among the documents the agent sees on the transaction.
    await agentPage.goto(`${app.baseUrl}/admin/transactions/${id}/documents`);
    await ready(agentPage, js);
    await expect(agentPage.getByRole("heading", { name: /9 Elm St/ }).first()).toBeVisible();
    await expect(agentPage.getByRole("region", { name: "Documents" })).toBeVisible();
    await expect(agentPage.getByText("Commission disbursement authorization v1.pdf")).toHaveCount(0);
  } finally {
    await app.stop();
  }
});
