import { BASE_URL } from "../../playwright.config";
import { expect, loginAs, queryDb, ready, seedTransaction, test, uniqueEmail } from "./fixtures";

const ZILLOW = "https://www.zillow.com/homedetails/1234-Ocean-View-Blvd-APT-5-San-Diego-CA-92107/12345678_zpid/";

test.describe("client portal", () => {
  test("greets by first name, else e-mail; empty states; links", async ({ page }) => {
    const email = uniqueEmail();
    await loginAs(page, { email });
    await expect(page.getByRole("heading", { name: `Welcome, ${email}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Active Transaction" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/#contact");
    await expect(page.getByRole("heading", { name: "No Properties Yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add Your First Property" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Main Site" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Contact Submissions" })).toHaveCount(0);
  });

  test("add a property: errors first, then a valid one", async ({ page, js }) => {
    await loginAs(page, { email: uniqueEmail(), firstName: "Lee" });
    await ready(page, js);
    await page.getByRole("link", { name: "Add Your First Property" }).click();
    await expect(page).toHaveURL(/dialog=add-property/);
    const dialog = page.getByRole("dialog", { name: "Add Property" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Bathrooms")).toHaveAttribute("step", "0.5");

    // Without JavaScript the server answers; with it, the same schema answers in the browser.
    await dialog.getByRole("button", { name: "Add Property" }).click();
    await expect(dialog.getByText("Address is required")).toBeVisible();
    await expect(dialog.getByText("Price is required")).toBeVisible();
    await expect(dialog.getByLabel("Property Address*")).toHaveAttribute("aria-invalid", "true");

    await dialog.getByLabel("Property Address*").fill("12 Negative Way");
    await dialog.getByLabel("Price*").fill("500000");
    await dialog.getByLabel("Bedrooms").fill("-1");
    await dialog.getByRole("button", { name: "Add Property" }).click();
    await expect(dialog.getByText("Number must be greater than or equal to 0")).toBeVisible();
    await expect(dialog.getByLabel("Price*")).toHaveValue("500000");
    await dialog.getByLabel("Bedrooms").fill("");
    expect(await page.getByTestId("listing").count()).toBe(0);

    const form = page.getByRole("dialog", { name: "Add Property" });
    await form.getByLabel("Property Address*").fill("4410 Ocean Blvd, San Diego, CA 92109");
    await form.getByLabel("Price*").fill("1250000");
    await form.getByLabel("Square Footage").fill("1850");
    await form.getByLabel("Bedrooms").fill("3");
    await form.getByLabel("Bathrooms").fill("2.5");
    await form.getByLabel("Notes").fill("Ocean view, needs a new roof.");
    await form.getByRole("button", { name: "Add Property" }).click();

    // Back at the list: its anchor without JavaScript; with it, the page never moved.
    await expect(page).toHaveURL(`${BASE_URL}/client-portal${js ? "" : "#listings"}`);
    await expect(page.getByText("Property listing added successfully!", { exact: true })).toBeVisible();
    const card = page.getByTestId("listing");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("4410 Ocean Blvd, San Diego, CA 92109");
    await expect(card.getByTestId("listing-price")).toHaveText("$1,250,000");
    await expect(card.getByTestId("listing-facts")).toHaveText("3 bd · 2.5 ba · 1,850 sqft");
    await expect(card).toContainText("Active");
    await expect(card).toContainText("Ocean view, needs a new roof.");
    await expect(card.getByRole("link", { name: "View on Zillow" })).toHaveCount(0);
  });

  test("Cancel closes the dialog", async ({ page, js }) => {
    await loginAs(page, { email: uniqueEmail() });
    await ready(page, js);
    await page.getByRole("link", { name: "Add Property", exact: true }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(`${BASE_URL}/client-portal`);
  });

  test("parse: no URL, a URL that is not a listing, then a listing", async ({ page, js }) => {
    await loginAs(page, { email: uniqueEmail() });
    await page.goto("/client-portal?dialog=add-property");
    await ready(page, js);
    const parse = async () => page.getByRole("dialog").getByRole("button", { name: "Parse" }).click();

    await parse();
    await expect(page.getByText("Please enter a Zillow URL first", { exact: true }).first()).toBeVisible();

    await page
      .getByLabel("Zillow listing URL (optional)")
      .fill("https://www.zillow.com/b/the-park-san-diego-ca-5XjR8c/");
    await parse();
    await expect(page.getByText("Failed to parse Zillow URL", { exact: true }).first()).toBeVisible();

    await page.getByLabel("Zillow listing URL (optional)").fill(ZILLOW);
    await parse();
    await expect(page.getByText("URL Parsed", { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/Found Zillow listing 12345678/).first()).toBeVisible();
    await expect(page.getByLabel("Property Address*")).toHaveValue("1234 Ocean View Blvd APT 5, San Diego, CA 92107");

    await page.getByLabel("Price*").fill("899000");
    await page.getByRole("dialog").getByRole("button", { name: "Add Property" }).click();
    const card = page.getByTestId("listing");
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("link", { name: "View on Zillow" })).toHaveAttribute(
      "href",
      "https://www.zillow.com/homedetails/12345678_zpid/",
    );
    await expect(card.getByRole("link", { name: "View on Zillow" })).toHaveAttribute("rel", /noopener/);
  });

  test("favorite and delete", async ({ page, js }) => {
    const email = uniqueEmail();
    await loginAs(page, { email });
    for (const [address, price] of [
      ["1 Keep St", "700000"],
      ["2 Drop St", "800000"],
    ]) {
      await page.goto("/client-portal?dialog=add-property");
      await ready(page, js);
      await page.getByLabel("Property Address*").fill(address!);
      await page.getByLabel("Price*").fill(price!);
      await page.getByRole("dialog").getByRole("button", { name: "Add Property" }).click();
      await expect(page.getByTestId("listing").filter({ hasText: address! })).toBeVisible();
    }
    const keep = page.getByTestId("listing").filter({ hasText: "1 Keep St" });
    // With JavaScript the star turns at once (optimistic); the reload must wait for the server's answer.
    const stored = page.waitForResponse((r) => r.request().method() === "POST");
    await keep.getByRole("button", { name: "Add to favorites" }).click();
    await expect(keep.getByRole("button", { name: "Remove from favorites" })).toHaveAttribute("aria-pressed", "true");
    await stored;
    await page.reload();
    await expect(
      page
        .getByTestId("listing")
        .filter({ hasText: "1 Keep St" })
        .getByRole("button", { name: "Remove from favorites" }),
    ).toBeVisible();
    const rows = await queryDb<{ is_favorite: number }>(
      "select l.is_favorite from saved_homes l join users u on u.id = l.user_id where u.email = ? and l.address = ?",
      email,
      "1 Keep St",
    );
    expect(rows).toEqual([{ is_favorite: 1 }]);

    // Delete asks first, in the card; Keep leaves the home where it was.
    await ready(page, js);
    const drop = page.getByTestId("listing").filter({ hasText: "2 Drop St" });
    await drop.getByRole("link", { name: "Delete 2 Drop St" }).click();
    const confirm = drop.getByTestId("delete-confirmation");
    await expect(confirm).toContainText("Delete this home from your list?");
    await confirm.getByRole("link", { name: "Keep" }).click();
    await expect(page.getByTestId("delete-confirmation")).toHaveCount(0);
    await expect(page.getByTestId("listing")).toHaveCount(2);
    await page
      .getByTestId("listing")
      .filter({ hasText: "2 Drop St" })
      .getByRole("link", { name: "Delete 2 Drop St" })
      .click();
    await page.getByTestId("delete-confirmation").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Property listing deleted successfully!", { exact: true })).toBeVisible();
    await expect(page.getByTestId("listing")).toHaveCount(1);
    // Without JavaScript the page comes back at the list.
    if (!js) await expect(page).toHaveURL(`${BASE_URL}/client-portal#listings`);
    expect(
      await queryDb("select l.id from saved_homes l join users u on u.id = l.user_id where u.email = ?", email),
    ).toHaveLength(1);
  });

  test("the progress panel of a transaction with milestones", async ({ page }) => {
    const email = uniqueEmail();
    await loginAs(page, { email, firstName: "Pat" });
    const completedAt = Date.UTC(2025, 2, 3, 18);
    await seedTransaction({
      email,
      type: "buying",
      address: "77 Harbor Dr, San Diego, CA 92101",
      homeValue: 925000,
      milestones: [
        {
          status: "completed",
          completedAt,
          notes: "Agreement signed.",
          documentUrl: "https://docs.example.com/agreement.pdf",
        },
        { status: "completed", completedAt },
        { status: "completed", completedAt },
        { status: "in_progress", notes: "Touring this weekend." },
        { status: "action_required" },
        ...Array.from({ length: 8 }, () => ({ status: "not_started" as const })),
      ],
    });
    await page.goto("/client-portal");
    await expect(page.getByRole("heading", { name: "Home Buying Progress" })).toBeVisible();
    await expect(page.getByText("77 Harbor Dr, San Diego, CA 92101")).toBeVisible();
    await expect(page.getByText("$925,000")).toBeVisible();
    await expect(page.getByTestId("steps-completed")).toHaveText("3 of 13 steps completed");
    await expect(page.getByTestId("progress-percent")).toHaveText("23%");
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "23");
    const milestones = page.getByTestId("milestone");
    await expect(milestones).toHaveCount(13);
    await expect(milestones.nth(0)).toContainText("Completed");
    await expect(milestones.nth(0)).toContainText("Agreement signed.");
    await expect(milestones.nth(0)).toContainText("Completed on March 3, 2025");
    const doc = milestones.nth(0).getByRole("link", { name: "View document" });
    await expect(doc).toHaveAttribute("href", "https://docs.example.com/agreement.pdf");
    await expect(doc).toHaveAttribute("target", "_blank");
    await expect(doc).toHaveAttribute("rel", /noopener/);
    await expect(milestones.nth(3)).toContainText("In Progress");
    await expect(milestones.nth(4)).toContainText("Action Required");
    await expect(milestones.nth(4).locator("[data-colour=red]")).toBeVisible();
    await expect(milestones.nth(5)).toContainText("Not Started");
    await expect(page.getByRole("link", { name: "Update" })).toHaveCount(0);
  });

  test("no milestones: the client reads that the agent will set them up; the admin initializes them", async ({
    page,
    browser,
    js,
  }) => {
    const email = uniqueEmail();
    await loginAs(page, { email });
    await seedTransaction({ email, type: "selling", address: "9 Elm St" });
    await page.goto("/client-portal");
    await expect(page.getByRole("heading", { name: "Home Selling Progress" })).toBeVisible();
    await expect(page.getByText(/Your agent will set up your milestone tracker soon/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Initialize Milestones" })).toHaveCount(0);

    // An admin of its own, whose portal shows its own first active transaction: this one.
    const adminContext = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: js });
    const admin = await adminContext.newPage();
    const adminEmail = uniqueEmail("portal-admin");
    await loginAs(admin, { email: adminEmail, admin: true, returnTo: null });
    await seedTransaction({ email: adminEmail, type: "selling", address: "Admin's own sale" });
    await admin.goto("/client-portal");
    await ready(admin, js);
    await expect(admin.getByText("Admin's own sale")).toBeVisible();
    await admin.getByRole("button", { name: "Initialize Milestones" }).click();
    await expect(admin.getByText("Transaction milestones initialized successfully!", { exact: true })).toBeVisible();
    await expect(admin.getByTestId("milestone")).toHaveCount(14);
    await expect(admin.getByRole("heading", { name: "Contact Submissions" })).toBeVisible();
    await expect(admin.getByRole("link", { name: "Update" }).first()).toBeVisible();
    await adminContext.close();
  });
});

test.describe("client portal details", () => {
  test("'Adding...' and 'Parsing...' while busy", async ({ page, js }) => {
    test.skip(!js, "pending labels are a JavaScript enhancement");
    await loginAs(page, { email: uniqueEmail() });
    await page.goto("/client-portal?dialog=add-property");
    await ready(page, js);
    await page.route("**/client-portal*", async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.getByLabel("Zillow listing URL (optional)").fill(ZILLOW);
    await page.getByRole("dialog").getByRole("button", { name: "Parse" }).click();
    await expect(page.getByRole("button", { name: "Parsing..." })).toBeVisible();
    await expect(page.getByLabel("Property Address*")).toHaveValue(/1234 Ocean View Blvd/);
    await page.getByLabel("Price*").fill("700000");
    await page.getByRole("dialog").getByRole("button", { name: "Add Property" }).click();
    await expect(page.getByRole("button", { name: "Adding..." })).toBeVisible();
    await expect(page.getByTestId("listing")).toHaveCount(1);
  });

  test("an image that fails to load is hidden (its alt text without JavaScript)", async ({ page, js }) => {
    await loginAs(page, { email: uniqueEmail() });
    await page.goto("/client-portal?dialog=add-property");
    await ready(page, js);
    await page.getByLabel("Property Address*").fill("8 Broken Image Ct");
    await page.getByLabel("Price*").fill("650000");
    // An http:// image would be blocked by the CSP: refused with a field error, nothing added.
    await page.getByLabel("Image URL").fill(`${BASE_URL}/images/no-such-photo.jpg`);
    await page.getByRole("dialog").getByRole("button", { name: "Add Property" }).click();
    await expect(page.getByRole("dialog").getByText("Use an image address that starts with https://")).toBeVisible();
    await expect(page.getByTestId("listing")).toHaveCount(0);
    // An https:// image that is not there (the photo host, outside the app, answers 404).
    await page.route("https://photos.e2e.test/**", (route) => route.fulfill({ status: 404, body: "" }));
    await page.getByLabel("Image URL").fill("https://photos.e2e.test/no-such-photo.jpg");
    await page.getByRole("dialog").getByRole("button", { name: "Add Property" }).click();
    const card = page.getByTestId("listing");
    await expect(card).toHaveCount(1);
    if (js) {
      await expect(card.locator("img")).toHaveCount(0);
      await page.reload(); // the image fails again, this time before hydration
      await ready(page, js);
      await expect(page.getByTestId("listing").locator("img")).toHaveCount(0);
    } else {
      await expect(card.locator("img")).toHaveAttribute("alt", "Photo of 8 Broken Image Ct");
    }
  });
});
