/** Backups of the database and the files (app/infra/backup.server.ts). */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backupName, backupSite, describeBackup } from "~/infra/backup.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";

describe("backups", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "backup-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("write a checked copy of the database and the files, and keep the newest ones", async () => {
    const db = (await import("~/db/client.server")).openDatabase(path.join(dir, "app.db"));
    upsertUserFromClaims(db, { email: "kept@example.com" });
    const files = path.join(dir, "files");
    mkdirSync(path.join(files, "documents", "ab"), { recursive: true });
    writeFileSync(path.join(files, "documents", "ab", "ab01"), "the purchase agreement");
    writeFileSync(path.join(files, "documents", "ab", "ab02.partial"), "half an upload");
    const out = path.join(dir, "backups");
    mkdirSync(out);
    writeFileSync(path.join(out, "app-20261031T100000Z.db"), ""); // a backup made before files were kept
    writeFileSync(path.join(out, "unused"), "");
    const options = { backupDir: out, filesDir: files, keep: 2 };

    const first = await backupSite(db, { ...options, now: new Date("2026-11-01T10:00:00Z") });
    expect(path.basename(first.folder)).toBe("app-20261101T100000Z");
    expect(first.files).toEqual({ count: 1, copied: 1, bytes: 22 });
    expect(first.removed).toEqual([]);
    const copied = path.join(first.folder, "files", "documents", "ab", "ab01");
    expect(readFileSync(copied, "utf8")).toBe("the purchase agreement");
    expect(statSync(copied).ino).not.toBe(statSync(path.join(files, "documents", "ab", "ab01")).ino);
    expect(readdirSync(path.join(first.folder, "files", "documents", "ab"))).toEqual(["ab01"]);

    writeFileSync(path.join(files, "documents", "ab", "ab03"), "an inspection report");
    const second = await backupSite(db, { ...options, now: new Date("2026-11-02T10:00:00Z") });
    expect(second.files).toEqual({ count: 2, copied: 1, bytes: 42 });
    expect(second.removed).toEqual(["app-20261031T100000Z.db"]);
    // A file the previous backup holds is linked from it: on the disk once.
    expect(statSync(path.join(second.folder, "files", "documents", "ab", "ab01")).ino).toBe(statSync(copied).ino);

    const third = await backupSite(db, { ...options, now: new Date("2026-11-03T10:00:00Z") });
    expect(third.removed).toEqual(["app-20261101T100000Z"]);
    expect(readdirSync(out).sort()).toEqual(["app-20261102T100000Z", "app-20261103T100000Z", "unused"]);
    expect(readFileSync(path.join(third.folder, "files", "documents", "ab", "ab01"), "utf8")).toBe(
      "the purchase agreement",
    );
    expect(third.missing).toEqual([]);
    const copy = new Database(third.database, { readonly: true });
    expect(copy.prepare("select email from users").pluck().all()).toContain("kept@example.com");
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    copy.close();
    db.$client.close();
    expect(backupName(new Date("2026-11-22T09:30:05.123Z"))).toBe("app-20261122T093005Z");
  });

  it("name a document whose file is not there, and leave nothing of a backup that failed", async () => {
    const db = (await import("~/db/client.server")).openDatabase(path.join(dir, "app.db"));
    const admin = upsertUserFromClaims(db, { email: "boss@example.com" }, ["boss@example.com"]);
    const tx = createTransaction(
      db,
      admin,
      { email: "c@example.com", type: "buying", propertyAddress: "1 A St", homeValue: "500000" },
      { notify: false },
    );
    db.$client
      .prepare(
        `INSERT INTO documents (transaction_id, name, content_type, size, sha256, storage_key, uploaded_by,
           uploaded_by_role, created_at) VALUES (?, 'gone.pdf', 'application/pdf', 1, '', 'documents/cd/cd01', ?, 'admin', 0)`,
      )
      .run(tx.id, admin.id);
    const out = path.join(dir, "backups");
    const result = await backupSite(db, { backupDir: out, filesDir: path.join(dir, "no-files") });
    expect(result.missing).toEqual(["documents/cd/cd01"]);
    expect(describeBackup(result)[1]).toBe("Warning: 1 document file(s) named by the database were not in FILES_DIR");

    db.$client.close(); // a closed database cannot be copied: the run fails and leaves no folder
    await expect(
      backupSite(db, { backupDir: out, filesDir: dir, now: new Date("2030-01-01T00:00:00Z") }),
    ).rejects.toThrow();
    expect(readdirSync(out)).toEqual([path.basename(result.folder)]);
  });
});
