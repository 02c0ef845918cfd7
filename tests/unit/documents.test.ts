/**
 * Documents: the type decided by the bytes, the upload's all-or-nothing and its limits, the cleaned
 * name, who may read and remove, the notices, the download's headers and the retention's date.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { documents, type User } from "~/db/schema";
import { documentResponse } from "~/infra/document-download.server";
import { DirectoryStore } from "~/infra/file-store.server";
import { receiveUpload, uploadOf } from "~/infra/upload.server";
import type { UploadRules } from "~/models/files.server";
import { ForbiddenError, NotFoundError, UploadRefusal } from "~/lib/errors";
import {
  cleanFileName,
  DOCUMENT_TYPES,
  formatBytes,
  MAX_NAME_LENGTH,
  purgeCutoff,
  purgeDate,
  UPLOAD_MESSAGES,
} from "~/lib/upload-rules";
import {
  addDocuments,
  documentForDownload,
  documentsPage,
  DOCUMENTS_SHOWN,
  listDocuments,
  removeDocument,
  restoreDocument,
  purgeDocuments,
  takePurgeableDocuments,
  uploadDocuments,
} from "~/models/document.server";
import { initializeMilestones, listMilestones } from "~/models/milestone.server";
import { createTransaction } from "~/models/transaction.server";
import { updateTransaction } from "~/models/transaction-edit.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { action as apiUpload, loader as apiList } from "~/routes/api.transactions.$id.documents";
import { action as apiRemove } from "~/routes/api.documents.$id";
import { loader as download } from "~/routes/documents.$id";
import { freshDb, outboxWithContent, useAppDb } from "./db";
import { answer, args, ORIGIN, sessionCookie } from "./request";

const FIXTURES = "tests/fixtures";
const pdf = () => Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const image = (format: "jpeg" | "png" | "webp") =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: "#1565c0" } })
    .toFormat(format)
    .toBuffer();

/** A multipart request, as a browser's form sends it (fields first, then the files, in order). */
function multipart(
  url: string,
  files: { name: string; bytes: Buffer; field?: string }[],
  fields: Record<string, string> = {},
  cookie?: string,
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field ?? "file", new Blob([new Uint8Array(file.bytes)]), file.name);
  const headers = new Headers({ origin: ORIGIN });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${ORIGIN}${url}`, { method: "POST", body: form, headers });
}

let dir: string;
let storage: DirectoryStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "documents-test-"));
  storage = new DirectoryStore(dir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every file the storage holds. */
const storedFiles = () =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());

const options = (extra: Partial<UploadRules> = {}): UploadRules => ({
  fileField: "file",
  folder: "documents",
  accept: DOCUMENT_TYPES,
  typeMessage: UPLOAD_MESSAGES.documentType,
  maxFileBytes: 1024 * 1024,
  ...extra,
});

async function refusalOf(run: () => Promise<unknown>): Promise<UploadRefusal> {
  try {
    await run();
  } catch (error) {
    if (error instanceof UploadRefusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the type is decided by the bytes", () => {
  it.each([
    ["a PDF", "contract.pdf", pdf, "application/pdf"],
    ["a JPEG", "photo.jpg", () => image("jpeg"), "image/jpeg"],
    ["a PNG", "scan.png", () => image("png"), "image/png"],
    ["a WebP", "scan.webp", () => image("webp"), "image/webp"],
    ["an iPhone's HEIC", "IMG_0001.HEIC", () => fs.readFileSync(`${FIXTURES}/photo.heic`), "image/heic"],
    [
      "a DOCX",
      "addendum.docx",
      () => fs.readFileSync(`${FIXTURES}/addendum.docx`),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
  ])("%s is accepted as %s", async (_label, name, bytes, type) => {
    const upload = await receiveUpload(multipart("/", [{ name, bytes: await bytes() }]), options(), storage);
    expect(upload.files).toHaveLength(1);
    expect(upload.files[0]).toMatchObject({ name, contentType: type });
    expect(storedFiles()).toHaveLength(1);
  });

  it.each([
    [
      "a renamed executable",
      "invoice.pdf",
      Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(512, 1)]),
    ],
    [
      "a renamed HTML file",
      "statement.pdf",
      Buffer.from("<!doctype html><html><script>alert(document.cookie)</script>"),
    ],
    ["an empty file", "empty.pdf", Buffer.alloc(0)],
    ["plain text", "notes.pdf", Buffer.from("just some words, no magic number")],
  ])("%s is refused with 400 and nothing is kept", async (_label, name, bytes) => {
    const refusal = await refusalOf(() => receiveUpload(multipart("/", [{ name, bytes }]), options(), storage));
    expect(refusal.status).toBe(400);
    expect(refusal.message).toBe("This file type isn't accepted. Use PDF, JPEG, PNG, WebP, HEIC or DOCX.");
    expect(storedFiles()).toEqual([]);
  });
});

describe("an upload is all or nothing", () => {
  it("one refused file refuses the whole request: the good files written before it are deleted", async () => {
    const files = [
      { name: "a.pdf", bytes: pdf() },
      { name: "b.png", bytes: await image("png") },
      { name: "c.pdf", bytes: Buffer.from("<html></html>") },
    ];
    const refusal = await refusalOf(() => receiveUpload(multipart("/", files), options(), storage));
    expect(refusal.status).toBe(400);
    expect(storedFiles()).toEqual([]);
  });

  it("a file over the limit is 413 with the limit in the message, and nothing is kept", async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(2 * 1024 * 1024, 7)]);
    const refusal = await refusalOf(() =>
      receiveUpload(
        multipart("/", [
          { name: "a.pdf", bytes: pdf() },
          { name: "scan.pdf", bytes: big },
        ]),
        options(),
        storage,
      ),
    );
    expect(refusal.status).toBe(413);
    expect(refusal.message).toBe('"scan.pdf" is too large: files can be at most 1 MB.');
    expect(storedFiles()).toEqual([]);
  });

  it("an eleventh file is refused (400), and so is a body that is not multipart (415)", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.pdf`, bytes: pdf() }));
    const tooMany = await refusalOf(() => receiveUpload(multipart("/", eleven), options(), storage));
    expect([tooMany.status, tooMany.message]).toEqual([400, "Upload at most 10 files at a time."]);
    const json = new Request(`${ORIGIN}/`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect((await refusalOf(() => receiveUpload(json, options(), storage))).status).toBe(415);
    expect(storedFiles()).toEqual([]);
  });

  it("a body cut short is refused and leaves no file, not even a partial one", async () => {
    const full = await multipart("/", [{ name: "a.pdf", bytes: Buffer.concat([pdf(), Buffer.alloc(300_000, 1)]) }]);
    const bytes = new Uint8Array(await full.arrayBuffer());
    const cut = new Request(`${ORIGIN}/`, {
      method: "POST",
      headers: { "content-type": full.headers.get("content-type")! },
      body: bytes.slice(0, 200_000),
    });
    const refusal = await refusalOf(() => receiveUpload(cut, options(), storage));
    expect(refusal.status).toBe(400);
    expect(storedFiles()).toEqual([]);
  });

  it("with whenRefused: skip, a refused file is left out and the other fields are still read", async () => {
    const upload = await receiveUpload(
      multipart("/", [{ name: "x.pdf", bytes: Buffer.from("<html>") }], { title: "Kept" }),
      options({ whenRefused: "skip" }),
      storage,
    );
    expect(upload.files).toEqual([]);
    expect(upload.fields.get("title")).toBe("Kept");
    expect(upload.refusal?.message).toBe(UPLOAD_MESSAGES.documentType);
  });

  it("keeps the files in the form's order, with their size and SHA-256", async () => {
    const a = Buffer.concat([pdf(), Buffer.alloc(200_000, 2)]);
    const upload = await receiveUpload(
      multipart("/", [
        { name: "first.pdf", bytes: a },
        { name: "second.png", bytes: await image("png") },
      ]),
      options(),
      storage,
    );
    expect(upload.files.map((f) => f.name)).toEqual(["first.pdf", "second.png"]);
    expect(upload.files[0]!.size).toBe(a.length);
    const { createHash } = await import("node:crypto");
    expect(upload.files[0]!.sha256).toBe(createHash("sha256").update(a).digest("hex"));
    expect(upload.files[0]!.key).toMatch(/^documents\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
  });
});

describe("the uploaded name", () => {
  it.each([
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\Robin\\Desktop\\offer.pdf", "offer.pdf"],
    ["line\r\nbreak\u0000.pdf", "linebreak.pdf"],
    ["invoice\u202Efdp.exe", "invoicefdp.exe"],
    ["..", "document"],
    ["   ", "document"],
  ])("%j is kept as %j", (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it("is at most 200 characters and keeps its extension", () => {
    const name = cleanFileName(`${"a".repeat(300)}.pdf`);
    expect(name).toHaveLength(MAX_NAME_LENGTH);
    expect(name.endsWith(".pdf")).toBe(true);
  });

  it("sizes read as people read them", () => {
    expect([formatBytes(1), formatBytes(840), formatBytes(3 * 1024), formatBytes(25 * 1024 * 1024)]).toEqual([
      "1 byte",
      "840 bytes",
      "3 KB",
      "25 MB",
    ]);
  });
});

describe("who may read, remove and restore", () => {
  let db: Db;
  let admin: User;
  let client: User;
  let other: User;
  let transactionId: number;
  let staffDoc: number;
  let clientDoc: number;
  const file = (name: string) => ({
    key: `documents/00/${name}`,
    name,
    contentType: "application/pdf",
    size: 10,
    sha256: "x",
  });

  beforeEach(() => {
    db = freshDb();
    admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    client = upsertUserFromClaims(db, { email: "robin@example.com", firstName: "Robin" });
    other = upsertUserFromClaims(db, { email: "sam@example.com" });
    transactionId = createTransaction(db, admin, {
      email: client.email,
      type: "buying",
      propertyAddress: "7 Palm Ave",
      homeValue: "500000",
    }).id;
    staffDoc = addDocuments(db, admin, transactionId, [file("disclosure.pdf")])[0]!.id;
    clientDoc = addDocuments(db, client, transactionId, [file("preapproval.pdf")])[0]!.id;
  });

  it("the client and admins read the transaction's documents; another client is told not found", () => {
    expect(listDocuments(db, client, transactionId).map((d) => d.name)).toEqual(["preapproval.pdf", "disclosure.pdf"]);
    expect(listDocuments(db, admin, transactionId)).toHaveLength(2);
    expect(() => listDocuments(db, other, transactionId)).toThrow(NotFoundError);
    expect(() => documentForDownload(db, other, staffDoc)).toThrow(NotFoundError);
    expect(documentForDownload(db, client, staffDoc).name).toBe("disclosure.pdf");
    expect(listDocuments(db, client, transactionId)[0]!.uploadedBy).toMatchObject({ name: "Robin", role: "client" });
  });

  it("another client may not upload to the transaction (not found, before any byte is read)", () => {
    expect(() => addDocuments(db, other, transactionId, [file("x.pdf")])).toThrow(NotFoundError);
  });

  it("a client removes only their own uploads; a removed one is gone for them at once and kept for admins", () => {
    expect(() => removeDocument(db, client, staffDoc)).toThrow(ForbiddenError);
    expect(() => removeDocument(db, other, clientDoc)).toThrow(NotFoundError);
    removeDocument(db, client, clientDoc);
    expect(listDocuments(db, client, transactionId).map((d) => d.id)).toEqual([staffDoc]);
    expect(() => documentForDownload(db, client, clientDoc)).toThrow(NotFoundError);
    expect(documentForDownload(db, admin, clientDoc).removedAt).toBeInstanceOf(Date);
    const all = listDocuments(db, admin, transactionId, { includeRemoved: true });
    expect(all.find((d) => d.id === clientDoc)?.removedAt).toBeInstanceOf(Date);
  });

  it("an admin removes any document, and only an admin restores one", () => {
    removeDocument(db, admin, staffDoc);
    expect(() => restoreDocument(db, client, staffDoc)).toThrow(ForbiddenError);
    restoreDocument(db, admin, staffDoc);
    expect(listDocuments(db, client, transactionId).map((d) => d.id)).toContain(staffDoc);
  });

  it("a milestone must be one of the transaction's", () => {
    initializeMilestones(db, admin, transactionId);
    const step = listMilestones(db, admin, transactionId)[1]!;
    expect(addDocuments(db, admin, transactionId, [file("a.pdf")], { milestoneId: step.id })[0]!.milestoneId).toBe(
      step.id,
    );
    const elsewhere = createTransaction(db, admin, {
      email: "x@example.com",
      type: "selling",
      propertyAddress: "1 B St",
      homeValue: "1",
    });
    expect(() => addDocuments(db, admin, elsewhere.id, [file("b.pdf")], { milestoneId: step.id })).toThrow(
      /step of this transaction/,
    );
  });

  it("a page lists the newest 50 with the total, and each step's documents (never removed ones)", () => {
    initializeMilestones(db, admin, transactionId);
    const step = listMilestones(db, admin, transactionId)[2]!;
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 54; i++) {
      addDocuments(db, admin, transactionId, [file(`report-${i}.pdf`)], {
        milestoneId: i < 2 ? step.id : null,
        now: new Date(start + i * 60_000),
      });
    }
    const stepDocs = listDocuments(db, admin, transactionId).filter((d) => d.milestoneId === step.id);
    removeDocument(db, admin, stepDocs[0]!.id);

    const page = documentsPage(db, client, transactionId);
    expect(page.total).toBe(55); // 54 + the two of beforeEach, one removed
    expect(page.list).toHaveLength(DOCUMENTS_SHOWN);
    expect(page.list[0]!.name).toBe("preapproval.pdf"); // added last, in beforeEach's "now"
    expect(page.ofSteps.map((d) => d.name)).toEqual([stepDocs[1]!.name]);
    expect(page.list.every((d) => d.mayRemove === (d.name === "preapproval.pdf"))).toBe(true);
    expect(documentsPage(db, client, transactionId, { showAll: true }).list).toHaveLength(55);

    const staff = documentsPage(db, admin, transactionId, { includeRemoved: true, showAll: true });
    expect(staff.total).toBe(56);
    expect(staff.list.filter((d) => d.removedAt)).toHaveLength(1);
    expect(() => documentsPage(db, other, transactionId)).toThrow(NotFoundError);
  });

  it("a staff upload is named in the client's notice; a client's upload e-mails staff with a link", () => {
    const notice = outboxWithContent(db, "client_notice").at(-1)!;
    expect(notice.subject).toBe('Your purchase at 7 Palm Ave: new document "disclosure.pdf"');
    expect(notice.textBody).toContain("disclosure.pdf");
    const staff = outboxWithContent(db, "staff_notice");
    expect(staff.map((e) => e.toAddress).sort()).toEqual(["agent1@agency.test", "agent2@agency.test"]);
    expect(staff[0]!.subject).toBe('Robin uploaded "preapproval.pdf" (7 Palm Ave)');
    expect(staff[0]!.textBody).toContain(`/admin/transactions/${transactionId}/documents#documents`);
    expect(staff[0]!.replyTo).toBe("robin@example.com");
  });
});

describe("retention", () => {
  it("a removed document may be deleted three years after its transaction closed", () => {
    expect(purgeDate(new Date("2026-06-30T12:00:00Z")).toISOString()).toBe("2029-06-30T12:00:00.000Z");
    expect(purgeCutoff(new Date("2029-06-30T12:00:00Z")).toISOString()).toBe("2026-06-30T12:00:00.000Z");
  });

  it("the daily job deletes removed documents of transactions closed over three years ago, file and row", async () => {
    const db = freshDb();
    const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const open = (address: string) =>
      createTransaction(db, admin, {
        email: "c@example.com",
        type: "selling",
        propertyAddress: address,
        homeValue: "1",
      });
    const stored = async (name: string) => {
      const put = await storage.put("documents", Readable.from([pdf()]));
      return { key: put.key, name, contentType: "application/pdf", size: put.size, sha256: put.sha256 };
    };
    const closed = open("1 Old St");
    const recent = open("2 New St");
    const [oldRemoved, oldKept] = addDocuments(db, admin, closed.id, [await stored("a.pdf"), await stored("b.pdf")]);
    const [recentRemoved] = addDocuments(db, admin, recent.id, [await stored("c.pdf")]);
    for (const d of [oldRemoved!, recentRemoved!]) removeDocument(db, admin, d.id);
    const edit = { homeValue: "1", status: "completed" as const, override: "The file was reviewed on paper" };
    updateTransaction(db, admin, closed.id, { ...edit, propertyAddress: "1 Old St" }, new Date("2023-01-10T00:00:00Z"));
    updateTransaction(db, admin, recent.id, { ...edit, propertyAddress: "2 New St" }, new Date("2025-01-10T00:00:00Z"));

    expect(takePurgeableDocuments(db, new Date("2026-01-09T00:00:00Z"))).toEqual([]); // not yet three years
    const result = await purgeDocuments(db, storage, new Date("2026-01-11T00:00:00Z"));
    expect(result.purged).toBe(1);
    const left = db
      .select({ id: documents.id })
      .from(documents)
      .all()
      .map((r) => r.id);
    expect(left.sort()).toEqual([oldKept!.id, recentRemoved!.id].sort());
    expect(storedFiles()).toHaveLength(2);
  });

  it("closing sets the closing date; opening again clears it; saving without a change keeps it", () => {
    const db = freshDb();
    const admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    const t = createTransaction(db, admin, {
      email: "c@example.com",
      type: "selling",
      propertyAddress: "1 A St",
      homeValue: "1",
    });
    const edit = (status: "active" | "completed" | "cancelled", at: string) =>
      updateTransaction(
        db,
        admin,
        t.id,
        { propertyAddress: "1 A St", homeValue: "1", status, override: "The file was reviewed on paper" },
        new Date(at),
      ).closedAt;
    expect(edit("completed", "2026-01-01T00:00:00Z")?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(edit("completed", "2026-02-01T00:00:00Z")?.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(edit("active", "2026-03-01T00:00:00Z")).toBeNull();
    expect(edit("cancelled", "2026-04-01T00:00:00Z")?.toISOString()).toBe("2026-04-01T00:00:00.000Z");
  });

  it("a file no row names, older than a day, is swept; a newer one is left (an upload in progress)", async () => {
    const db = freshDb();
    const put = await storage.put("documents", Readable.from([pdf()]));
    expect((await purgeDocuments(db, storage, new Date())).orphans).toBe(0);
    expect((await purgeDocuments(db, storage, new Date(Date.now() + 2 * 24 * 3600_000))).orphans).toBe(1);
    expect(fs.existsSync(path.join(dir, put.key))).toBe(false);
  });

  it("a half-written upload is removed once older than the cut-off; one being written is left", async () => {
    const folder = path.join(dir, "documents", "ab");
    fs.mkdirSync(folder, { recursive: true });
    const stale = path.join(folder, "ab01.partial");
    const writing = path.join(folder, "ab02.partial");
    fs.writeFileSync(stale, "a crash's half");
    fs.writeFileSync(writing, "an upload in progress");
    const yesterday = new Date(Date.now() - 2 * 24 * 3600_000);
    fs.utimesSync(stale, yesterday, yesterday);
    expect(await storage.removePartials(new Date(Date.now() - 24 * 3600_000))).toBe(1);
    expect([fs.existsSync(stale), fs.existsSync(writing)]).toEqual([false, true]);
  });
});

describe("the routes", () => {
  const app = useAppDb();
  let transactionId: number;
  beforeEach(() => {
    transactionId = createTransaction(app.db, app.admin, {
      email: app.client.email,
      type: "buying",
      propertyAddress: "9 Bay Rd",
      homeValue: "700000",
    }).id;
  });

  it("POST /api/transactions/{id}/documents answers 201 with the documents; the client downloads the same bytes", async () => {
    const bytes = Buffer.concat([pdf(), Buffer.from("offer")]);
    const cookie = await sessionCookie(app.admin);
    const created = await answer(() =>
      apiUpload(
        args(
          multipart(
            `/api/transactions/${transactionId}/documents`,
            [{ name: "../../etc/passwd.pdf", bytes }],
            {},
            cookie,
          ),
          {
            id: String(transactionId),
          },
        ),
      ),
    );
    expect(created.status).toBe(201);
    const [doc] = created.data as { id: number; name: string; url: string; uploadedBy: unknown; size: number }[];
    expect(doc).toMatchObject({
      name: "passwd.pdf",
      size: bytes.length,
      uploadedBy: { name: "boss@agency.test", role: "admin" },
    });
    expect(doc!.url).toBe(`/documents/${doc!.id}`);

    const clientCookie = await sessionCookie(app.client);
    const listed = await answer(() =>
      apiList(
        args(
          new Request(`${ORIGIN}/api/transactions/${transactionId}/documents`, { headers: { cookie: clientCookie } }),
          { id: String(transactionId) },
        ),
      ),
    );
    expect((listed.data as { id: number }[]).map((d) => d.id)).toEqual([doc!.id]);

    const response = (await download(
      args(new Request(`${ORIGIN}/documents/${doc!.id}`, { headers: { cookie: clientCookie } }), {
        id: String(doc!.id),
      }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-disposition": `attachment; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      "content-security-policy": "sandbox",
      "content-type": "application/pdf",
    });
  });

  it("GET /documents/{id}: 401 signed out, 404 for another client, inline only for a PDF or an image", async () => {
    const [doc] = await uploadDocuments(
      app.db,
      app.admin,
      transactionId,
      uploadOf(multipart("/", [{ name: "résumé «final».pdf", bytes: pdf() }])),
    );
    const get = async (user?: User, query = "") =>
      (await download(
        args(
          new Request(`${ORIGIN}/documents/${doc!.id}${query}`, {
            headers: user ? { cookie: await sessionCookie(user) } : {},
          }),
          {
            id: String(doc!.id),
          },
        ),
      )) as Response;
    expect((await get()).status).toBe(401);
    const stranger = upsertUserFromClaims(app.db, { email: "stranger@example.com" });
    expect((await get(stranger)).status).toBe(404);
    const inline = await get(app.client, "?inline=1");
    expect(inline.headers.get("content-disposition")).toBe(
      `inline; filename="r_sum_ _final_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%C2%ABfinal%C2%BB.pdf`,
    );
    const response = await documentResponse(app.db, app.admin, doc!.id, { inline: true });
    expect(response.headers.get("content-security-policy")).toBe("sandbox");
    await response.body?.cancel();
    await inline.body?.cancel();
  });

  it("DELETE /api/documents/{id}: 204 for the client's own upload, 403 for staff's, 404 for a stranger", async () => {
    const [own] = await uploadDocuments(
      app.db,
      app.client,
      transactionId,
      uploadOf(multipart("/", [{ name: "id.png", bytes: await image("png") }])),
    );
    const [staff] = await uploadDocuments(
      app.db,
      app.admin,
      transactionId,
      uploadOf(multipart("/", [{ name: "tds.pdf", bytes: pdf() }])),
    );
    const remove = async (user: User, id: number) =>
      (
        await answer(async () =>
          apiRemove(
            args(
              new Request(`${ORIGIN}/api/documents/${id}`, {
                method: "DELETE",
                headers: { cookie: await sessionCookie(user), origin: ORIGIN },
              }),
              {
                id: String(id),
              },
            ),
          ),
        )
      ).status;
    const stranger = upsertUserFromClaims(app.db, { email: "stranger@example.com" });
    expect(await remove(stranger, own!.id)).toBe(404);
    expect(await remove(app.client, staff!.id)).toBe(403);
    expect(await remove(app.client, own!.id)).toBe(204);
  });
});
