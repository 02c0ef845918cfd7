/**
 * A file review's item met by an upload of its own (the File tab's "Upload a document for this item"; docs/file-
 * review.md): kept apart from file-review.server.ts, which the documents' model reads, so neither imports the other.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { checklistItems } from "~/db/schema";
import { NotFoundError } from "~/lib/errors";
import type { Actor } from "~/models/actor.server";
import { uploadDocuments } from "~/models/document.server";
import { checklistEvent } from "~/models/file-review.server";
import type { ReceiveUpload } from "~/models/files.server";
import { findTransaction, isStaffOn } from "~/models/permissions.server";

/**
 * "Upload a document for this item" (the File tab): the files uploaded as documents of the transaction (the
 * documents' rules: app/models/document.server.ts), then attached to the item, as "attach" would. Staff on the
 * transaction; an item of another transaction is not found.
 */
export async function uploadForItem(
  db: Db,
  actor: Actor,
  transactionId: number,
  itemId: number,
  receive: ReceiveUpload,
  now = new Date(),
) {
  const item = db.select().from(checklistItems).where(eq(checklistItems.id, itemId)).get();
  if (!item || item.transactionId !== transactionId) throw new NotFoundError("Item not found");
  // Staff on the transaction (its client and anyone else: not found), before a byte is read.
  const t = findTransaction(db, actor, transactionId);
  if (!t || !isStaffOn(db, actor, t)) throw new NotFoundError("Item not found");
  const added = await uploadDocuments(db, actor, transactionId, receive);
  for (const doc of added)
    checklistEvent(db, actor, itemId, { type: "attach", documentId: doc.id }, now, transactionId);
  return { item: item.name, documents: added.map((d) => d.name) };
}
