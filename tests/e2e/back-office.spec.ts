/** The back office: blog editor, campaigns, leads; admins only. JS on and off. */
import type { Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { enqueueEmail } from "~/models/mail-queue.server";
import { expect, loginAs, queryDb, ready, test, uniqueEmail, visitAlone, withE2eDb } from "./fixtures";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const asAdmin = (page: Page, returnTo: string) =>
  loginAs(page, { email: uniqueEmail("office"), firstName: "Rita", admin: true, returnTo });

test.describe("back office", () => {
  test("blog: create, preview, publish, edit, unpublish and delete; /blog and the sitemap follow", async ({
    page,
    js,
  }) => {
    const token = unique();
    const title = `Staging a Condo ${token}`;
    const slug = `staging-a-condo-${token}`;
    await asAdmin(page, "/admin/blog/new");
    await ready(page, js);
    await page.getByLabel("Title*").fill(title);
    if (js) await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await page.getByLabel("Excerpt").fill("Small changes, big photos.");
    await page.getByLabel("Content*").fill("First paragraph <b>not bold</b>.\nSecond paragraph.");
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("preview");
    await expect(preview.getByRole("heading", { name: title })).toBeVisible();
    await expect(preview).toContainText(`/blog/${slug}`);
    await expect(preview.locator("p", { hasText: "First paragraph" })).toHaveText("First paragraph <b>not bold</b>.");
    await expect(preview).toContainText("By Rita, Coastline Flat Fee Realty team");
    expect(await queryDb("select id from blog_posts where slug = ?", slug)).toHaveLength(0); // a preview saves nothing

    await page.getByLabel("Published").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The post is published on the blog.", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/blog\/\d+$/);
    const editUrl = page.url();

    await page.goto("/blog");
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator("article")).toContainText("By Rita, Coastline Flat Fee Realty team");
    expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/blog/${slug}</loc>`);

    // Edit the title, then unpublish: the article leaves /blog, its page and the sitemap.
    await page.goto(editUrl);
    await ready(page, js);
    await page.getByLabel("Title*").fill(`${title} (updated)`);
    await page.getByLabel("Published").uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The post is saved as a draft.", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await page.goto("/blog");
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
    expect((await page.goto(`/blog/${slug}`))?.status()).toBe(404);
    expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain(slug);

    // Delete asks first.
    await page.goto(editUrl);
    await ready(page, js);
    await page.getByRole("link", { name: "Delete" }).click();
    await expect(page.getByText(`Delete "${title} (updated)" for good?`)).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/admin/blog`);
    await expect(page.getByText("Post deleted.", { exact: true })).toBeVisible();
    expect(await queryDb("select id from blog_posts where slug = ?", slug)).toHaveLength(0);
  });

  test("blog: a duplicate slug is refused with a field error", async ({ page, js }) => {
    await asAdmin(page, "/admin/blog/new");
    await ready(page, js);
    await page.getByLabel("Title*").fill("Another escrow article");
    await page.getByLabel("Slug").fill("what-is-escrow-california");
    await page.getByLabel("Content*").fill("Text.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("This slug is already used by another post")).toBeVisible();
    await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    expect(await queryDb("select id from blog_posts where title = ?", "Another escrow article")).toHaveLength(0);
  });

  test("campaigns: create one with two e-mails, reorder them, deactivate one, preview", async ({ page, js }) => {
    const name = `Buyers ${unique()}`;
    await asAdmin(page, "/admin/campaigns");
    await ready(page, js);
    const create = page.getByRole("region", { name: "New campaign" });
    await create.getByLabel("Name*").fill(name);
    await create.getByLabel("Type*").selectOption("buyer");
    await create.getByRole("button", { name: "Create campaign" }).click();
    await expect(page.getByRole("heading", { name })).toBeVisible();

    for (const [subject, delay] of [
      ["Welcome {{firstName}}", "0"],
      ["Pre-approval tips", "4"],
    ] as const) {
      await ready(page, js);
      const add = page.getByRole("region", { name: "Add an e-mail" });
      await add.getByLabel("Subject*").fill(subject);
      await add.getByLabel("Content*").fill(`Hi {{firstName}},\nAbout: ${subject}.`);
      await add.getByLabel("Delay (days)*").fill(delay);
      await add.getByRole("button", { name: "Add e-mail" }).click();
      await expect(page.getByText("E-mail added to the sequence.", { exact: true })).toBeVisible();
    }
    const emails = page.getByTestId("campaign-email");
    await expect(emails).toHaveCount(2);
    await expect(emails.nth(0)).toContainText("1. Welcome {{firstName}}");

    await ready(page, js);
    await page.getByRole("button", { name: "Move up: Pre-approval tips" }).click();
    await expect(page.getByText("Sequence reordered.", { exact: true })).toBeVisible();
    await expect(page.getByTestId("campaign-email").nth(0)).toContainText("1. Pre-approval tips");
    await expect(page.getByTestId("campaign-email").nth(1)).toContainText("2. Welcome {{firstName}}");

    await ready(page, js);
    await page.getByRole("link", { name: "Edit Welcome {{firstName}}" }).click();
    const edit = page.getByTestId("campaign-email").nth(1);
    await edit.getByLabel("Active").uncheck();
    await edit.getByRole("button", { name: "Save e-mail" }).click();
    await expect(page.getByText("E-mail saved.", { exact: true })).toBeVisible();
    await expect(page.getByTestId("campaign-email").nth(1)).toContainText("Inactive (skipped)");
    const rows = await queryDb<{ sequence: number; subject: string; is_active: number }>(
      "select e.sequence, e.subject, e.is_active from lead_nurturing_emails e join lead_nurturing_campaigns c on c.id = e.campaign_id where c.name = ? order by e.sequence",
      name,
    );
    expect(rows).toEqual([
      { sequence: 1, subject: "Pre-approval tips", is_active: 1 },
      { sequence: 2, subject: "Welcome {{firstName}}", is_active: 0 },
    ]);

    await ready(page, js);
    await page.getByRole("link", { name: "Preview Welcome {{firstName}}" }).click();
    const preview = page.getByTestId("email-preview");
    await expect(preview).toContainText("Subject: Welcome Alex");
    await expect(preview.locator("iframe")).toHaveAttribute("sandbox", "");
    await expect(preview.getByTestId("preview-text")).toContainText("Hi Alex,");
    await expect(preview.getByTestId("preview-text")).toContainText("Unsubscribe");

    await page.goto("/admin/campaigns");
    const row = page.getByTestId("campaign-row").filter({ hasText: name });
    await expect(row).toContainText("Buyer");
    await expect(row).toContainText("Active");
  });

  test("a lead: its timeline after the contact form and the welcome, pause and resume, a note, then a transaction", async ({
    page,
    request,
    js,
  }) => {
    const email = uniqueEmail("timeline");
    const sent = await request.post("/api/contact", {
      data: { firstName: "Tia", lastName: "Lane", email, phone: "6195550111", message: "Looking in North Park." },
    });
    expect(sent.status()).toBe(201);
    const { id } = await sent.json();

    await asAdmin(page, "/admin");
    await ready(page, js);
    await page
      .getByTestId("recent-submission")
      .filter({ hasText: email })
      .getByRole("link", { name: "Tia Lane", exact: true })
      .click();
    await expect(page).toHaveURL(`${BASE_URL}/admin/leads/${id}`);
    await expect(page.getByRole("heading", { name: "Tia Lane" })).toBeVisible();
    await expect(page.getByTestId("lead-status")).toHaveText("Nurturing");
    const timeline = page.getByTestId("timeline-entry");
    await expect(timeline.filter({ hasText: "Contact form received" })).toContainText("Looking in North Park.");
    await expect(timeline.filter({ hasText: /E-mail (queued|sent): Thanks, Tia: we got your message/ })).toHaveCount(1);
    await expect(timeline.filter({ hasText: /Staff alert (queued|sent): New lead: Tia Lane/ })).toHaveCount(1);

    await ready(page, js);
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByText("No more e-mails go to this lead until you resume.", { exact: true })).toBeVisible();
    await expect(page.getByTestId("lead-status")).toHaveText("Paused");
    await ready(page, js);
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByTestId("lead-status")).toHaveText("Nurturing");
    await expect(timeline.first()).toContainText("Nurturing resumed (Rita)");

    await ready(page, js);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Write the note first")).toBeVisible();
    await page.getByLabel("Note", { exact: true }).fill("Called back; tour on Saturday.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByTestId("timeline-entry").first()).toContainText("Note (Rita)");
    await expect(page.getByTestId("timeline-entry").first()).toContainText("Called back; tour on Saturday.");

    await ready(page, js);
    await page.getByRole("link", { name: "Open transaction" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/admin/transactions/new?lead=${id}`);
    await expect(page.getByLabel("Client e-mail*")).toHaveValue(email);
    await expect(page.getByLabel("First name")).toHaveValue("Tia");
    await ready(page, js);
    await page.getByLabel("Type*").selectOption("buying");
    await page.getByLabel("Property address", { exact: true }).fill("3030 University Ave, San Diego, CA 92104");
    await page.getByLabel("Home value (required for a sale)").fill("725000");
    await page.getByRole("button", { name: "Create Transaction" }).click();
    await expect(page).toHaveURL(/\/admin\/transactions\/\d+$/);
    await page.goto(`/admin/leads/${id}`);
    await expect(page.getByTestId("lead-status")).toHaveText("Converted");
    await expect(page.getByRole("link", { name: "Open transaction" })).toHaveCount(0);
    expect(await queryDb("select status, next_email_due from lead_engagement where email = ?", email)).toEqual([
      { status: "converted", next_email_due: null },
    ]);

    await page.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
    await expect(page.getByTestId("lead-row")).toHaveCount(1);
    await expect(page.getByTestId("lead-row")).toContainText("Converted");
  });

  test("a lead with many e-mails: its timeline shows the newest 50, and its e-mail list has every one", async ({
    page,
    request,
    js,
  }) => {
    const email = uniqueEmail("many");
    const sent = await request.post("/api/contact", {
      data: { firstName: "Max", lastName: "Many", email, phone: "6195550112" },
    });
    const { id } = await sent.json();
    await withE2eDb((db) => {
      for (let i = 0; i < 55; i++) {
        enqueueEmail(
          db,
          {
            kind: "lead_alert",
            to: { address: "agent@agency.test" },
            subject: `Old alert ${i}`,
            text: "t",
            html: "h",
            links: { contactSubmissionId: id },
          },
          new Date(Date.UTC(2025, 0, 1) + i * 60_000),
        );
      }
    });
    const total = (
      await queryDb<{ n: number }>("select count(*) n from email_outbox where contact_submission_id = ?", id)
    )[0]!.n;
    expect(total).toBeGreaterThan(55);

    await asAdmin(page, `/admin/leads/${id}`);
    await expect(page.getByTestId("lead-emails")).toContainText(`The newest 50 of ${total} e-mails.`);
    await expect(page.getByTestId("timeline-entry").filter({ hasText: "Old alert" })).toHaveCount(50 - (total - 55));
    await ready(page, js);
    await page.getByRole("link", { name: "Every e-mail of this lead" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/admin/emails?lead=${id}`);
    await expect(page.getByText(`The e-mails of Max Many, newest first: ${total}.`)).toBeVisible();
    await expect(page.getByTestId("email-row")).toHaveCount(50);
    await ready(page, js);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByTestId("email-row")).toHaveCount(total - 50);
    await expect(page.getByTestId("email-row").last()).toContainText("Old alert 0");
  });

  test("the dashboard: navigation strip and the two charts with their numbers as tables", async ({ page }) => {
    await asAdmin(page, "/admin");
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const label of ["Transactions", "Leads", "Campaigns", "Blog", "E-mails", "Submissions"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    const leads = page.getByRole("figure", { name: "New leads per week, last 12 weeks" });
    await expect(leads.locator("svg[role=img]")).toBeVisible();
    await expect(leads.locator("table tbody tr")).toHaveCount(12);
    const active = page.getByRole("figure", { name: /Active transactions, buying and selling, by stage/ });
    await expect(active.locator("table tbody tr")).toHaveCount(6);
  });
});

const PAGES = [
  "/admin/leads",
  "/admin/leads/1",
  "/admin/campaigns",
  "/admin/campaigns/1",
  "/admin/blog",
  "/admin/blog/new",
  "/admin/blog/1",
  "/admin/emails",
  "/admin/emails/1",
];
const ACTIONS: [string, Record<string, string>][] = [
  ["/admin/leads/1", { intent: "pause" }],
  ["/admin/leads/1", { intent: "note", note: "x" }],
  ["/admin/campaigns?index", { intent: "create", name: "Hack", type: "general", isActive: "on" }],
  ["/admin/campaigns/1", { intent: "update-campaign", name: "Hacked", type: "general" }],
  ["/admin/campaigns/1", { intent: "add-email", subject: "Hack", content: "x", delayDays: "0", isActive: "on" }],
  ["/admin/blog/new", { intent: "save", title: "Hack", content: "x", published: "on" }],
  ["/admin/blog/1", { intent: "delete" }],
  ["/admin/emails/1", { intent: "retry" }],
];
const APIS: [string, string, unknown][] = [
  ["POST", "/api/blog", { title: "Hack", content: "x", published: true }],
  ["PATCH", "/api/blog/1", { title: "Hacked", content: "x" }],
  ["DELETE", "/api/blog/1", undefined],
];

test.describe("back office access", () => {
  test("every page, action and API is refused: 401 anonymous, 403 for a client; nothing changes", async ({
    page,
    js,
  }) => {
    test.skip(!js, "status codes: one run is enough (the cards are tested with and without JavaScript elsewhere)");
    // What the refused requests would have changed (other tests write elsewhere meanwhile; the sender
    // delivers e-mail meanwhile too, so the refused retry is checked by its status code alone).
    const state = () =>
      queryDb(
        `select (select count(*) from lead_events where contact_submission_id = 1) events,
                (select status from lead_engagement where id = (select engagement_id from contact_submissions where id = 1)) lead,
                (select name || ':' || is_active from lead_nurturing_campaigns where id = 1) campaign,
                (select count(*) from lead_nurturing_emails where campaign_id = 1) emails,
                (select count(*) from lead_nurturing_campaigns where name in ('Hack', 'Hacked')) hacks,
                (select title || ':' || published from blog_posts where id = 1) post,
                (select count(*) from blog_posts where title in ('Hack', 'Hacked')) hackPosts`,
      );
    const before = await state();
    for (const path of PAGES) expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(401);
    for (const [path, form] of ACTIONS)
      expect((await page.request.post(path, { form, maxRedirects: 0 })).status(), path).toBe(401);
    for (const [method, path, data] of APIS)
      expect((await page.request.fetch(path, { method, data })).status(), `${method} ${path}`).toBe(401);

    await loginAs(page, { email: uniqueEmail("client"), returnTo: null });
    for (const path of PAGES) {
      await visitAlone(page, path, async (visited, status) => {
        expect(status, path).toBe(403);
        await expect(visited.getByRole("heading", { name: "Access Denied" })).toBeVisible();
      });
    }
    for (const [path, form] of ACTIONS)
      expect((await page.request.post(path, { form, maxRedirects: 0 })).status(), path).toBe(403);
    for (const [method, path, data] of APIS)
      expect((await page.request.fetch(path, { method, data })).status(), `${method} ${path}`).toBe(403);
    expect(await state()).toEqual(before);
  });
});
