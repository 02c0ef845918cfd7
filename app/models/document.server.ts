/**
 * The documents of a transaction (the rows; their files are the file storage's: app/infra/documents.server.ts
 * stores and deletes them). Who may do what:
 * - read and download: the transaction's client (not what was removed) and admins (removed ones too);
 * - upload: the same two (a client's upload says it came from the client);
 * - remove: an admin any document, a client only their own uploads; restore: admins.
 * Anyone else is told "not found", never "forbidden": a document's existence is private too.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { preparedQuery, type Db, type DbOrTx } from "~/db/client.server";
import { documents, transactionMilestones, transactions, users, type Document } from "~/db/schema";
import type { UploaderRole } from "~/domain/enums";
import { ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { purgeCutoff } from "~/lib/upload-rules";
import { assertAdmin, type Actor } from "~/models/actor.server";
import { noticeDocumentsAdded } from "~/models/client-notices.server";
import { noticeClientUpload } from "~/models/staff-notices.server";
import { getTransaction } from "~/models/transaction.server";
import { fullName } from "~/lib/format";

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
  uploaderId: documents.uploadedBy,
  role: documents.uploadedByRole,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

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
  getTransaction(db, actor, transactionId);
  const withRemoved = actor.isAdmin && options.includeRemoved === true;
  return newestQuery(withRemoved)(db).all({ transactionId, limit: -1 }).map(viewOf);
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
  options: { includeRemoved?: boolean; showAll?: boolean } = {},
) {
  getTransaction(db, actor, transactionId);
  const withRemoved = actor.isAdmin && options.includeRemoved === true;
  const limit = options.showAll ? -1 : DOCUMENTS_SHOWN;
  const list = newestQuery(withRemoved)(db)
    .all({ transactionId, limit })
    .map((row) => toListedDocument(actor, viewOf(row)));
  const total = list.length < DOCUMENTS_SHOWN ? list.length : countQuery(withRemoved)(db).get({ transactionId })!.count;
  const ofSteps = stepDocuments(db)
    .all({ transactionId })
    .map((row) => ({ ...row, milestoneId: row.milestoneId!, url: documentUrl(row.id) }));
  return { list, total, ofSteps };
}

/**
 * The prepared lists of a transaction (built and compiled once: every view of its page reads them), each
 * by the index (transaction_id, created_at): all documents or those not removed, newest first, at most
 * `limit` (-1: all); how many; the documents of its steps.
 */
const newestOf = (withRemoved: boolean) =>
  preparedQuery((db) =>
    selectViews(db)
      .where(
        withRemoved
          ? eq(documents.transactionId, sql.placeholder("transactionId"))
          : and(eq(documents.transactionId, sql.placeholder("transactionId")), isNull(documents.removedAt)),
      )
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(sql.placeholder("limit"))
      .prepare(),
  );
const newestAll = newestOf(true);
const newestKept = newestOf(false);
const newestQuery = (withRemoved: boolean) => (withRemoved ? newestAll : newestKept);

const countOf = (withRemoved: boolean) =>
  preparedQuery((db) =>
    db
      .select({ count: sql<number>`count(*)` })
      .from(documents)
      .where(
        withRemoved
          ? eq(documents.transactionId, sql.placeholder("transactionId"))
          : and(eq(documents.transactionId, sql.placeholder("transactionId")), isNull(documents.removedAt)),
      )
      .prepare(),
  );
const countAll = countOf(true);
const countKept = countOf(false);
const countQuery = (withRemoved: boolean) => (withRemoved ? countAll : countKept);

const stepDocuments = preparedQuery((db) =>
  db
    .select({ id: documents.id, name: documents.name, size: documents.size, milestoneId: documents.milestoneId })
    .from(documents)
    .where(
      and(
        eq(documents.transactionId, sql.placeholder("transactionId")),
        isNotNull(documents.milestoneId),
        isNull(documents.removedAt),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .prepare(),
);

/** Refuses (404) an actor who may not add documents to this transaction: checked before any byte is read. */
export function assertMayUpload(db: Db, actor: Actor, transactionId: number): void {
  getTransaction(db, actor, transactionId);
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
    const role: UploaderRole = actor.isAdmin ? "admin" : "client";
    const ids = insertDocuments(tx, { transactionId, milestoneId, uploadedBy: actor.id, role }, files, now);
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
          createdAt: now,
        })
        .returning({ id: documents.id })
        .get().id,
  );
}

/** A document row the actor may see: the client's own transaction and not removed, or an admin. */
function visibleDocument(db: Db, actor: Actor, id: number): Document {
  const row = db
    .select({ document: documents, owner: transactions.userId })
    .from(documents)
    .innerJoin(transactions, eq(transactions.id, documents.transactionId))
    .where(eq(documents.id, id))
    .get();
  if (!row) throw new NotFoundError(NOT_FOUND);
  if (actor.isAdmin) return row.document;
  if (row.owner !== actor.id || row.document.removedAt) throw new NotFoundError(NOT_FOUND);
  return row.document;
}

/** What the download needs (the storage key, the name and type), for someone who may read it. */
export function documentForDownload(db: Db, actor: Actor, id: number): Document {
  return visibleDocument(db, actor, id);
}

/** Who may remove a document they see: an admin, or the client who uploaded it. */
export const mayRemoveDocument = (actor: Actor, d: { uploadedByRole: UploaderRole; uploadedBy: string | null }) =>
  actor.isAdmin || (d.uploadedByRole === "client" && d.uploadedBy === actor.id);

/** Removes a document (kept, for admins to restore, until its retention ends). Removing twice is one removal. */
export function removeDocument(db: Db, actor: Actor, id: number, now = new Date()): void {
  const document = visibleDocument(db, actor, id);
  if (!mayRemoveDocument(actor, document)) {
    throw new ForbiddenError("You can remove only the documents you uploaded.");
  }
  if (document.removedAt) return;
  db.update(documents).set({ removedAt: now, removedBy: actor.id }).where(eq(documents.id, id)).run();
}

/** Brings a removed document back. Admins only. */
export function restoreDocument(db: Db, actor: Actor, id: number): void {
  assertAdmin(actor);
  const row = db.update(documents).set({ removedAt: null, removedBy: null }).where(eq(documents.id, id)).run();
  if (row.changes === 0) throw new NotFoundError(NOT_FOUND);
}

/**
 * The daily purge: deletes the rows of removed documents whose transaction closed (completed or
 * cancelled) more than RETENTION_YEARS ago, at most `limit` at a time, and returns their storage keys
 * for the caller to delete the files (a file whose deletion fails is swept later: no row names it).
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

/** The storage keys among `keys` that no document names (the sweep of files left by a crash). */
export function unknownDocumentKeys(db: Db, keys: string[]): string[] {
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
export function toListedDocument(actor: Actor, d: DocumentView) {
  return {
    ...toDocumentJson(d),
    removedAt: d.removedAt?.toISOString() ?? null,
    mayRemove:
      !d.removedAt && mayRemoveDocument(actor, { uploadedByRole: d.uploadedBy.role, uploadedBy: d.uploadedBy.id }),
  };
}
