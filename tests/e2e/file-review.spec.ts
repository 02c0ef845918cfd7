/**
 * The broker's file review (issue 46; docs/file-review.md), in a real browser with JavaScript on and off, on a
 * server of its own: the agent (390 px) attaches a document to an item and marks it ready; the broker (1280 px) finds
 * it from the dashboard's count and the queue, returns it with a comment, which the agent reads on the Manage page
 * (and in an e-mail); marked ready again, the broker approves it; the transaction does not complete while the file
 * is not complete, and completes with the broker's written reason. The File tab and the queue pass axe.
 */
import { eq } from "drizzle-orm";
import { emailOutbox } from "~/db/schema";
import { insertDocuments } from "~/models/document.server";
import { expectAxeClean } from "./axe";
import { expect, loginAs, ready, test, withE2eDb } from "./fixtures";
import { seedSale } from "./sale";
import { startApp } from "./servers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

test("an item marked ready, returned with a comment, approved; closing waits for a complete file or the broker's reason", async ({
  page,
  browser,
  js,
}) => {
  test.setTimeout(180_000);
  const app = await startApp("file-review", {});
  try {
    const { id } = await withE2eDb((db) => {
      const { ana, t } = seedSale(db, {
        broker: { firstName: "Jordan", lastName: "Reyes" },
        homeValue: "600000",
        flatFee: null,
      });
      insertDocuments(
        db,
        { transactionId: t.id, uploadedBy: ana.id, role: "admin" },
        ["TDS draft.pdf", "TDS signed.pdf"].map((name, i) => ({
          key: `documents/file-review-${i}`,
          name,
          contentType: "application/pdf",
          size: 100,
          sha256: String(i).repeat(64),
        })),
        new Date(),
      );
      return { id: t.id };
    }, app.database);
    const TDS = "Transfer disclosure statement (TDS)";

    // The agent, on a phone: attach the draft, mark it ready.
    const agentPage = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
    await agentPage.setViewportSize(PHONE);
    await loginAs(agentPage, { email: "ana@agency.test", returnTo: `/admin/transactions/${id}/documents` }, app);
    await ready(agentPage, js);
    const item = () => agentPage.getByTestId("file-item").filter({ hasText: TDS });
    await item().getByLabel("Document", { exact: true }).selectOption({ label: "TDS draft.pdf" });
    await item().getByRole("button", { name: "Attach", exact: true }).click();
    await expect(item().getByRole("link", { name: "TDS draft.pdf" })).toBeVisible();
    await item().getByRole("button", { name: "Ready for review" }).click();
    await expect(item().getByTestId("item-state")).toHaveText("Waiting for review");
    await expectAxeClean(agentPage, js);

    // The broker, at a desk: the dashboard's count, the queue, the item; returned with a comment.
    await page.setViewportSize(DESKTOP);
    await loginAs(page, { email: "boss@agency.test", admin: true, returnTo: "/admin" }, app);
    await ready(page, js);
    await page.getByRole("link", { name: "1 file item waits for your review" }).click();
    await expect(page).toHaveURL(/\/admin\/reviews$/);
    await ready(page, js);
    const queued = page.getByTestId("queue-item").filter({ hasText: TDS });
    await expect(queued).toContainText("9 Elm St · Ana Lopez · File:");
    await expect(queued).toContainText("since today");
    await expectAxeClean(page, js);
    await queued.getByRole("link", { name: TDS }).click();
    await ready(page, js);
    const reviewed = page.getByTestId("file-item").filter({ hasText: TDS });
    await reviewed.getByLabel("What needs fixing").fill("Use the copy signed on every page");
    await reviewed.getByRole("button", { name: "Return" }).click();
    await expect(page.getByText("Returned; the agent is e-mailed.").first()).toBeVisible();
    await expect(reviewed.getByTestId("item-state")).toHaveText("Returned");
    await expectAxeClean(page, js);

    // The agent reads it on the overview and in an e-mail, attaches the signed copy and marks it ready again.
    await agentPage.goto(`${app.baseUrl}/admin/transactions/${id}`);
    await ready(agentPage, js);
    await expect(agentPage.getByTestId("file-returned")).toContainText(
      `${TDS} returned: "Use the copy signed on every page"`,
    );
    const mails = await withE2eDb(
      (db) => db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "ana@agency.test")).all(),
      app.database,
    );
    expect(mails.map((m) => m.subject)).toContain(`Returned by the broker: ${TDS} (9 Elm St)`);
    await agentPage.getByRole("link", { name: "Open the file" }).click();
    await ready(agentPage, js);
    await item().getByRole("button", { name: "Take TDS draft.pdf off" }).click();
    await expect(item().getByRole("link", { name: "TDS draft.pdf" })).toHaveCount(0);
    await item().getByLabel("Document", { exact: true }).selectOption({ label: "TDS signed.pdf" });
    await item().getByRole("button", { name: "Attach", exact: true }).click();
    await item().getByRole("button", { name: "Ready for review" }).click();
    await expect(item().getByTestId("item-state")).toHaveText("Waiting for review");
    // An agent does not review.
    await expect(item().getByRole("button", { name: "Approve" })).toHaveCount(0);

    // The broker approves: who and when are on the item.
    await page.reload();
    await ready(page, js);
    await reviewed.getByRole("button", { name: "Approve" }).click();
    await expect(reviewed.getByTestId("item-state")).toHaveText("Approved");
    await expect(reviewed.getByTestId("item-review")).toContainText("Approved by Jordan Reyes on");

    // Completing waits for a complete file; the broker's written reason closes it.
    await page.goto(`${app.baseUrl}/admin/transactions/${id}#details`);
    await ready(page, js);
    const details = page.getByRole("region", { name: "Transaction details" });
    await details.getByLabel("Status").selectOption("completed");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText(/The file is not complete: Agency disclosure \(AD\)/).first()).toBeVisible();
    await details.getByLabel("Status").selectOption("completed");
    await details.getByLabel("The broker's reason to complete anyway").fill("The seller's file is kept on paper");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Transaction updated.").first()).toBeVisible();
    await expect(page.getByText("completed", { exact: true }).first()).toBeVisible();
  } finally {
    await app.stop();
  }
});
