/**
 * What a transaction is given when it is opened, or when its kind changes: its checklist's items (from the checklist
 * version it started with: app/models/file-review.server.ts reads them, never makes them) and, for a sale, its
 * listing page's row (hidden until the rule of app/lib/listing-state.ts says otherwise). Written in the database
 * transaction that opens it, so reading a page never writes (docs/listings.md, docs/file-review.md).
 */
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { checklistItems, checklists, homeListings, transactions, type Transaction } from "~/db/schema";
import { listingSlug } from "~/lib/listing-slug";
import { zipOf } from "~/lib/neighbourhoods";

/** Makes the items of the transaction's checklist version (its kind's newest when it has none of its kind). */
export function makeChecklistItems(tx: DbOrTx, t: Pick<Transaction, "id" | "type" | "checklistId">) {
  const existing = tx
    .select({ id: checklistItems.id })
    .from(checklistItems)
    .where(eq(checklistItems.transactionId, t.id))
    .orderBy(asc(checklistItems.position))
    .limit(1)
    .get();
  if (existing) return;
  let checklist = t.checklistId
    ? tx.select().from(checklists).where(eq(checklists.id, t.checklistId)).get()
    : undefined;
  if (!checklist || checklist.kind !== t.type) {
    checklist = tx.select().from(checklists).where(eq(checklists.kind, t.type)).orderBy(desc(checklists.version)).get();
    if (!checklist) return;
    tx.update(transactions).set({ checklistId: checklist.id }).where(eq(transactions.id, t.id)).run();
  }
  checklist.items.forEach((item, position) =>
    tx
      .insert(checklistItems)
      .values({
        transactionId: t.id,
        position,
        name: item.name,
        required: item.required,
        dueBy: item.dueBy,
        agreementKind: item.agreementKind,
        requiredWhen: item.requiredWhen ?? null,
      })
      .onConflictDoNothing()
      .run(),
  );
}

/** A sale's listing page row, hidden (its slug from the address, made unique); a purchase has none. */
export function makeListingRow(tx: DbOrTx, t: Pick<Transaction, "id" | "type" | "propertyAddress" | "homeValueCents">) {
  if (t.type !== "selling") return;
  const found = tx
    .select({ id: homeListings.transactionId })
    .from(homeListings)
    .where(eq(homeListings.transactionId, t.id))
    .get();
  if (found) return;
  const base = listingSlug(t.propertyAddress ?? "", t.id);
  const taken = tx
    .select({ id: homeListings.transactionId })
    .from(homeListings)
    .where(eq(homeListings.slug, base))
    .get();
  tx.insert(homeListings)
    .values({
      transactionId: t.id,
      slug: taken ? `${base}-${t.id}` : base,
      zip: zipOf(t.propertyAddress),
      priceCents: t.homeValueCents,
    })
    .run();
}

/** Both, for a transaction just opened (or whose kind just changed). */
export function setUpTransaction(tx: DbOrTx, transactionId: number) {
  const t = tx.select().from(transactions).where(eq(transactions.id, transactionId)).get();
  if (!t) return;
  makeChecklistItems(tx, t);
  makeListingRow(tx, t);
}

/**
 * At start: a sale opened before its listing row was made when it opened (migration 0033) gets it now, once; reading
 * the workspace no longer makes it.
 */
export function backfillListingRows(db: DbOrTx): number {
  const missing = db
    .select({ id: transactions.id })
    .from(transactions)
    .leftJoin(homeListings, eq(homeListings.transactionId, transactions.id))
    .where(and(eq(transactions.type, "selling"), isNull(homeListings.transactionId)))
    .all();
  for (const { id } of missing) setUpTransaction(db, id);
  return missing.length;
}
