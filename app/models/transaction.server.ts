/**
 * Transactions and their milestones, read side: a client sees only their own;
 * admins see all. Another client's record is "not found" (no existence leak).
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { transactionMilestones, transactions, type Milestone, type Transaction, type User } from "~/db/schema";
import { NotFoundError } from "~/lib/errors";

type Actor = Pick<User, "id" | "isAdmin">;

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
    .get();
}

/** A transaction the actor may read (owner or admin), else NotFoundError. */
export function getTransaction(db: Db, actor: Actor, id: number): Transaction {
  const row = db.select().from(transactions).where(eq(transactions.id, id)).get();
  if (!row || (!actor.isAdmin && row.userId !== actor.id)) throw new NotFoundError("Transaction not found");
  return row;
}

/** The milestones of a transaction the actor may read, by step. */
export function listMilestones(db: Db, actor: Actor, transactionId: number): Milestone[] {
  getTransaction(db, actor, transactionId);
  return db
    .select()
    .from(transactionMilestones)
    .where(eq(transactionMilestones.transactionId, transactionId))
    .orderBy(asc(transactionMilestones.stepNumber))
    .all();
}

export function toTransactionJson(t: Transaction) {
  return {
    ...t,
    homeValue: t.homeValue === null ? null : String(t.homeValue),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export function toMilestoneJson(m: Milestone) {
  return {
    id: m.id,
    stepNumber: m.stepNumber,
    title: m.title,
    description: m.description,
    status: m.status,
    adminNotes: m.adminNotes,
    documentUrl: m.documentUrl,
    completedAt: m.completedAt ? m.completedAt.toISOString() : null,
  };
}
