/**
 * Transactions: a client reads only their own; admins read all and open and
 * edit them. Another client's record is "not found" (no existence leak).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { transactions, type Transaction } from "~/db/schema";
import type { EditTransaction, NewTransaction } from "~/lib/admin-schemas";
import { NotFoundError } from "~/lib/errors";
import { tierFor } from "~/lib/pricing";
import { assertAdmin, type Actor } from "~/models/actor.server";
import { convertLead } from "~/models/lead.server";
import { noticeTransactionOpened } from "~/models/client-notices.server";
import { findOrCreateClient } from "~/models/user.server";

/** The actor's transactions; every transaction for admins. */
export function listTransactions(db: Db, actor: Actor): Transaction[] {
  const query = db.select().from(transactions);
  return (actor.isAdmin ? query : query.where(eq(transactions.userId, actor.id)))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .all();
}

/** The portal's transaction: the actor's own first active one. */
export function firstActiveTransaction(db: Db, actor: Actor): Transaction | undefined {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, actor.id), eq(transactions.status, "active")))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .limit(1)
    .get();
}

/** A transaction the actor may read (owner or admin), else NotFoundError. */
export function getTransaction(db: DbOrTx, actor: Actor, id: number): Transaction {
  const row = findTransaction(db, actor, id);
  if (!row) throw new NotFoundError("Transaction not found");
  return row;
}

/**
 * A transaction the actor may read, or undefined: for a record hanging from a transaction (a deadline, a
 * document), whose "not found" must be the same whether the record is missing or another client's.
 */
export function findTransaction(db: DbOrTx, actor: Actor, id: number): Transaction | undefined {
  const row = db.select().from(transactions).where(eq(transactions.id, id)).get();
  return row && (actor.isAdmin || row.userId === actor.id) ? row : undefined;
}

/**
 * Opens a transaction for a client by e-mail (created if they have not signed
 * in yet) and queues their welcome e-mail (unless `notify: false`). Opened from
 * a lead (`leadId`), the lead is converted and its drip e-mails stop, in the
 * same database transaction. Admins only.
 */
export function createTransaction(
  db: Db,
  actor: Actor,
  input: NewTransaction,
  options: { now?: Date; notify?: boolean } = {},
): Transaction {
  assertAdmin(actor);
  const now = options.now ?? new Date();
  return db.transaction((tx) => {
    const client = findOrCreateClient(tx, input);
    const value = Number(input.homeValue);
    const transaction = tx
      .insert(transactions)
      .values({
        userId: client.id,
        type: input.type,
        propertyAddress: input.propertyAddress,
        homeValue: value,
        tier: input.tier ?? tierFor(value).tier,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    if (input.leadId) convertLead(tx, actor, input.leadId, now);
    if (options.notify !== false) noticeTransactionOpened(tx, transaction, now);
    return transaction;
  });
}

/**
 * Changes a transaction's address, value and status. Admins only. Its closing date (`closedAt`, where
 * the documents' retention starts) is set when it becomes completed or cancelled, and cleared when it
 * is active again.
 */
export function updateTransaction(
  db: Db,
  actor: Actor,
  id: number,
  input: EditTransaction,
  now = new Date(),
): Transaction {
  assertAdmin(actor);
  const closedAt =
    input.status === "active"
      ? null
      : sql`CASE WHEN ${transactions.status} = ${input.status} THEN ${transactions.closedAt} ELSE ${now.getTime()} END`;
  const row = db
    .update(transactions)
    .set({
      propertyAddress: input.propertyAddress,
      homeValue: Number(input.homeValue),
      status: input.status,
      closedAt,
      updatedAt: now,
    })
    .where(eq(transactions.id, id))
    .returning()
    .get();
  if (!row) throw new NotFoundError("Transaction not found");
  return row;
}

export function toTransactionJson(t: Transaction) {
  return {
    ...t,
    homeValue: t.homeValue === null ? null : String(t.homeValue),
    closedAt: t.closedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
