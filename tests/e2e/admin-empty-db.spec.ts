import { ADMIN_EMAIL } from "../../playwright.config";
import { expect, ready, signIn, test } from "./fixtures";

// Runs against a server whose database only this project uses (see playwright.config.ts).
test("an empty dashboard offers Quick Setup; test data appears in the table and the admin's portal", async ({
  page,
  js,
}) => {
  await signIn(page, { email: ADMIN_EMAIL, firstName: "Avery", returnTo: "/admin" });
  await ready(page, js);
  await expect(page.getByText("No transactions yet. Create test data to get started.")).toBeVisible();
  await expect(page.getByTestId("summary-total-transactions")).toHaveText("0");
  await expect(page.getByRole("heading", { name: "Quick Setup" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent Contact Submissions" })).toBeVisible();

  await page.getByRole("button", { name: "Create Test Transactions" }).click();
  await expect(
    page.getByText("Test transactions created! Check the client portal to see them.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId("transaction-row")).toHaveCount(5);
  await expect(page.getByTestId("summary-total-transactions")).toHaveText("5");
  await expect(page.getByTestId("summary-active-buyers")).toHaveText("2");
  await expect(page.getByTestId("summary-active-sellers")).toHaveText("2");
  await expect(page.getByRole("heading", { name: "Quick Setup" })).toHaveCount(0);

  await ready(page, js);
  await page.getByPlaceholder("Search properties or clients...").fill("no such place zzz");
  if (!js) await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No transactions match your search criteria.")).toBeVisible();

  await page.goto("/client-portal");
  await expect(page.getByRole("heading", { name: "Home Buying Progress" })).toBeVisible();
  await expect(page.getByTestId("steps-completed")).toHaveText("3 of 13 steps completed");
});
