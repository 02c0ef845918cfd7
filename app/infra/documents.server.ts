/**
 * The documents' files: an upload (the page actions and POST /api/transactions/{id}/documents call the
 * same `uploadDocuments`), a download (GET /documents/{id}), and the daily retention job. The rows and
 * who may do what are app/models/document.server.ts's.
 */
import { Readable } from "node:stream";
import { env } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import { InvalidInputError, UploadRefusal } from "~/lib/errors";
import { DOCUMENT_TYPES, UPLOAD_MESSAGES } from "~/lib/upload-rules";
import type { Actor } from "~/models/actor.server";
import {
  addDocuments,
  assertMayUpload,
  documentForDownload,
  takePurgeableDocuments,
  unknownDocumentKeys,
  type DocumentView,
} from "~/models/document.server";
import { fileStorage, type FileStorage } from "~/infra/file-storage.server";
import { receiveUpload } from "~/infra/upload.server";

export const DOCUMENTS_FOLDER = "documents";

/**
 * Stores the files of an upload request as documents of a transaction: the actor's right to it is
 * checked before a byte is read (404), then the files are streamed to the storage and their types
 * checked (400, 413, 415: `UploadRefusal`), then the rows are written. All or nothing.
 */
export async function uploadDocuments(
  db: Db,
  actor: Actor,
  transactionId: number,
  request: Request,
): Promise<DocumentView[]> {
  assertMayUpload(db, actor, transactionId);
  const upload = await receiveUpload(request, {
    fileField: "file",
    folder: DOCUMENTS_FOLDER,
    accept: DOCUMENT_TYPES,
    typeMessage: UPLOAD_MESSAGES.documentType,
    maxFileBytes: env().uploadMaxBytes,
  });
  try {
    if (upload.files.length === 0) throw new UploadRefusal(400, UPLOAD_MESSAGES.noFile);
    return addDocuments(db, actor, transactionId, upload.files, {
      milestoneId: milestoneIdOf(upload.fields.get("milestoneId")),
    });
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

/** The form's optional milestone: blank is none; anything but an id is refused. */
function milestoneIdOf(value: FormDataEntryValue | null): number | null {
  if (value === null || value === "") return null;
  if (typeof value !== "string" || !/^[1-9]\d{0,11}$/.test(value)) {
    throw new InvalidInputError("Choose a step of this transaction", { milestoneId: ["Not a step"] });
  }
  return Number(value);
}

/** Types a browser may show itself with `?inline=1`; anything else is always a download. */
const INLINE_TYPES = new Set(["application/pdf", "image/jpeg", "image/png", "image/webp"]);

/**
 * The file of a document the actor may read (else NotFoundError): a download by default, shown in the
 * browser with `inline` for a PDF or an image. Headers: the name in RFC 6266/5987 form, nosniff, never
 * stored, and a CSP sandbox so that no uploaded file runs script on this origin.
 */
export function documentResponse(db: Db, actor: Actor, id: number, options: { inline?: boolean } = {}): Response {
  const document = documentForDownload(db, actor, id);
  const file = fileStorage().get(document.storageKey);
  if (!file) {
    console.error(`[documents] the file of document ${document.id} (${document.storageKey}) is missing`);
    return new Response("This document's file is missing. Please tell the agency.", {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
    });
  }
  const inline = Boolean(options.inline) && INLINE_TYPES.has(document.contentType);
  return new Response(Readable.toWeb(file) as ReadableStream<Uint8Array>, {
    headers: {
      "content-type": document.contentType,
      "content-length": String(document.size),
      "content-disposition": contentDisposition(inline ? "inline" : "attachment", document.name),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      "content-security-policy": "sandbox",
      "referrer-policy": "no-referrer",
    },
  });
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…`: the UTF-8 name (RFC 5987), and an ASCII one for old
 * clients. The name was cleaned of control characters when it was stored (app/lib/upload-rules.ts).
 */
export function contentDisposition(type: "attachment" | "inline", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Files older than this with no row are left-overs (a crash between the write and the row). */
const ORPHAN_AGE_MS = 24 * 3600_000;

/**
 * The daily retention job: removed documents past their retention lose their row and file; files no row
 * names (older than a day) are deleted.
 */
export async function purgeDocuments(db: Db, now = new Date(), storage: FileStorage = fileStorage()) {
  let purged = 0;
  for (;;) {
    const keys = takePurgeableDocuments(db, now);
    for (const key of keys) await storage.delete(key);
    purged += keys.length;
    if (keys.length === 0) break;
  }
  let orphans = 0;
  let batch: string[] = [];
  const sweep = async () => {
    for (const key of unknownDocumentKeys(db, batch)) {
      await storage.delete(key);
      orphans += 1;
    }
    batch = [];
  };
  for await (const file of storage.list(DOCUMENTS_FOLDER)) {
    if (now.getTime() - file.modifiedAt.getTime() < ORPHAN_AGE_MS) continue;
    batch.push(file.key);
    if (batch.length >= 500) await sweep();
  }
  await sweep();
  return { purged, orphans };
}
