/**
 * The roster (issue 46, first part; docs/roster.md), in a real browser with JavaScript on and off at 390 and
 * 1280 px, on a server of its own: the broker enters an agent's license expiry on the team page; once it has
 * passed, the row says so and the Manage page refuses to assign them, naming the license; a new hire shows the
 * DRE notice owed until the broker marks it sent; an agent without a signed broker–agent agreement is flagged and
 * the broker sends it from the row.
 */
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { expect, loginAs, ready, test, withE2eDb, currentLicenseExpiry } from "./fixtures";
import { startApp } from "./servers";

test("an agent whose license has expired cannot be assigned; a new hire's DRE notice until marked sent", async ({
  page,
  js,
}) => {
  test.setTimeout(120_000);
  const app = await startApp("roster", {});
  try {
    const t = await withE2eDb((db) => {
      const admin = upsertUserFromClaims(db, { email: "boss@agency.test", firstName: "Jordan", lastName: "Reyes" }, [
        "boss@agency.test",
      ]);
      return createTransaction(
        db,
        admin,
        { email: "sam@example.com", type: "selling", propertyAddress: "9 Elm St", homeValue: "600000" },
        { notify: false },
      );
    }, app.database);
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, { email: "boss@agency.test", admin: true, returnTo: "/admin/team" }, app);
    await ready(page, js);
    const add = page.getByRole("region", { name: "Add a person" });
    await add.getByLabel("E-mail").fill("bo@agency.test");
    await add.getByLabel("First name").fill("Bo");
    await add.getByLabel("Last name").fill("Park");
    await add.getByLabel("Role").selectOption("agent");
    await add.getByLabel("DRE license number").fill("01234567");
    await add.getByLabel("License expires").fill("2020-01-31");
    await add.getByRole("button", { name: "Add to the team" }).click();
    const row = page.getByTestId("team-row").filter({ hasText: "bo@agency.test" });
    await expect(row.getByTestId("license-state")).toHaveText("License expired on Fri, Jan 31, 2020");
    await expect(row.getByTestId("dre-notice")).toContainText("Tell the DRE of the hire by");

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.baseUrl}/admin/transactions/${t.id}#team`);
    await ready(page, js);
    const team = page.getByRole("region", { name: "Team" });
    await team.getByLabel("Assigned agent").selectOption({ label: "Bo Park (license expired)" });
    await team.getByRole("button", { name: "Save the team" }).click();
    await expect(page.getByText(/Bo Park's DRE license #01234567 expired on Fri, Jan 31, 2020/).first()).toBeVisible();
    await expect(page.getByTestId("transaction-agent")).toHaveText("Agent: none (admins only)");

    // Renewed: assignable. The hire's notice marked sent: gone.
    await page.goto(`${app.baseUrl}/admin/team`);
    await ready(page, js);
    const renewed = page.getByTestId("team-row").filter({ hasText: "bo@agency.test" });
    const renewedOn = currentLicenseExpiry();
    await renewed.getByLabel("License expires").fill(renewedOn);
    await renewed.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Team updated.").first()).toBeVisible();
    await expect(renewed.getByTestId("license-state")).toHaveText(
      /^License current until \w{3}, \w{3} \d{1,2}, \d{4}$/,
    );
    await renewed.getByRole("button", { name: "Mark DRE notice sent" }).click();
    await expect(page.getByText("Team updated.").first()).toBeVisible();
    await expect(renewed.getByTestId("dre-notice")).toHaveCount(0);
    // No signed broker–agent agreement: flagged, sent from the row (the agent signs first, then the broker).
    await expect(renewed.getByTestId("agreement-state")).toHaveText("No signed broker–agent agreement");
    await renewed.getByRole("button", { name: "Send the broker–agent agreement" }).click();
    await expect(page.getByText(/The broker–agent agreement is sent to Bo Park/).first()).toBeVisible();
    await expect(renewed.getByTestId("agreement-state")).toHaveText(
      "Broker–agent agreement sent: waiting for signatures",
    );
    await expect(renewed.getByRole("button", { name: "Send the broker–agent agreement" })).toHaveCount(0);
    await page.goto(`${app.baseUrl}/admin/transactions/${t.id}#team`);
    await ready(page, js);
    await page.getByRole("region", { name: "Team" }).getByLabel("Assigned agent").selectOption({ label: "Bo Park" });
    await page.getByRole("region", { name: "Team" }).getByRole("button", { name: "Save the team" }).click();
    await expect(page.getByTestId("transaction-agent")).toHaveText("Agent: Bo Park");
  } finally {
    await app.stop();
  }
});
