/** The README's backup and restore steps, for real: npm run backup on a running server, then a server on the copy. */
import { execFileSync } from "node:child_process";
import { copyFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { blogPostSchema } from "~/lib/blog-schema";
import { createPost } from "~/models/blog.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { expect, test, withE2eDb } from "./fixtures";
import { startApp } from "./servers";

test("npm run backup copies a running site, and a server started on the copy serves its data", async ({ page, js }) => {
  test.skip(!js, "one run is enough: the browser only reads the restored article");
  const source = await startApp("backup-source", {});
  const backups = `tests/.tmp/backups-${source.port}`;
  const restored = `tests/.tmp/restored-${source.port}.db`;
  let copy: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    const title = `Restored article ${Date.now()}`;
    const post = await withE2eDb((db) => {
      const admin = upsertUserFromClaims(db, { email: "restore-admin@agency.test" }, ["restore-admin@agency.test"]);
      return createPost(db, admin, blogPostSchema.parse({ title, content: "Kept by the backup.", published: "on" }));
    }, source.database);
    const output = execFileSync("npm", ["run", "--silent", "backup"], {
      env: { ...process.env, DATABASE_URL: source.database, BACKUP_DIR: backups },
      encoding: "utf8",
    });
    expect(output).toMatch(/Backup written: .*app-\d{8}T\d{6}Z\.db .*integrity ok/);
    const files = readdirSync(backups);
    expect(files).toHaveLength(1);
    copyFileSync(path.join(backups, files[0]!), restored);

    copy = await startApp("restored", { DATABASE_URL: restored });
    await page.goto(`${copy.baseUrl}/blog/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Kept by the backup.")).toBeVisible();
  } finally {
    await source.stop();
    await copy?.stop();
    rmSync(backups, { recursive: true, force: true });
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${restored}${suffix}`, { force: true });
  }
});
