/**
 * Proof on the public site (issue 45; docs/proof.md), in a real browser with JavaScript on and off, on a phone
 * (390 px) and a desktop (1280 px), each flow on a server of its own (the lists are the whole site's), e-mails read
 * from a real SMTP server:
 * - an agent fills their profile and photo and appears on /agents (escaped, licensed, sized); deactivated, gone;
 * - a sale completed in the admin asks its seller, who says yes with the neighbourhood only: /sold and / show it
 *   with the right saving, and stop when they take it back;
 * - the client gets the review e-mail, reviews with 2 stars: /reviews, the agent's page and the landing page's
 *   average show it, escaped; staff cannot edit its words; an admin hides it only with a policy reason, which
 *   the audit records; a used or altered link 404.
 * Each public page passes axe (WCAG 2.2 AA).
 */
import sharp from "sharp";
import { addStaff, updateStaff } from "~/models/team.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { expectAxeClean } from "./axe";
import { expect, loginAs, ready, test, withE2eDb, currentLicenseExpiry } from "./fixtures";
import { SmtpSink, startApp, toAddresses, type AppServer } from "./servers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** An agent "Agatha Moss" on the team (by the admin), licensed; returns the admin and the agent. */
async function team(app: AppServer) {
  return withE2eDb((db) => {
    const admin = upsertUserFromClaims(db, { email: "boss@agency.test", firstName: "Jordan", lastName: "Reyes" }, [
      "boss@agency.test",
    ]);
    const agent = addStaff(db, admin, {
      email: "agatha@agency.test",
      firstName: "Agatha",
      lastName: "Moss",
      role: "agent",
      phone: "619-555-0111",
      licenseNumber: "01234567",
      licenseExpiresOn: currentLicenseExpiry(),
    });
    return { admin, agent };
  }, app.database);
}

test.describe("proof on the public site", () => {
  // Each flow starts its own server and walks several people through several pages.
  test.describe.configure({ timeout: 180_000 });
  test("an agent fills their profile and photo and appears on /agents; deactivated, they disappear", async ({
    page,
    browser,
    js,
  }) => {
    const app = await startApp("proof-agents", {});
    try {
      const { admin, agent } = await team(app);
      await page.setViewportSize(PHONE);
      await loginAs(page, { email: agent.email, returnTo: "/admin/profile" }, app);
      await ready(page, js);
      await expect(page.getByTestId("profile-state")).toHaveText("Save the profile to be shown on the site.");
      const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#336699" } })
        .jpeg()
        .toBuffer();
      await page.getByLabel("Photo").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
      await page.getByLabel("Title").fill("Listing Specialist");
      await page.getByLabel("Short bio").fill("I sell <b>homes</b> & condos.");
      await page.getByLabel("Languages").fill("English, Tongan");
      await page.getByLabel("Areas served").fill("North Park, 92104");
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(page.getByText("Profile saved.").first()).toBeVisible();
      await expect(page.getByTestId("profile-state")).toContainText("/agents/agatha-moss");

      // The public pages, as an anonymous visitor sees them (from the page cache).
      const staff = page;
      page = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        await page.goto(`${app.baseUrl}/agents`);
        const card = page.getByRole("article").filter({ hasText: "Agatha Moss" });
        await expect(card).toContainText("Listing Specialist");
        await expect(card).toContainText("DRE #01234567 · Responsible broker:");
        const img = card.getByRole("img", { name: "Photo of Agatha Moss" });
        await expect(img).toHaveAttribute("width", "96");
        await expect(img).toHaveAttribute("height", "96");
        expect(await img.getAttribute("srcset")).toMatch(/-240\.webp 240w, .*-480\.webp 480w/);
        await expectAxeClean(page, js);
      }
      await page.getByRole("link", { name: "Agatha Moss" }).click();
      await expect(page).toHaveURL(/\/agents\/agatha-moss$/);
      await expect(page.getByRole("heading", { level: 1, name: "Agatha Moss" })).toBeVisible();
      // The bio is text: its markup is shown, never run.
      await expect(page.getByText("I sell <b>homes</b> & condos.")).toBeVisible();
      await expect(page.getByText("Speaks English, Tongan")).toBeVisible();
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      expect(jsonLd).toMatchObject({ "@type": "RealEstateAgent", name: "Agatha Moss" });
      await expectAxeClean(page, js);

      // "Contact Agatha": the lead is hers.
      await page.getByLabel("First Name*").fill("Lee");
      await page.getByLabel("Last Name*").fill("Visitor");
      await page.getByLabel("Email*").fill("lee@example.com");
      await page.getByLabel("Phone*").fill("619-555-0199");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByTestId("contact-sent")).toBeVisible();
      const lead = await withE2eDb(
        (db) =>
          db.$client
            .prepare("SELECT assigned_agent_id AS agent FROM contact_submissions WHERE email = ?")
            .get("lee@example.com") as {
            agent: string;
          },
        app.database,
      );
      expect(lead.agent).toBe(agent.id);

      await staff.close();
      await withE2eDb((db) => updateStaff(db, admin, agent.id, { active: false }), app.database);
      await page.goto(`${app.baseUrl}/agents`);
      await expect(page.getByText("Agatha Moss")).toHaveCount(0);
      expect((await page.request.get(`${app.baseUrl}/agents/agatha-moss`)).status()).toBe(404);
    } finally {
      await app.stop();
    }
  });

  test("a completed sale asks its seller; with their yes /sold and / show it with its saving; a no takes it off; the review", async ({
    page,
    browser,
    js,
  }) => {
    const smtp = await SmtpSink.start();
    const app = await startApp("proof-sold", { SMTP_URL: smtp.url, MAIL_TICK_SECONDS: "1" });
    try {
      const { agent } = await team(app);
      const t = await withE2eDb((db) => {
        const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
        const sale = createTransaction(
          db,
          admin,
          {
            email: "maria@example.com",
            firstName: "Maria",
            lastName: "Garcia",
            type: "selling",
            propertyAddress: "3021 Upas St, San Diego, CA 92104",
            homeValue: "850000",
            tier: 2,
          },
          { notify: false },
        );
        db.$client.prepare("UPDATE transactions SET assigned_agent_id = ? WHERE id = ?").run(agent.id, sale.id);
        db.$client
          .prepare("INSERT INTO agent_profiles (user_id, slug, title) VALUES (?, 'agatha-moss', 'Listing Specialist')")
          .run(agent.id);
        return sale;
      }, app.database);

      // The admin completes it with its closing price.
      await page.setViewportSize(DESKTOP);
      await loginAs(
        page,
        { email: "boss@agency.test", admin: true, returnTo: `/admin/transactions/${t.id}#details` },
        app,
      );
      await ready(page, js);
      const details = page.getByRole("region", { name: "Transaction details" });
      await details.getByLabel("Closing price").fill("900,000");
      await details.getByLabel("Status").selectOption("completed");
      // Its file was never reviewed here (issue 46): the broker closes it with a written reason.
      await details.getByLabel("The broker's reason to complete anyway").fill("Reviewed on paper");
      await details.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Transaction updated.").first()).toBeVisible();
      await smtp.waitFor(
        (m) => toAddresses(m).includes("maria@example.com") && m.mail.subject === "May we show your sale on our site?",
      );

      // Nothing is shown before the seller's yes (to an anonymous visitor, from the page cache).
      const admin = page;
      const anon = await (await browser.newContext({ javaScriptEnabled: js })).newPage();
      await anon.goto(`${app.baseUrl}/sold`);
      await expect(anon.getByRole("heading", { name: "Coming Soon" })).toBeVisible();

      // The seller says yes, the neighbourhood only, on a phone.
      const seller = await (await browser.newContext({ javaScriptEnabled: js, viewport: PHONE })).newPage();
      await loginAs(seller, { email: "maria@example.com", returnTo: "/client-portal" }, app);
      await ready(seller, js);
      const consent = seller.getByRole("region", { name: "May we show your home on our site?" });
      await expect(consent).toContainText("$17,000");
      await consent.getByLabel("Yes, show it").check();
      await consent.getByLabel(/Neighbourhood only \(North Park, 92104\)/).check();
      await consent.getByRole("button", { name: "Save my answer" }).click();
      await expect(seller.getByText("Thank you! Your home is shown on our site.").first()).toBeVisible();
      await expect(seller.getByTestId(`sold-state-${t.id}`)).toHaveText(
        "Shown on our site with the neighbourhood only.",
      );

      for (const size of [PHONE, DESKTOP]) {
        await anon.setViewportSize(size);
        await anon.goto(`${app.baseUrl}/sold`);
        const sale = anon.getByRole("article").filter({ hasText: "North Park, 92104" });
        // No listing agreement was signed with us: the fee is the tier table's, and says so.
        await expect(sale).toContainText("Saved about $17,000");
        await expect(sale).toContainText("Flat fee (estimated)");
        await expect(sale).toContainText("$900,000");
        await expect(sale).toContainText("$10,000");
        await expect(anon.getByText("3021 Upas St")).toHaveCount(0);
        await expectAxeClean(anon, js);
        await anon.goto(`${app.baseUrl}/`);
        const homes = anon.getByRole("region", { name: "Homes we sold" });
        await expect(homes).toContainText("Our sellers have saved $17,000");
        await expect(homes).toContainText("North Park, 92104");
        await expectAxeClean(anon, js);
      }

      // The review: the e-mail from the SMTP server, two stars, escaped words.
      const mail = await smtp.waitFor(
        (m) => toAddresses(m).includes("maria@example.com") && /^How did we do\?/.test(m.mail.subject ?? ""),
      );
      const link = /https?:\/\/\S+\/review\/[A-Za-z0-9_-]+/.exec(mail.mail.text ?? "")![0];
      const visitor = await (await browser.newContext({ javaScriptEnabled: js, viewport: PHONE })).newPage();
      expect((await visitor.goto(link.slice(0, -2) + "zz"))!.status()).toBe(404);
      await visitor.goto(link);
      await ready(visitor, js);
      await visitor.getByLabel("2 stars").check();
      await visitor.getByLabel("Your review").fill("Slow to call back <script>alert(1)</script> but sold it.");
      await expect(visitor.getByLabel("The agent it is about")).toHaveValue("agatha-moss");
      await expect(visitor.getByLabel("Your name as shown")).toHaveValue("Maria G.");
      await visitor.getByLabel(/I do not work for this brokerage/).check();
      await visitor.getByRole("button", { name: "Publish my review" }).click();
      await expect(visitor).toHaveURL(/\/reviews$/);
      await expect(visitor.getByText("Your review is published.").first()).toBeVisible();
      const review = visitor.getByTestId("review").filter({ hasText: "Maria G." });
      await expect(review).toContainText("Slow to call back <script>alert(1)</script> but sold it.");
      await expect(review.getByRole("img", { name: "2 out of 5 stars" })).toBeVisible();
      await expectAxeClean(visitor, js);
      expect((await visitor.goto(link))!.status()).toBe(404);

      await anon.goto(`${app.baseUrl}/agents/agatha-moss`);
      await expect(anon.getByTestId("review")).toContainText("Slow to call back");
      await anon.goto(`${app.baseUrl}/`);
      await expect(anon.getByRole("region", { name: "What our clients say" })).toContainText("2.0 out of 5 · 1 review");
      const organization = JSON.parse((await anon.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      expect(organization).toMatchObject({
        "@type": "RealEstateAgent",
        aggregateRating: { ratingValue: 2, reviewCount: 1 },
        review: [{ author: { name: "Maria G." }, reviewRating: { ratingValue: 2 } }],
      });

      // Staff cannot change its words; the admin hides it only with a policy reason, which the audit records.
      const reviewId = await withE2eDb(
        (db) => (db.$client.prepare("SELECT id FROM reviews").get() as { id: number }).id,
        app.database,
      );
      const edit = await admin.request.patch(`${app.baseUrl}/api/reviews/${reviewId}`, {
        data: { rating: 5, text: "Perfect" },
        headers: { origin: app.baseUrl },
      });
      expect(edit.status()).toBe(403);
      const noReason = await admin.request.post(`${app.baseUrl}/api/reviews/${reviewId}/hide`, {
        data: { reason: "too negative" },
        headers: { origin: app.baseUrl },
      });
      expect(noReason.status()).toBe(400);
      await admin.goto(`${app.baseUrl}/admin/client-reviews`);
      await ready(admin, js);
      const row = admin.getByTestId("staff-review").first();
      await row.getByLabel("Reason (content policy)").selectOption("personal_data");
      await row.getByRole("button", { name: "Hide" }).click();
      await expect(admin.getByText("The review is hidden; its writer is told why.").first()).toBeVisible();
      await expect(admin.getByTestId("staff-review").first()).toContainText("Hidden (Personal data)");
      const audit = await withE2eDb(
        (db) =>
          db.$client
            .prepare("SELECT actor_name AS who, changes FROM audit_events WHERE action = 'review.hide'")
            .all() as Array<{
            who: string;
            changes: string;
          }>,
        app.database,
      );
      expect(audit).toEqual([
        { who: "Jordan Reyes", changes: JSON.stringify({ hidden: { before: null, after: "personal_data" } }) },
      ]);
      await smtp.waitFor(
        (m) =>
          toAddresses(m).includes("maria@example.com") && m.mail.subject === "Your review is not shown on our site",
      );
      await anon.goto(`${app.baseUrl}/reviews`);
      await expect(anon.getByRole("heading", { name: "No reviews yet" })).toBeVisible();

      // The seller takes the sale back: it leaves /sold and / at once.
      await seller.goto(`${app.baseUrl}/client-portal#sold-consent`);
      await ready(seller, js);
      await seller
        .getByRole("region", { name: "May we show your home on our site?" })
        .getByLabel("No", { exact: true })
        .check();
      await seller.getByRole("button", { name: "Save my answer" }).click();
      await expect(seller.getByText("Your home is not shown on our site.").first()).toBeVisible();
      await anon.goto(`${app.baseUrl}/sold`);
      await expect(anon.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
      await anon.goto(`${app.baseUrl}/`);
      await expect(anon.getByRole("region", { name: "Homes we sold" })).toHaveCount(0);
    } finally {
      await app.stop();
      await smtp.close();
    }
  });
});
