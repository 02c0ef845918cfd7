/**
 * Documents, in a real browser with JavaScript on and off: staff upload to a step and the client
 * downloads the same bytes; refusals show in the form and store nothing; removal and restore; the
 * progress bar and Cancel (JavaScript); a client's upload e-mails staff; blog images as WebP. The HTTP
 * rules (401, 404, 415, 200 files, a path in the name) are checked once, without a browser.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { ADMIN_EMAIL, BASE_URL } from "../../playwright.config";
import {
  expect,
  loginAs,
  queryDb,
  ready,
  seedTransaction,
  signedInRequest,
  test,
  uniqueEmail,
  withE2eDb,
} from "./fixtures";
import type { Page } from "@playwright/test";
import { SmtpSink, startApp, toAddresses, type AppServer } from "./servers";
import { upsertUserFromClaims } from "~/models/user.server";
import { createTransaction } from "~/models/transaction.server";

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
const docRows = (transactionId: number) =>
  queryDb<{ name: string; removed: number }>(
    "SELECT name, removed_at IS NOT NULL AS removed FROM documents WHERE transaction_id = ? ORDER BY id",
    transactionId,
  );

test.describe("documents", () => {
  test("staff upload to a step; the client sees it there and downloads the same bytes", async ({
    page,
    browser,
    js,
  }) => {
    const client = uniqueEmail();
    const id = await seedTransaction({
      email: client,
      type: "buying",
      address: "12 Upload Ln",
      milestones: [{ status: "in_progress" }],
    });
    await loginAs(page, { email: ADMIN_EMAIL, returnTo: `/admin/transactions/${id}/documents` });
    await ready(page, js);
    const bytes = pdf("Transfer disclosure statement");
    const form = page.getByRole("form", { name: "Upload documents" });
    await form
      .getByLabel("Files")
      .setInputFiles({ name: "TDS signed.pdf", mimeType: "application/pdf", buffer: bytes });
    await form.getByLabel("Step (optional)").selectOption({ label: "7. Disclosures reviewed" });
    await form.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("Document uploaded.", { exact: true })).toBeVisible();
    const listed = page.getByTestId("document").filter({ hasText: "TDS signed.pdf" });
    await expect(listed).toContainText("Step 7: Disclosures reviewed");
    await expect(listed).toContainText("(staff)");
    expect(await docRows(id)).toEqual([{ name: "TDS signed.pdf", removed: 0 }]);

    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: js });
    const clientPage = await context.newPage();
    await loginAs(clientPage, { email: client });
    const step = clientPage.getByTestId("milestone").filter({ hasText: "Disclosures reviewed" });
    await expect(step.getByRole("link", { name: "TDS signed.pdf" })).toBeVisible();
    const [download] = await Promise.all([
      clientPage.waitForEvent("download"),
      clientPage.getByTestId("documents").getByRole("link", { name: "TDS signed.pdf" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("TDS signed.pdf");
    expect(readFileSync((await download.path())!).equals(bytes)).toBe(true);
    await context.close();
  });

  test("a wrong type and a file over 25 MB show their messages in the form and store nothing", async ({ page, js }) => {
    const client = uniqueEmail();
    const id = await seedTransaction({ email: client, type: "selling", address: "3 Refused Rd" });
    await loginAs(page, { email: client });
    await ready(page, js);
    const form = page.getByRole("form", { name: "Upload documents" });
    const html = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
    await form.getByLabel("Files").setInputFiles({ name: "statement.pdf", mimeType: "application/pdf", buffer: html });
    await form.getByRole("button", { name: "Upload" }).click();
    await expect(form.getByRole("alert")).toHaveText(
      "This file type isn't accepted. Use PDF, JPEG, PNG, WebP, HEIC or DOCX.",
    );

    // From a file on disk: the browser reads it itself (a 25 MB buffer would cross Playwright's pipe as base64).
    const big = path.join(mkdtempSync(path.join(tmpdir(), "upload-")), "scan.pdf");
    writeFileSync(big, Buffer.concat([pdf("scan"), Buffer.alloc(25 * 1024 * 1024, 1)]));
    await form.getByLabel("Files").setInputFiles(big);
    await form.getByRole("button", { name: "Upload" }).click();
    await expect(form.getByRole("alert")).toHaveText('"scan.pdf" is too large: files can be at most 25 MB.');
    expect(await docRows(id)).toEqual([]);
  });

  test("a client removes their own upload; staff see it removed and restore it", async ({ page, browser, js }) => {
    const client = uniqueEmail();
    const id = await seedTransaction({ email: client, type: "buying", address: "5 Restore Ct" });
    await loginAs(page, { email: client });
    await ready(page, js);
    const form = page.getByRole("form", { name: "Upload documents" });
    await form.getByLabel("Files").setInputFiles([
      { name: "pre-approval.pdf", mimeType: "application/pdf", buffer: pdf("pre-approval") },
      {
        name: "id.png",
        mimeType: "image/png",
        buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
          .png()
          .toBuffer(),
      },
    ]);
    await form.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("2 documents uploaded.", { exact: true })).toBeVisible();
    await expect(page.getByTestId("document")).toHaveCount(2);
    await page.getByRole("button", { name: "Remove id.png" }).click();
    await expect(page.getByText("Document removed.", { exact: true })).toBeVisible();
    await expect(page.getByTestId("document")).toHaveCount(1);
    expect(await docRows(id)).toEqual([
      { name: "pre-approval.pdf", removed: 0 },
      { name: "id.png", removed: 1 },
    ]);

    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: js });
    const admin = await context.newPage();
    await loginAs(admin, { email: ADMIN_EMAIL, returnTo: `/admin/transactions/${id}/documents` });
    await expect(admin.getByTestId("document").filter({ hasText: "id.png" })).toContainText("Removed on");
    await admin.getByRole("button", { name: "Restore id.png" }).click();
    await expect(admin.getByText("Document restored.", { exact: true })).toBeVisible();
    await context.close();

    await page.reload();
    await expect(page.getByTestId("document")).toHaveCount(2);
  });

  test("with JavaScript, each file shows its bytes sent, and Cancel stores nothing", async ({ page, js }) => {
    test.skip(!js, "the progress bar is JavaScript's");
    const client = uniqueEmail();
    const id = await seedTransaction({ email: client, type: "buying", address: "8 Progress Pl" });
    await loginAs(page, { email: client });
    await ready(page, js);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    // 1 Mbit/s up: a 3 MB file takes about 25 s, long enough to watch and cancel.
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 128 * 1024,
    });
    const form = page.getByRole("form", { name: "Upload documents" });
    await form.getByLabel("Files").setInputFiles([
      {
        name: "inspection.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.concat([pdf("inspection"), Buffer.alloc(3 * 1024 * 1024, 2)]),
      },
      { name: "appraisal.pdf", mimeType: "application/pdf", buffer: pdf("appraisal") },
    ]);
    await form.getByRole("button", { name: "Upload" }).click();
    const progress = page.getByTestId("upload-progress");
    await expect(progress.getByRole("progressbar", { name: "inspection.pdf" })).toBeVisible();
    await expect(progress).toContainText("of 3.0 MB");
    await expect(form.getByRole("button", { name: "Uploading..." })).toBeDisabled();
    await expect
      .poll(async () =>
        Number(await progress.getByRole("progressbar", { name: "inspection.pdf" }).getAttribute("value")),
      )
      .toBeGreaterThan(0);
    await progress.getByRole("button", { name: "Cancel upload" }).click();
    await expect(form.getByRole("alert")).toHaveText("Upload cancelled: nothing was stored.");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // The server saw the client go: nothing of it is kept.
    await expect.poll(() => docRows(id)).toEqual([]);

    await form
      .getByLabel("Files")
      .setInputFiles({ name: "appraisal.pdf", mimeType: "application/pdf", buffer: pdf("appraisal") });
    await form.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("Document uploaded.", { exact: true })).toBeVisible();
    await expect(page.getByTestId("document")).toHaveCount(1);
  });

  test("a blog image is served as WebP at three widths, with srcset", async ({ page, js }) => {
    // A server of its own: a published post would change the shared blog the blog tests read.
    const app = await startApp("blog-images", {});
    try {
      await blogImage(page, js, app);
    } finally {
      await app.stop();
    }
  });
});

async function blogImage(page: Page, js: boolean, app: AppServer) {
  await loginAs(page, { email: ADMIN_EMAIL, admin: true, returnTo: "/admin/blog/new" }, app);
  await ready(page, js);
  const title = `Staging photos ${js ? "js" : "no-js"} ${Date.now()}`;
  await page.getByLabel("Title*").fill(title);
  await page.getByLabel("Content*").fill("Light, space and a clean kitchen.");
  await page.getByLabel("Published").check();
  const photo = await sharp({ create: { width: 2400, height: 1260, channels: 3, background: "#2a6f97" } })
    .jpeg()
    .withExif({ IFD0: { Make: "TestPhone" } })
    .toBuffer();
  await page.getByLabel("Image file").setInputFiles({ name: "IMG_2040.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The post is published on the blog.", { exact: true })).toBeVisible();
  await expect(page.getByTestId("uploaded-image")).toBeVisible();

  await page.getByRole("link", { name: "View on the blog" }).click();
  const img = page.locator("article img").first();
  const srcset = (await img.getAttribute("srcset"))!;
  const files = [...srcset.matchAll(/(\/images\/[0-9a-f]{32}-(\d+)\.webp) (\d+)w/g)];
  expect(files.map((m) => [Number(m[2]), Number(m[3])])).toEqual([
    [400, 400],
    [800, 800],
    [1600, 1600],
  ]);
  expect([await img.getAttribute("width"), await img.getAttribute("height")]).toEqual(["1600", "840"]);
  for (const [, url, width] of files) {
    const response = await page.request.get(`${app.baseUrl}${url!}`);
    expect(response.headers()["content-type"]).toBe("image/webp");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(await response.body()).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(["webp", Number(width), undefined]);
  }
}

test.describe("documents over HTTP", () => {
  test("401 signed out, 404 for another client; 415, 200 files and a path in the name", async ({
    page,
    request,
    js,
  }) => {
    test.skip(!js, "HTTP only: one run is enough");
    const owner = uniqueEmail();
    const id = await seedTransaction({ email: owner, type: "buying", address: "1 Http Way" });
    const admin = await signedInRequest(page, ADMIN_EMAIL, { admin: true });
    const created = await admin.post(`/api/transactions/${id}/documents`, {
      multipart: { file: { name: "../../etc/passwd.pdf", mimeType: "application/pdf", buffer: pdf("x") } },
    });
    expect(created.status()).toBe(201);
    const [doc] = (await created.json()) as { id: number; name: string; url: string }[];
    expect(doc!.name).toBe("passwd.pdf");

    expect((await request.get(doc!.url)).status()).toBe(401);
    expect((await request.get(`/api/transactions/${id}/documents`)).status()).toBe(401);
    const stranger = await page.context().browser()!.newContext({ baseURL: BASE_URL });
    const strangerPage = await stranger.newPage();
    const other = await signedInRequest(strangerPage, uniqueEmail());
    expect((await other.get(doc!.url)).status()).toBe(404);
    expect((await other.get(`/api/transactions/${id}/documents`)).status()).toBe(404);
    expect((await other.delete(`/api/documents/${doc!.id}`)).status()).toBe(404);
    await stranger.close();

    const json = await admin.post(`/api/transactions/${id}/documents`, { data: { file: "x" } });
    expect(json.status()).toBe(415);
    const boundary = "----many";
    const parts = Array.from(
      { length: 200 },
      (_, i) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f${i}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n`,
    ).join("");
    const many = await admin.post(`/api/transactions/${id}/documents`, {
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      data: Buffer.from(`${parts}--${boundary}--\r\n`),
    });
    expect(many.status()).toBe(400);
    expect(await many.json()).toEqual({ message: "Upload at most 10 files at a time." });
    expect((await docRows(id)).map((d) => d.name)).toEqual(["passwd.pdf"]);
  });

  test("a client's upload reaches staff by e-mail, naming the client, the property and the file", async ({
    page,
    js,
  }) => {
    test.skip(!js, "e-mail only: one run is enough");
    const smtp = await SmtpSink.start();
    const app = await startApp("documents-mail", {
      SMTP_URL: smtp.url,
      MAIL_TICK_SECONDS: "1",
      LEAD_ALERT_EMAILS: "desk@agency.test",
    });
    try {
      const client = "dana@example.com";
      const id = await withE2eDb((db) => {
        const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
        upsertUserFromClaims(db, { email: client, firstName: "Dana", lastName: "Reyes" });
        return createTransaction(
          db,
          admin,
          { email: client, type: "buying", propertyAddress: "77 Mail St", homeValue: "600000" },
          { notify: false },
        ).id;
      }, app.database);
      await loginAs(
        page,
        { email: client, returnTo: null },
        { database: app.database, baseUrl: app.baseUrl, secret: app.secret },
      );
      const upload = await page.request.post(`${app.baseUrl}/api/transactions/${id}/documents`, {
        headers: { origin: app.baseUrl },
        multipart: { file: { name: "pre-approval.pdf", mimeType: "application/pdf", buffer: pdf("letter") } },
      });
      expect(upload.status()).toBe(201);
      const mail = await smtp.waitFor((m) => toAddresses(m).includes("desk@agency.test"));
      expect(mail.mail.subject).toBe('Dana Reyes uploaded "pre-approval.pdf" (77 Mail St)');
      expect(mail.mail.text).toContain("Dana Reyes (dana@example.com)");
      expect(mail.mail.text).toContain(`${app.baseUrl}/admin/transactions/${id}/documents#documents`);
    } finally {
      await app.stop();
      await smtp.close();
    }
  });
});
