/**
 * The documents of a transaction: their rows, and their files in the file store the caller passes in
 * (app/models/files.server.ts; the bytes are carried by app/infra). Who may do what:
 * - read and download: the transaction's client (not what was removed) and admins (removed ones too);
 * - upload: the same two (a client's upload says it came from the client);
 * - remove: an admin any document, a client only their own uploads; restore: admins.
 * Anyone else is told "not found", never "forbidden": a document's existence is private too.
 *
 * Longer than 500 lines on purpose: every read and write of a document goes through the same visibility rule
 * (`documentsOf`, the admin-only and removed ones), kept in one place rather than exported to several.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { documents, transactionMilestones, transactions, users, type Document } from "~/db/schema";
import type { UploaderRole } from "~/domain/enums";
import { env } from "~/config/env.server";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, UploadRefusal } from "~/lib/errors";
import { DOCUMENT_TYPES, purgeCutoff, UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { type Actor } from "~/models/actor.server";
import { documentRemoved } from "~/models/file-review.server";
import { recordAudit } from "~/models/audit-log.server";
import { DOCUMENTS_FOLDER, type FileStore, type ReceiveUpload } from "~/models/files.server";
import { noticeDocumentsAdded } from "~/models/client-notices.server";
import { noticeClientUpload } from "~/models/staff-notices.server";
import { fullName } from "~/lib/format";
import { assertStaff, findTransaction, getTransaction, isStaffOn } from "~/models/permissions.server";

export type DocumentView = {
  id: number;
  transactionId: number;
  milestoneId: number | null;
  name: string;
  contentType: string;
  size: number;
  uploadedBy: { id: string | null; name: string; role: UploaderRole };
  createdAt: Date;
  removedAt: Date | null;
  /** A sealed copy (a signed agreement, a CDA): never removed. */
  sealed: boolean;
};

/** A file the storage holds, to become a document. */
export type NewDocumentFile = { key: string; name: string; contentType: string; size: number; sha256: string };

const NOT_FOUND = "Document not found";

const viewColumns = {
  id: documents.id,
  transactionId: documents.transactionId,
  milestoneId: documents.milestoneId,
  name: documents.name,
  contentType: documents.contentType,
  size: documents.size,
  createdAt: documents.createdAt,
  removedAt: documents.removedAt,
  sealed: documents.sealed,
  uploaderId: documents.uploadedBy,
  role: documents.uploadedByRole,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/**
 * A transaction's documents that are not removed, newest first, by id and name only (a picker: the PDFs staff may
 * send for signature, the documents an offer may be attached to).
 */
export function documentNames(
  db: Db,
  actor: Actor,
  transactionId: number,
  options: { pdfOnly?: boolean; limit?: number } = {},
): Array<{ id: number; name: string }> {
  getTransaction(db, actor, transactionId);
  const query = db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(
      and(
        documentsOf(transactionId, false, actor.isAdmin),
        options.pdfOnly ? eq(documents.contentType, "application/pdf") : undefined,
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .$dynamic();
  return (options.limit ? query.limit(options.limit) : query).all();
}

/** A transaction's PDFs that are not removed, newest first (what staff may send for signature). */
export const documentsPdfs = (db: Db, actor: Actor, transactionId: number) =>
  documentNames(db, actor, transactionId, { pdfOnly: true, limit: 100 });

/** Documents with their uploader's name. */
const selectViews = (db: DbOrTx) =>
  db.select(viewColumns).from(documents).leftJoin(users, eq(users.id, documents.uploadedBy));

type ViewRow = ReturnType<ReturnType<typeof selectViews>["all"]>[number];

const viewOf = (row: ViewRow): DocumentView => ({
  id: row.id,
  transactionId: row.transactionId,
  milestoneId: row.milestoneId,
  name: row.name,
  contentType: row.contentType,
  size: row.size,
  uploadedBy: {
    id: row.uploaderId,
    name: fullName(row) || row.email || (row.role === "client" ? "Client" : "Staff"),
    role: row.role,
  },
  createdAt: row.createdAt,
  removedAt: row.removedAt,
  sealed: row.sealed,
});

/**
 * The documents of a transaction the actor may read, newest first: the client sees those not removed;
 * an admin sees the removed ones too with `includeRemoved`.
 */
export function listDocuments(
  db: Db,
  actor: Actor,
  transactionId: number,
  options: { includeRemoved?: boolean } = {},
): DocumentView[] {
  const transaction = getTransaction(db, actor, transactionId);
  const withRemoved = isStaffOn(db, actor, transaction) && options.includeRemoved === true;
  return newestDocuments(db, transactionId, withRemoved, actor.isAdmin).all().map(viewOf);
}

/** How many documents a page lists before "Show all" (a transaction has 20 to 40: most show whole). */
export const DOCUMENTS_SHOWN = 50;

/**
 * A transaction's documents as its page shows them (the portal, the admin's transaction page): the newest
 * DOCUMENTS_SHOWN (all with `showAll`) for the Documents section, how many there are, and the documents of
 * its steps (each milestone lists its own; never removed ones) with only what a step shows of them: the
 * page's data is encoded on every view, and a step's document in the Documents section's shape was three
 * times the values.
 */
export function documentsPage(
  db: Db,
  actor: Actor,
  transactionId: number,
  options: { includeRemoved?: boolean; showAll?: boolean; keyFirst?: boolean } = {},
) {
  const transaction = getTransaction(db, actor, transactionId);
  const staff = isStaffOn(db, actor, transaction);
  const withRemoved = staff && options.includeRemoved === true;
  const newest = options.keyFirst
    ? keyDocumentsFirst(db, transactionId, withRemoved, actor.isAdmin)
    : newestDocuments(db, transactionId, withRemoved, actor.isAdmin);
  const list = (options.showAll ? newest : newest.limit(DOCUMENTS_SHOWN))
    .all()
    .map((row) => toListedDocument(actor, viewOf(row), staff));
  const total =
    list.length < DOCUMENTS_SHOWN
      ? list.length
      : db
          .select({ count: count() })
          .from(documents)
          .where(documentsOf(transactionId, withRemoved, actor.isAdmin))
          .get()!.count;
  return { list, total, ofSteps: stepDocuments(db, transactionId, actor.isAdmin) };
}

/** The documents filed under a milestone, newest first: the progress panel's. */
export function documentsOfSteps(db: Db, actor: Actor, transactionId: number) {
  getTransaction(db, actor, transactionId);
  return stepDocuments(db, transactionId, actor.isAdmin);
}

/** How many documents the actor sees on a transaction (not removed): the workspace's summary line. */
export function documentCount(db: Db, actor: Actor, transactionId: number): number {
  getTransaction(db, actor, transactionId);
  return db
    .select({ count: count() })
    .from(documents)
    .where(documentsOf(transactionId, false, actor.isAdmin))
    .get()!.count;
}

function stepDocuments(db: Db, transactionId: number, admin: boolean) {
  return db
    .select({ id: documents.id, name: documents.name, size: documents.size, milestoneId: documents.milestoneId })
    .from(documents)
    .where(and(documentsOf(transactionId, false, admin), isNotNull(documents.milestoneId)))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .all()
    .map((row) => ({ ...row, milestoneId: row.milestoneId!, url: documentUrl(row.id) }));
}

/**
 * A transaction's documents (those not removed, unless `withRemoved`; the admin-only ones, a CDA, for an admin), by
 * the index (transaction_id, created_at).
 */
const documentsOf = (transactionId: number, withRemoved: boolean, admin: boolean) =>
  and(
    eq(documents.transactionId, transactionId),
    withRemoved ? undefined : isNull(documents.removedAt),
    admin ? undefined : eq(documents.adminOnly, false),
  );

const newestDocuments = (db: Db, transactionId: number, withRemoved: boolean, admin: boolean) =>
  selectViews(db)
    .where(documentsOf(transactionId, withRemoved, admin))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .$dynamic();

/**
 * A closed file's documents as its client reads them: the sealed copies (the signed agreements) first,
 * then the settlement statement (a name saying "settlement" or "closing statement": escrow's final statement, what
 * a seller needs for their taxes), then the rest newest first. The filter by the index (transaction_id,
 * created_at); the sort is over one transaction's documents.
 */
const keyDocumentsFirst = (db: Db, transactionId: number, withRemoved: boolean, admin: boolean) =>
  selectViews(db)
    .where(documentsOf(transactionId, withRemoved, admin))
    .orderBy(
      desc(documents.sealed),
      desc(sql`lower(${documents.name}) LIKE '%settlement%' OR lower(${documents.name}) LIKE '%closing statement%'`),
      desc(documents.createdAt),
      desc(documents.id),
    )
    .$dynamic();

/**
 * Stores the files of an upload as documents of a transaction: the actor's right to it is checked before
 * a byte is read (404), then the files are received into the store with the documents' rules (types by
 * their bytes, size: 400, 413, 415 as `UploadRefusal`), then the rows are written. All or nothing.
 */
export async function uploadDocuments(
  db: Db,
  actor: Actor,
  transactionId: number,
  receive: ReceiveUpload,
): Promise<DocumentView[]> {
  getTransaction(db, actor, transactionId);
  const upload = await receive({
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

/**
 * Adds stored files as documents of a transaction (to one of its milestones with `milestoneId`), in one
 * database transaction, and tells the other side: the client in their next notice e-mail (a staff
 * upload), or staff by e-mail (a client's upload).
 */
export function addDocuments(
  db: Db,
  actor: Actor,
  transactionId: number,
  files: NewDocumentFile[],
  options: { milestoneId?: number | null; now?: Date } = {},
): DocumentView[] {
  const now = options.now ?? new Date();
  const milestoneId = options.milestoneId ?? null;
  return db.transaction((tx) => {
    const transaction = getTransaction(tx, actor, transactionId);
    if (milestoneId !== null) {
      const milestone = tx
        .select({ id: transactionMilestones.id })
        .from(transactionMilestones)
        .where(and(eq(transactionMilestones.id, milestoneId), eq(transactionMilestones.transactionId, transactionId)))
        .get();
      if (!milestone) {
        throw new InvalidInputError("Choose a step of this transaction", {
          milestoneId: ["Not a step of this transaction"],
        });
      }
    }
    // Staff's uploads are "admin" (the staff side), whether an admin's or the transaction's agent's.
    const role: UploaderRole = isStaffOn(tx, actor, transaction) ? "admin" : "client";
    const ids = insertDocuments(tx, { transactionId, milestoneId, uploadedBy: actor.id, role }, files, now);
    ids.forEach((id, i) =>
      recordAudit(tx, actor, {
        action: "document.upload",
        subject: { type: "document", id },
        transactionId,
        changes: { name: files[i]!.name, size: files[i]!.size },
        at: now,
      }),
    );
    const names = files.map((file) => file.name);
    if (role === "admin") noticeDocumentsAdded(tx, transaction, names, now);
    else noticeClientUpload(tx, transaction, actor.id, names, now);
    return selectViews(tx).where(inArray(documents.id, ids)).orderBy(asc(documents.id)).all().map(viewOf);
  });
}

/**
 * The rows of stored files, inside the caller's database transaction, with no notice: an upload
 * (`addDocuments`) or the attachments of a reply by e-mail (app/models/message.server.ts, `messageId`).
 */
export function insertDocuments(
  tx: DbOrTx,
  to: {
    transactionId: number;
    milestoneId?: number | null;
    messageId?: number | null;
    uploadedBy: string | null;
    role: UploaderRole;
    /** Seen by admins only (a CDA). */
    adminOnly?: boolean;
    /** A sealed copy (a signed agreement, a CDA): never removed. */
    sealed?: boolean;
  },
  files: NewDocumentFile[],
  now: Date,
): number[] {
  return files.map(
    (file) =>
      tx
        .insert(documents)
        .values({
          transactionId: to.transactionId,
          milestoneId: to.milestoneId ?? null,
          messageId: to.messageId ?? null,
          name: file.name,
          contentType: file.contentType,
          size: file.size,
          sha256: file.sha256,
          storageKey: file.key,
          uploadedBy: to.uploadedBy,
          uploadedByRole: to.role,
          adminOnly: to.adminOnly ?? false,
          sealed: to.sealed ?? false,
          createdAt: now,
        })
        .returning({ id: documents.id })
        .get().id,
  );
}

/**
 * A document row the actor may see, and whether they see it as staff: staff of its transaction (an admin,
 * its agent or a collaborator) see every one, removed ones too; its client those not removed.
 */
function visibleDocument(db: Db, actor: Actor, id: number): { document: Document; staff: boolean } {
  const row = db.select().from(documents).where(eq(documents.id, id)).get();
  const transaction = row ? findTransaction(db, actor, row.transactionId) : undefined;
  if (!row || !transaction || (row.adminOnly && !actor.isAdmin)) throw new NotFoundError(NOT_FOUND);
  const staff = isStaffOn(db, actor, transaction);
  if (!staff && row.removedAt) throw new NotFoundError(NOT_FOUND);
  return { document: row, staff };
}

/** What the download needs (the storage key, the name and type), for someone who may read it. */
export function documentForDownload(db: Db, actor: Actor, id: number): Document {
  const { document } = visibleDocument(db, actor, id);
  // Every download, by anyone, client or staff, is in the audit.
  recordAudit(db, actor, {
    action: "document.view",
    subject: { type: "document", id },
    transactionId: document.transactionId,
    changes: { name: document.name },
  });
  return document;
}

/** Who may remove a document they see: staff of its transaction, or the client who uploaded it. */
export const mayRemoveDocument = (
  actor: Actor,
  d: { uploadedByRole: UploaderRole; uploadedBy: string | null },
  staff: boolean,
) => staff || (d.uploadedByRole === "client" && d.uploadedBy === actor.id);

/** Removes a document (kept, for staff to restore, until its retention ends). Removing twice is one removal. */
export function removeDocument(db: Db, actor: Actor, id: number, now = new Date()): void {
  const { document, staff } = visibleDocument(db, actor, id);
  if (!mayRemoveDocument(actor, document, staff)) {
    throw new ForbiddenError("You can remove only the documents you uploaded.");
  }
  if (document.sealed) {
    throw new ConflictError(
      "A sealed copy (a signed agreement, a CDA) is kept for the retention period: it cannot be removed.",
    );
  }
  if (document.removedAt) return;
  db.transaction((tx) => {
    tx.update(documents).set({ removedAt: now, removedBy: actor.id }).where(eq(documents.id, id)).run();
    // The file review: the document leaves its checklist items; an approved one reads "changed".
    documentRemoved(tx, id, now);
    recordAudit(tx, actor, {
      action: "document.remove",
      subject: { type: "document", id },
      transactionId: document.transactionId,
      changes: { name: document.name },
      at: now,
    });
  });
}

/** Brings a removed document back. Staff of its transaction. */
export function restoreDocument(db: Db, actor: Actor, id: number): void {
  assertStaff(actor);
  const { staff, document } = visibleDocument(db, actor, id);
  if (!staff) throw new ForbiddenError();
  db.transaction((tx) => {
    tx.update(documents).set({ removedAt: null, removedBy: null }).where(eq(documents.id, id)).run();
    recordAudit(tx, actor, {
      action: "document.restore",
      subject: { type: "document", id },
      transactionId: document.transactionId,
      changes: { name: document.name },
    });
  });
}

/** Files older than this with no row are left-overs (a crash between the write and the row). */
const ORPHAN_AGE_MS = 24 * 3600_000;

/**
 * The daily retention job: removed documents whose transaction closed more than RETENTION_YEARS ago lose
 * their row and file; files of the documents' folder that no row names (older than a day) are deleted.
 */
export async function purgeDocuments(db: Db, files: FileStore, now = new Date()) {
  let purged = 0;
  for (;;) {
    const keys = takePurgeableDocuments(db, now);
    for (const key of keys) await files.delete(key);
    purged += keys.length;
    if (keys.length === 0) break;
  }
  let orphans = 0;
  let batch: string[] = [];
  const sweep = async () => {
    for (const key of unknownDocumentKeys(db, batch)) {
      await files.delete(key);
      orphans += 1;
    }
    batch = [];
  };
  for await (const file of files.list(DOCUMENTS_FOLDER)) {
    if (now.getTime() - file.modifiedAt.getTime() < ORPHAN_AGE_MS) continue;
    batch.push(file.key);
    if (batch.length >= 500) await sweep();
  }
  await sweep();
  return { purged, orphans };
}

/**
 * Deletes the rows of removed documents whose transaction closed (completed or cancelled) more than
 * RETENTION_YEARS ago, at most `limit` at a time, and returns their keys for the caller to delete the
 * files (a file whose deletion fails is swept later: no row names it).
 */
export function takePurgeableDocuments(db: Db, now: Date, limit = 500): string[] {
  return db.transaction((tx) => {
    const rows = tx
      .select({ id: documents.id, key: documents.storageKey })
      .from(documents)
      .innerJoin(transactions, eq(transactions.id, documents.transactionId))
      .where(
        and(
          isNotNull(documents.removedAt),
          isNotNull(transactions.closedAt),
          lte(transactions.closedAt, purgeCutoff(now)),
        ),
      )
      .limit(limit)
      .all();
    if (rows.length) {
      tx.delete(documents)
        .where(
          inArray(
            documents.id,
            rows.map((r) => r.id),
          ),
        )
        .run();
    }
    return rows.map((r) => r.key);
  });
}

/** The keys among `keys` that no document names (the sweep of files left by a crash). */
function unknownDocumentKeys(db: Db, keys: string[]): string[] {
  if (keys.length === 0) return [];
  const known = new Set(
    db
      .select({ key: documents.storageKey })
      .from(documents)
      .where(sql`${documents.storageKey} IN (SELECT value FROM json_each(${JSON.stringify(keys)}))`)
      .all()
      .map((r) => r.key),
  );
  return keys.filter((key) => !known.has(key));
}

/** The JSON of a document (the API's shape). */
export function toDocumentJson(d: DocumentView) {
  return {
    id: d.id,
    name: d.name,
    size: d.size,
    contentType: d.contentType,
    milestoneId: d.milestoneId,
    uploadedBy: { name: d.uploadedBy.name, role: d.uploadedBy.role },
    createdAt: d.createdAt.toISOString(),
    url: documentUrl(d.id),
  };
}

export const documentUrl = (id: number) => `/documents/${id}`;

/** A document as a page lists it: the API's shape, when it was removed, and whether the viewer may remove it. */
export function toListedDocument(actor: Actor, d: DocumentView, staff: boolean) {
  return {
    ...toDocumentJson(d),
    removedAt: d.removedAt?.toISOString() ?? null,
    mayRemove:
      !d.removedAt &&
      !d.sealed &&
      mayRemoveDocument(actor, { uploadedByRole: d.uploadedBy.role, uploadedBy: d.uploadedBy.id }, staff),
  };
}
