/**
 * The README's backup and restore steps, for real: npm run backup on a running server (its database and
 * its uploaded files), then a server on the copy serves the article and the document.
 */
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { blogPostSchema } from "~/lib/blog-schema";
import { createPost } from "~/models/blog.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { expect, loginAs, test, withE2eDb } from "./fixtures";
import { startApp } from "./servers";

test("npm run backup copies a running site, and a server started on the copy serves its data and files", async ({
  page,
  js,
}) => {
  test.skip(!js, "one run is enough: the browser only reads the restored article");
  const source = await startApp("backup-source", {});
  const backups = `tests/.tmp/backups-${source.port}`;
  const restored = `tests/.tmp/restored-${source.port}`;
  let copy: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    const title = `Restored article ${Date.now()}`;
    const adminEmail = "restore-admin@agency.test";
    const { post, transactionId } = await withE2eDb((db) => {
      const admin = upsertUserFromClaims(db, { email: adminEmail }, [adminEmail]);
      const post = createPost(
        db,
        admin,
        blogPostSchema.parse({ title, content: "Kept by the backup.", published: "on" }),
      );
      const transaction = createTransaction(
        db,
        admin,
        { email: "kept-client@example.com", type: "selling", propertyAddress: "9 Backup Way", homeValue: "700000" },
        { notify: false },
      );
      return { post, transactionId: transaction.id };
    }, source.database);
    await loginAs(page, { email: adminEmail, returnTo: null }, source);
    const letter = Buffer.from("%PDF-1.4\n% the seller's disclosures\n%%EOF\n");
    const upload = await page.request.post(`${source.baseUrl}/api/transactions/${transactionId}/documents`, {
      headers: { origin: source.baseUrl },
      multipart: { file: { name: "TDS.pdf", mimeType: "application/pdf", buffer: letter } },
    });
    expect(upload.status()).toBe(201);
    const [document] = (await upload.json()) as { url: string }[];

    const output = execFileSync("npm", ["run", "--silent", "backup"], {
      env: { ...process.env, DATABASE_URL: source.database, FILES_DIR: source.filesDir, BACKUP_DIR: backups },
      encoding: "utf8",
    });
    expect(output).toMatch(/Backup written: .*app-\d{8}T\d{6}Z \(database .* integrity ok; 1 file\(s\), .* 1 new\)/);
    const folders = readdirSync(backups);
    expect(folders).toHaveLength(1);
    // The README's restore: the database file and the files folder, side by side.
    cpSync(path.join(backups, folders[0]!), restored, { recursive: true });

    copy = await startApp("restored", {
      DATABASE_URL: path.join(restored, "app.db"),
      FILES_DIR: path.join(restored, "files"),
    });
    await page.goto(`${copy.baseUrl}/blog/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Kept by the backup.")).toBeVisible();
    // The session came with the database: the same admin downloads the same bytes from the copy.
    const download = await page.request.get(`${copy.baseUrl}${document!.url}`);
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(letter)).toBe(true);
  } finally {
    await source.stop();
    await copy?.stop();
    rmSync(backups, { recursive: true, force: true });
    rmSync(restored, { recursive: true, force: true });
  }
});
