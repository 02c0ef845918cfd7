/**
 * Estimates in a real browser, JavaScript on and off: the public net sheet and cash to close from the
 * address alone, recalculated as one types, a bad figure on its field, "Send me this estimate" making a
 * lead with its alert; a saved estimate on a selling transaction, its PDF downloaded and its text read back,
 * another client's 404 and a visitor's 401; the JSON API.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { ADMIN_EMAIL, BASE_URL } from "../../playwright.config";
import { expect, loginAs, queryDb, ready, seedTransaction, signedInRequest, test, uniqueEmail } from "./fixtures";

/** The seller of tests/unit/estimate.test.ts, whose net is worked by hand there: $410,811.01. */
const SELLER_QUERY = new URLSearchParams({
  price: "850000",
  closingDate: "2027-03-15",
  loanPayoffs: "400,000",
  buyerAgentPay: "2.5%",
  sellerCredit: "5000",
  annualPropertyTax: "9,000",
  hoaDocuments: "400",
  hoaTransferFee: "250",
  "otherCosts[0].label": "Home warranty",
  "otherCosts[0].amount": "600",
}).toString();

/** Its buyer: $179,720.41 to close. */
const BUYER_QUERY = new URLSearchParams({
  price: "850000",
  closingDate: "2027-03-15",
  downPayment: "20%",
  interestRate: "6.875",
  loanCosts: "3200",
  buyerAgentPay: "2.5%",
  sellerPaysBuyerAgent: "2%",
  sellerCredit: "5000",
  annualPropertyTax: "9000",
  recordingFees: "250",
}).toString();

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    // pdfkit's standard fonts are not embedded: pdf.js reads their metrics from its own files.
    standardFontDataUrl: `${process.cwd()}/node_modules/pdfjs-dist/standard_fonts/`,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join("\n");
}

test.describe("the public estimates", () => {
  test("a net sheet from the address alone, every line, the flat fee next to 3%", async ({ page, js }) => {
    await page.goto(`/net-sheet?${SELLER_QUERY}`);
    await ready(page, js);
    await expect(page.getByTestId("estimate-headline")).toHaveText("You walk away with about $410,811");
    const lines = page.getByTestId("estimate-lines");
    await expect(lines.locator("tr[data-key=transferTax]")).toContainText("$935");
    await expect(lines.locator("tr[data-key=ownerTitlePolicy]")).toContainText("$2,442");
    await expect(lines.locator("tr[data-key=propertyTax]")).toContainText("-$2,663");
    await expect(page.getByTestId("estimate-compare")).toContainText("$395,311"); // with a 3% commission
    await expect(page.getByTestId("estimate-compare")).toContainText("$15,500"); // the calculator's savings
    await expect(
      page.getByText(/Title premiums from Old Republic's filed California schedule effective March 17, 2025/),
    ).toBeVisible();
    await expect(page.getByRole("img", { name: /the table below gives every figure/ })).toBeVisible();
  });

  test("the cash to close from the address alone", async ({ page, js }) => {
    await page.goto(`/cash-to-close?${BUYER_QUERY}`);
    await ready(page, js);
    await expect(page.getByTestId("estimate-headline")).toHaveText("You bring about $179,720 to closing");
    await expect(page.getByText(/supplemental property tax bill/)).toBeVisible();
  });

  test("recalculates as one types (the address follows); without JavaScript, Calculate", async ({ page, js }) => {
    await page.goto("/net-sheet");
    await ready(page, js);
    await expect(page.getByTestId("estimate-empty")).toBeVisible();
    await page.getByLabel("Price*").fill("500000");
    if (!js) await page.getByRole("button", { name: "Calculate" }).click();
    // $500,000, nothing else: Tier 1 ($5,000), transfer tax $550, Homeowner's policy 1,600 × 1.1 = $1,760,
    // escrow (250 + 1,000) / 2 = $625: costs $7,935, net $492,065.
    await expect(page.getByTestId("estimate-headline")).toHaveText("You walk away with about $492,065");
    await expect(page).toHaveURL(/\/net-sheet\?price=500000/);
    await page.getByLabel("Loan payoffs").fill("100,000");
    if (!js) await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page.getByTestId("estimate-headline")).toHaveText("You walk away with about $392,065");
  });

  test("a bad figure is refused on its field, and no estimate is shown", async ({ page, js }) => {
    await page.goto("/net-sheet?price=850000&buyerAgentPay=120%25&closingDate=2027-02-30");
    await ready(page, js);
    await expect(page.getByLabel("Buyer's agent pay (% or $)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter a percentage from 0 to 100, or an amount in dollars")).toBeVisible();
    await expect(page.getByText("Enter a real date (YYYY-MM-DD) from 2000 to 2099")).toBeVisible();
    await expect(page.getByTestId("estimate-result")).toHaveCount(0);
  });

  test("the savings calculator links to the net sheet at the value typed", async ({ page, js }) => {
    await page.goto("/?homeValue=750000#calculator");
    await ready(page, js);
    await page.getByRole("link", { name: "See what you'd walk away with" }).click();
    await expect(page).toHaveURL(/\/net-sheet\?price=750000$/);
    await expect(page.getByTestId("estimate-headline")).toContainText("You walk away with about");
  });

  test("'Send me this estimate' makes a lead with the estimate and its link, its alert, and e-mails it", async ({
    page,
    js,
  }) => {
    const email = uniqueEmail("estimate");
    await page.goto(`/net-sheet?${SELLER_QUERY}`);
    await ready(page, js);
    const send = page.getByRole("region", { name: "Send me this estimate" });
    await send.getByLabel("First Name*").fill("Nina");
    await send.getByLabel("Last Name*").fill("Seller");
    await send.getByLabel("Email*").fill(email);
    await send.getByLabel("Phone*").fill("619 555 0123");
    await send.getByRole("button", { name: "Send me this estimate" }).click();
    await expect(page.getByTestId("estimate-sent")).toContainText("It is on its way to your inbox");
    // The estimate is still shown, from the same address.
    await expect(page.getByTestId("estimate-headline")).toHaveText("You walk away with about $410,811");
    const [lead] = await queryDb<{ id: number; message: string }>(
      "select id, message from contact_submissions where email = ?",
      email,
    );
    expect(lead!.message).toContain("Estimate: Net sheet for a $850,000 sale");
    expect(lead!.message).toContain("You walk away with about $410,811");
    expect(lead!.message).toContain(`${BASE_URL}/net-sheet?${SELLER_QUERY}`);
    const mail = await queryDb<{ kind: string; to_address: string }>(
      "select kind, to_address from email_outbox where contact_submission_id = ? order by id",
      lead!.id,
    );
    // The estimate's e-mail answers the visitor: no "Thanks, we got your message" welcome beside it.
    expect(mail.map((m) => m.kind)).toEqual(expect.arrayContaining(["lead_alert", "estimate"]));
    expect(mail.map((m) => m.kind)).not.toContain("drip");
    expect(mail.find((m) => m.kind === "estimate")!.to_address).toBe(email);
  });

  test("POST /api/estimates: lines, totals and the schedule; 400 with the field named; GET is 405", async ({
    request,
  }) => {
    const answer = await request.post("/api/estimates", {
      data: { side: "buyer", ...Object.fromEntries(new URLSearchParams(BUYER_QUERY)) },
    });
    expect(answer.status()).toBe(200);
    const body = await answer.json();
    expect(body.totals).toEqual({ price: "850000.00", loan: "680000.00", cashToClose: "179720.41" });
    expect(body.lines.find((l: { key: string }) => l.key === "prepaidInterest")).toMatchObject({
      amount: "2177.40",
      payer: "buyer",
    });
    expect(body.schedule).toEqual({ name: "Old Republic's filed California schedule", effectiveDate: "2025-03-17" });
    expect(body.escrow).toEqual({ base: "250.00", perThousand: "2.00" });
    for (const [bad, field] of [
      [{ side: "seller", price: -5 }, "price"],
      [{ side: "seller", price: 850000, closingDate: "2027-02-30" }, "closingDate"],
      [{ side: "seller", price: 850000, buyerAgentPay: "101%" }, "buyerAgentPay"],
      [{ side: "buyer", price: "lots" }, "price"],
    ] as const) {
      const refused = await request.post("/api/estimates", { data: bad });
      expect(refused.status(), JSON.stringify(bad)).toBe(400);
      expect(Object.keys((await refused.json()).errors)).toEqual([field]);
    }
    expect((await request.get("/api/estimates")).status()).toBe(405);
  });
});

test.describe("a transaction's saved estimates", () => {
  test("a client saves one on a selling transaction, opens it, downloads its PDF; others 404, visitors 401", async ({
    page,
    browser,
    js,
  }) => {
    const email = uniqueEmail("netsheet");
    const id = await seedTransaction({
      email,
      type: "selling",
      address: "12 Estimate Way, San Diego, CA 92101",
      homeValue: 850000,
    });
    await loginAs(page, { email, returnTo: "/client-portal#estimates" });
    await ready(page, js);
    const section = page.getByRole("region", { name: "Estimates" });
    await expect(section.getByText("No estimates yet.")).toBeVisible();
    await section.getByRole("link", { name: "New estimate" }).click();
    const form = section.getByRole("form", { name: "New estimate" });
    await expect(form.getByLabel("Name*")).toHaveValue("at $850,000");
    await expect(form.getByLabel("Price*")).toHaveValue("850,000"); // every amount field in one format
    await form.getByLabel("Closing date").fill("2027-03-15");
    await form.getByLabel("Loan payoffs").fill("abc");
    await form.getByRole("button", { name: "Add estimate" }).click();
    await expect(section.getByText("Enter an amount in dollars, 0 or more")).toBeVisible();
    await section.getByRole("form", { name: "New estimate" }).getByLabel("Loan payoffs").fill("400,000");
    await section.getByRole("form", { name: "New estimate" }).getByRole("button", { name: "Add estimate" }).click();
    await expect(page.getByText("Estimate added.", { exact: true })).toBeVisible();
    const saved = section.getByTestId("estimate");
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText("at $850,000");
    await expect(saved).toContainText("title rates of Mon, Mar 17, 2025");
    await expect(section.getByTestId("opened-estimate").getByTestId("estimate-headline")).toContainText(
      "You walk away with about",
    );

    const [row] = await queryDb<{ id: number }>("select id from estimates where transaction_id = ?", id);
    const download = await page.request.get(`/estimates/${row!.id}.pdf`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    const text = await pdfText(await download.body());
    expect(text).toContain("at $850,000");
    expect(text).toContain("Net sheet for a $850,000 sale");
    expect(text).toContain("12 Estimate Way, San Diego, CA 92101");
    expect(text).toContain("County transfer tax");
    expect(text).toContain("$935");
    // The PDF says when the sale closes, and what its net leaves out.
    expect(text).toContain("Closing on Mon, Mar 15, 2027");
    expect(text).toContain("This net is incomplete");
    expect(text).toMatch(/Title premiums from Old Republic's filed California schedule effective March 17, 2025/);

    // Another client: 404 for the PDF and the API; a visitor: 401.
    const other = await browser.newContext({ baseURL: BASE_URL });
    const stranger = await signedInRequest(await other.newPage(), uniqueEmail("stranger"));
    expect((await stranger.get(`/estimates/${row!.id}.pdf`)).status()).toBe(404);
    expect((await stranger.get(`/api/estimates/${row!.id}`)).status()).toBe(404);
    expect((await stranger.get(`/api/transactions/${id}/estimates`)).status()).toBe(404);
    await other.close();
    const visitor = await browser.newContext({ baseURL: BASE_URL });
    expect((await visitor.request.get(`/estimates/${row!.id}.pdf`)).status()).toBe(401);
    expect((await visitor.request.get(`/api/estimates/${row!.id}`)).status()).toBe(401);
    await visitor.close();
  });

  test("the API: an admin creates, reads, changes and deletes a transaction's estimate", async ({ page }) => {
    const id = await seedTransaction({ email: uniqueEmail(), type: "buying", homeValue: 850000 });
    const admin = await signedInRequest(page, ADMIN_EMAIL);
    const created = await admin.post(`/api/transactions/${id}/estimates`, {
      data: { name: "First look", inputs: Object.fromEntries(new URLSearchParams(BUYER_QUERY)) },
    });
    expect(created.status()).toBe(201);
    const estimate = await created.json();
    expect(estimate).toMatchObject({
      transactionId: id,
      name: "First look",
      side: "buyer",
      totals: { cashToClose: "179720.41" },
    });
    expect(estimate.inputs).toMatchObject({ price: "850,000", downPayment: "20%", interestRate: "6.875" });
    const wrongSide = await admin.post(`/api/transactions/${id}/estimates`, {
      data: { name: "x", inputs: { side: "seller", price: 1 } },
    });
    expect(wrongSide.status()).toBe(400);
    const changed = await admin.patch(`/api/estimates/${estimate.id}`, {
      data: { inputs: { ...estimate.inputs, downPayment: "100%" } },
    });
    expect(changed.status()).toBe(200);
    expect((await changed.json()).totals.loan).toBe("0.00");
    expect((await admin.get(`/api/transactions/${id}/estimates`)).status()).toBe(200);
    expect((await admin.delete(`/api/estimates/${estimate.id}`)).status()).toBe(204);
    expect((await admin.get(`/api/estimates/${estimate.id}`)).status()).toBe(404);
  });
});

test.describe("estimates in the back office", () => {
  test("an admin changes and deletes a transaction's saved estimate on its Manage page", async ({ page, js }) => {
    const id = await seedTransaction({ email: uniqueEmail(), type: "selling", homeValue: 850000 });
    const admin = await signedInRequest(page, ADMIN_EMAIL);
    const created = await admin.post(`/api/transactions/${id}/estimates`, {
      data: {
        name: "at $850,000",
        inputs: {
          ...Object.fromEntries([...new URLSearchParams(SELLER_QUERY)].filter(([k]) => !k.startsWith("otherCosts"))),
          otherCosts: [{ label: "Home warranty", amount: 600 }],
        },
      },
    });
    expect(created.status()).toBe(201);
    const saved = await created.json();
    await page.goto(`/admin/transactions/${id}/money?estimate=${saved.id}#estimates`);
    await ready(page, js);
    const section = page.getByRole("region", { name: "Estimates" });
    await expect(section.getByTestId("estimate-headline")).toContainText("$410,811");
    const form = section.getByRole("form", { name: "Change this estimate" });
    await form.getByLabel("Name*").fill("at $900,000");
    await form.getByLabel("Price*").fill("900,000");
    await form.getByRole("button", { name: "Save estimate" }).click();
    await expect(page.getByText("Estimate saved.", { exact: true })).toBeVisible();
    await expect(section.getByTestId("estimate")).toContainText("at $900,000");
    const [row] = await queryDb<{ name: string; price: number }>(
      "select name, json_extract(inputs, '$.price') as price from estimates where id = ?",
      saved.id,
    );
    expect(row).toEqual({ name: "at $900,000", price: 90_000_000 });
    await section.getByRole("button", { name: "Delete at $900,000" }).click();
    await expect(page.getByText("Estimate deleted.", { exact: true })).toBeVisible();
    await expect(section.getByText("No estimates yet.")).toBeVisible();
    expect(await queryDb("select id from estimates where id = ?", saved.id)).toEqual([]);
  });

  test("/admin/settings: the escrow estimate, a bad amount refused on its field; clients 403", async ({
    page,
    browser,
    js,
  }) => {
    await loginAs(page, { email: ADMIN_EMAIL, returnTo: "/admin/settings" });
    await ready(page, js);
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    const base = page.getByLabel("Base ($)");
    await expect(base).toHaveValue("250");
    await expect(page.getByLabel("Per $1,000 of the price ($)")).toHaveValue("2");
    await base.fill("-5");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Enter an amount in dollars from 0 to 100,000")).toBeVisible();
    const [stored] = await queryDb<{ base: number }>("select escrow_base_cents as base from agency_settings");
    expect(stored!.base).toBe(25_000);
    // Saved as it was: every other test's estimates assume the default rates.
    await page.getByLabel("Base ($)").fill("250.00");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings saved.", { exact: true })).toBeVisible();
    const [after] = await queryDb<{ updatedBy: string | null }>(
      "select updated_by as updatedBy from agency_settings where id = 1",
    );
    expect(after!.updatedBy).not.toBeNull();

    const client = await browser.newContext({ baseURL: BASE_URL });
    const request = await signedInRequest(await client.newPage(), uniqueEmail());
    expect((await request.get("/admin/settings")).status()).toBe(403);
    await client.close();
  });
});
