/**
 * The broker's file review (docs/file-review.md; 10 CCR 2725): each transaction's checklist, made from
 * the version of its kind's checklist it started with (`transactions.checklist_id`, set by a trigger at its
 * creation, migration 0027) the first time the file is read; its items met by documents (uploaded, or an agreement's
 * signed copy attached by itself), marked ready by staff on the transaction, approved or returned by an admin. Every
 * review keeps who, when and the SHA-256 of each document it covered; removing or adding a document of an approved
 * item makes it "changed" and it waits again. A client sees none of it (404).
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { env } from "~/config/env.server";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  checklistItemDocuments,
  checklistItems,
  checklistReviews,
  checklists,
  documents,
  transactions,
  users,
  type Checklist,
  type ChecklistItem,
  type ChecklistItemSpec,
  type ChecklistReview,
  type Transaction,
} from "~/db/schema";
import type { ChecklistItemState, TransactionType } from "~/domain/enums";
import { ConflictError, ForbiddenError, NotFoundError } from "~/lib/errors";
import type { ChecklistEvent, FileItem } from "~/lib/checklist-schema";
import { STEPS_OF } from "~/lib/checklist-schema";
import { fullName } from "~/lib/format";
import { homeTitle } from "~/lib/home-name";
import { CONDITION_WORDS, isRequiredFor } from "~/lib/checklist-rules";
import { type Actor } from "~/models/actor.server";
import { assertDuty } from "~/models/broker-duties.server";
import { recordAudit } from "~/models/audit-log.server";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { staffRecipients } from "~/models/staff-recipients.server";
import { tabPath } from "~/lib/workspace-tabs";
import { assertAdmin, findTransaction, isStaffOn } from "~/models/permissions.server";

// ---------------------------------------------------------------------------------------------------------------
// The checklists (versions)

/** The newest version of a kind's checklist. */
export function latestChecklist(db: DbOrTx, kind: TransactionType): Checklist {
  const row = db
    .select()
    .from(checklists)
    .where(eq(checklists.kind, kind))
    .orderBy(desc(checklists.version))
    .limit(1)
    .get();
  if (!row) throw new NotFoundError("No checklist");
  return row;
}

export const toChecklistJson = (c: Checklist) => ({
  kind: c.kind,
  version: c.version,
  createdAt: c.createdAt.toISOString(),
  items: c.items.map((item) => ({ ...item, dueByTitle: STEPS_OF[c.kind][item.dueBy - 1]?.title ?? null })),
});

/** Both kinds' current checklists (admins). */
export function currentChecklists(db: Db, actor: Actor) {
  assertAdmin(actor);
  return { selling: latestChecklist(db, "selling"), buying: latestChecklist(db, "buying") };
}

/**
 * Saves a new version of a kind's checklist (admins): files opened from now on use it; an open file keeps its own.
 * The same items as the current version save nothing.
 */
export function saveChecklist(
  db: Db,
  actor: Actor,
  kind: TransactionType,
  items: ChecklistItemSpec[],
  now = new Date(),
) {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const current = latestChecklist(tx, kind);
    if (JSON.stringify(current.items) === JSON.stringify(items)) return current;
    const row = tx
      .insert(checklists)
      .values({ kind, version: current.version + 1, items, createdBy: actor.id, createdAt: now })
      .returning()
      .get();
    recordAudit(tx, actor, {
      action: "checklist.save",
      subject: { type: "checklist", id: row.id },
      changes: { kind, version: row.version, items: items.map((i) => i.name) },
      at: now,
    });
    return row;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// A transaction's items

/** A transaction staff work on (an admin, its agent or a collaborator); anyone else: not found. */
function fileOf(db: DbOrTx, actor: Actor, transactionId: number): Transaction {
  const row = findTransaction(db, actor, transactionId);
  if (!row || !isStaffOn(db, actor, row)) throw new NotFoundError("Transaction not found");
  return row;
}

/**
 * The transaction's items, in order: made when it was opened, or when its kind changed, from its checklist version
 * (app/models/transaction-setup.server.ts); reading never makes them.
 */
export function ensureItems(tx: DbOrTx, t: Pick<Transaction, "id">): ChecklistItem[] {
  return tx
    .select()
    .from(checklistItems)
    .where(eq(checklistItems.transactionId, t.id))
    .orderBy(asc(checklistItems.position))
    .all();
}

/**
 * Items as this home requires them: an item required only when a fact of the home holds (the lead-paint disclosure
 * of a home built before 1978: app/lib/checklist-rules.ts) is required or not by the transaction's facts now.
 */
export function forHome<T extends Pick<ChecklistItem, "required" | "requiredWhen">>(
  items: T[],
  t: Pick<Transaction, "yearBuilt">,
): T[] {
  return items.map((i) => (i.requiredWhen ? { ...i, required: isRequiredFor(i, { yearBuilt: t.yearBuilt }) } : i));
}

/** Items of a transaction, as its home requires them. */
const itemsOf = (db: Db, t: Transaction) => forHome(ensureItems(db, t), t);

type ItemDocument = { id: number; name: string; sha256: string };

function documentsOfItems(db: DbOrTx, itemIds: number[]): Map<number, ItemDocument[]> {
  const map = new Map<number, ItemDocument[]>();
  if (itemIds.length === 0) return map;
  const rows = db
    .select({
      itemId: checklistItemDocuments.itemId,
      id: documents.id,
      name: documents.name,
      sha256: documents.sha256,
    })
    .from(checklistItemDocuments)
    .innerJoin(documents, eq(documents.id, checklistItemDocuments.documentId))
    // `+removed_at`: not an index term, so SQLite starts from the items (20 rows) and never from
    // documents_removed_idx (every document not removed: 350 ms at 200,000, scripts/bench-file-review.ts).
    .where(and(inArray(checklistItemDocuments.itemId, itemIds), sql`+${documents.removedAt} IS NULL`))
    .orderBy(asc(checklistItemDocuments.itemId), asc(checklistItemDocuments.documentId))
    .all();
  for (const { itemId, ...doc } of rows) map.set(itemId, [...(map.get(itemId) ?? []), doc]);
  return map;
}

function lastReviews(db: DbOrTx, itemIds: number[]): Map<number, ChecklistReview> {
  const map = new Map<number, ChecklistReview>();
  if (itemIds.length === 0) return map;
  const rows = db
    .select()
    .from(checklistReviews)
    .where(inArray(checklistReviews.itemId, itemIds))
    .orderBy(asc(checklistReviews.itemId), asc(checklistReviews.id))
    .all();
  for (const row of rows) map.set(row.itemId, row);
  return map;
}

/** Whether every required item is approved. */
export const isComplete = (items: Array<Pick<ChecklistItem, "required" | "state">>) =>
  items.every((i) => !i.required || i.state === "approved");

/** What a file lacks, counted: required items missing, items returned, items waiting (or changed). */
export function fileState(items: Array<Pick<ChecklistItem, "required" | "state">>) {
  return {
    complete: isComplete(items),
    missing: items.filter((i) => i.required && i.state === "missing").length,
    returned: items.filter((i) => i.state === "returned").length,
    waiting: items.filter((i) => i.state === "waiting" || i.state === "changed").length,
  };
}

/** The file's state in words: "Complete", or "2 missing, 1 returned, 3 waiting". */
export function fileStateWords(state: ReturnType<typeof fileState>): string {
  if (state.complete && state.waiting === 0 && state.returned === 0) return "Complete";
  const parts = [
    state.missing ? `${state.missing} missing` : null,
    state.returned ? `${state.returned} returned` : null,
    state.waiting ? `${state.waiting} waiting` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "Complete";
}

function toFileItems(db: DbOrTx, kind: TransactionType, items: ChecklistItem[]): FileItem[] {
  const ids = items.map((i) => i.id);
  const docs = documentsOfItems(db, ids);
  const reviews = lastReviews(db, ids);
  return items.map((item) => {
    const review = reviews.get(item.id);
    return {
      id: item.id,
      name: item.name,
      required: item.required,
      condition: item.requiredWhen ? CONDITION_WORDS[item.requiredWhen] : null,
      dueBy: item.dueBy,
      dueByTitle: STEPS_OF[kind][item.dueBy - 1]?.title ?? null,
      state: item.state,
      waitingSince: item.waitingSince?.toISOString() ?? null,
      documents: (docs.get(item.id) ?? []).map(({ id, name }) => ({ id, name })),
      review: review
        ? {
            by: review.reviewerName,
            at: review.at.toISOString(),
            decision: review.decision,
            comment: review.comment,
            sha256: review.documents.map((d) => d.sha256),
          }
        : null,
    };
  });
}

/**
 * `GET /api/transactions/{id}/checklist` and the File tab: the items with their documents and last review, and
 * whether the file is complete. Staff on the transaction; anyone else (its client too) 404.
 */
export function getChecklist(db: Db, actor: Actor, transactionId: number) {
  const t = fileOf(db, actor, transactionId);
  const items = itemsOf(db, t);
  return { transaction: t, items: toFileItems(db, t.type, items), ...fileState(items) };
}

/** The file's state for the workspace: the counts and the items returned, with the broker's comment. */
export function fileSummary(db: Db, actor: Actor, transactionId: number) {
  const t = fileOf(db, actor, transactionId);
  const items = itemsOf(db, t);
  const returned = items.filter((i) => i.state === "returned");
  const reviews = lastReviews(
    db,
    returned.map((i) => i.id),
  );
  const state = fileState(items);
  return {
    ...state,
    words: fileStateWords(state),
    returned: returned.map((i) => ({ id: i.id, name: i.name, comment: reviews.get(i.id)?.comment ?? null })),
  };
}

/**
 * The required items that keep a file from closing (missing, returned, waiting or changed), by name; with `upToStep`,
 * only those due by that milestone (what a CDA's approval needs: the file complete up to the accepted offer).
 */
export function openRequiredItems(
  tx: DbOrTx,
  t: Pick<Transaction, "id" | "type" | "checklistId" | "yearBuilt">,
  upToStep?: number,
): string[] {
  return forHome(ensureItems(tx, t), t)
    .filter((i) => i.required && i.state !== "approved" && (upToStep === undefined || i.dueBy <= upToStep))
    .map((i) => i.name);
}

/** Documents of the transaction the item may be met by (not removed), newest first: the File tab's choice. */
export function attachableDocuments(db: Db, actor: Actor, transactionId: number) {
  fileOf(db, actor, transactionId);
  return db
    .select({ id: documents.id, name: documents.name })
    .from(documents)
    .where(and(eq(documents.transactionId, transactionId), isNull(documents.removedAt), eq(documents.adminOnly, false)))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .all();
}

// ---------------------------------------------------------------------------------------------------------------
// Events

function attachedCount(tx: DbOrTx, itemId: number): number {
  return documentsOfItems(tx, [itemId]).get(itemId)?.length ?? 0;
}

function setState(tx: DbOrTx, itemId: number, state: ChecklistItemState, now: Date, waitingFrom?: Date | null) {
  tx.update(checklistItems)
    .set({
      state,
      waitingSince: state === "waiting" || state === "changed" ? (waitingFrom ?? now) : null,
      updatedAt: now,
    })
    .where(eq(checklistItems.id, itemId))
    .run();
}

/** An approved item whose documents changed waits for review again. */
function documentsChanged(tx: DbOrTx, item: ChecklistItem, now: Date) {
  if (item.state === "approved") setState(tx, item.id, "changed", now);
  else if (item.state === "waiting" && attachedCount(tx, item.id) === 0) setState(tx, item.id, "missing", now);
}

function attach(tx: DbOrTx, item: ChecklistItem, documentId: number, by: string | null, now: Date): boolean {
  const added = tx
    .insert(checklistItemDocuments)
    .values({ itemId: item.id, documentId, attachedBy: by, attachedAt: now })
    .onConflictDoNothing()
    .returning()
    .get();
  if (added) documentsChanged(tx, item, now);
  return Boolean(added);
}

/**
 * `POST /api/checklist-items/{id}/events`: staff on the transaction attach or detach one of its documents and mark
 * the item ready; an admin approves it (with at least one document) or returns it with a comment (the agents are
 * e-mailed). Returns the item as the API gives it.
 */
export function checklistEvent(
  db: Db,
  actor: Actor,
  itemId: number,
  event: ChecklistEvent,
  now = new Date(),
  /** A page's own transaction: an item of another is not found there. */
  transactionId?: number,
) {
  return db.transaction((tx) => {
    const item = tx.select().from(checklistItems).where(eq(checklistItems.id, itemId)).get();
    if (!item || (transactionId !== undefined && item.transactionId !== transactionId)) {
      throw new NotFoundError("Item not found");
    }
    const t = fileOf(tx, actor, item.transactionId);
    const audit = (action: string, changes: Record<string, unknown>) =>
      recordAudit(tx, actor, {
        action,
        subject: { type: "checklist_item", id: item.id },
        transactionId: t.id,
        changes: { item: item.name, ...changes },
        at: now,
      });
    switch (event.type) {
      case "attach":
      case "detach": {
        const doc = tx
          .select()
          .from(documents)
          .where(
            and(
              eq(documents.id, event.documentId!),
              eq(documents.transactionId, t.id),
              isNull(documents.removedAt),
              eq(documents.adminOnly, false),
            ),
          )
          .get();
        if (!doc) throw new NotFoundError("Document not found");
        if (event.type === "attach") {
          if (attach(tx, item, doc.id, actor.id, now)) audit("checklist.attach", { document: doc.name });
        } else {
          const removed = tx
            .delete(checklistItemDocuments)
            .where(and(eq(checklistItemDocuments.itemId, item.id), eq(checklistItemDocuments.documentId, doc.id)))
            .returning()
            .get();
          if (removed) {
            documentsChanged(tx, item, now);
            audit("checklist.detach", { document: doc.name });
          }
        }
        break;
      }
      case "ready": {
        if (item.state === "approved") throw new ConflictError(`${item.name} is already approved`);
        if (item.state === "waiting" || item.state === "changed") break;
        if (attachedCount(tx, item.id) === 0) {
          throw new ConflictError(`Attach a document to ${item.name} before marking it ready`);
        }
        setState(tx, item.id, "waiting", now);
        audit("checklist.ready", {});
        break;
      }
      case "approve":
      case "return": {
        if (!actor.isAdmin) throw new ForbiddenError("Only the broker reviews a file");
        assertDuty(tx, actor, "approveFiles", now);
        const docs = documentsOfItems(tx, [item.id]).get(item.id) ?? [];
        if (event.type === "approve" && docs.length === 0) {
          throw new ConflictError(`${item.name} has no document to approve`);
        }
        if (event.type === "approve" && item.state === "approved") break;
        const reviewer = tx.select().from(users).where(eq(users.id, actor.id)).get();
        tx.insert(checklistReviews)
          .values({
            itemId: item.id,
            transactionId: t.id,
            decision: event.type,
            comment: event.comment ?? null,
            reviewerId: actor.id,
            reviewerName: (reviewer && fullName(reviewer)) || reviewer?.email || "Broker",
            documents: docs,
            at: now,
          })
          .run();
        setState(tx, item.id, event.type === "approve" ? "approved" : "returned", now);
        audit(event.type === "approve" ? "checklist.approve" : "checklist.return", {
          comment: event.comment ?? null,
          sha256: docs.map((d) => d.sha256),
        });
        if (event.type === "return") mailReturn(tx, t, item.name, event.comment!, now);
        break;
      }
    }
    const fresh = tx.select().from(checklistItems).where(eq(checklistItems.id, item.id)).get()!;
    return toFileItems(tx, t.type, [fresh])[0]!;
  });
}

function mailReturn(tx: DbOrTx, t: Transaction, itemName: string, comment: string, now: Date) {
  const url = `${env().mail.appUrl}${tabPath(t.id, "documents")}#file-review`;
  for (const to of staffRecipients(tx, t)) {
    queuePlainEmail(
      tx,
      {
        kind: "staff_notice",
        to,
        subject: `Returned by the broker: ${itemName} (${homeTitle(t)})`,
        lines: [
          `The broker returned "${itemName}" of ${homeTitle(t)}'s file:`,
          comment,
          "Fix it, attach the right document and mark the item ready for review again.",
        ],
        action: { label: "Open the file", url },
        transactionId: t.id,
      },
      now,
    );
  }
}

/**
 * A signed agreement's copy meets the items of its kind (a listing agreement, a buyer agreement) by itself, in the
 * database transaction that stores it (app/models/agreement-seal.server.ts).
 */
export function attachSignedAgreement(
  tx: DbOrTx,
  transactionId: number,
  agreementKind: string,
  documentId: number,
  now: Date,
) {
  const t = tx.select().from(transactions).where(eq(transactions.id, transactionId)).get();
  if (!t) return;
  for (const item of ensureItems(tx, t).filter((i) => i.agreementKind === agreementKind)) {
    if (attach(tx, item, documentId, null, now)) {
      recordAudit(tx, null, {
        action: "checklist.attach",
        subject: { type: "checklist_item", id: item.id },
        transactionId,
        changes: { item: item.name, documentId },
        at: now,
      });
    }
  }
}

/** A removed document leaves its items: an approved one reads "changed" (app/models/document.server.ts). */
export function documentRemoved(tx: DbOrTx, documentId: number, now: Date) {
  const links = tx
    .delete(checklistItemDocuments)
    .where(eq(checklistItemDocuments.documentId, documentId))
    .returning({ itemId: checklistItemDocuments.itemId })
    .all();
  for (const { itemId } of links) {
    const item = tx.select().from(checklistItems).where(eq(checklistItems.id, itemId)).get();
    if (item) documentsChanged(tx, item, now);
  }
}
