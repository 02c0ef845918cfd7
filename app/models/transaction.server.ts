/**
 * Transactions and their milestones, read side: a client sees only their own;
 * admins see all. Another client's record is "not found" (no existence leak).
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { transactionMilestones, transactions, type Milestone, type Transaction, type User } from "~/db/schema";
import { ForbiddenError, NotFoundError } from "~/lib/errors";
import { MILESTONE_TEMPLATES } from "~/lib/milestone-templates";

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

/**
 * Creates the standard milestones of the transaction's type, once. Admins only.
 * Returns how many were created: 0 when the transaction already has milestones.
 */
export function initializeMilestones(db: Db, actor: Actor, transactionId: number): number {
  if (!actor.isAdmin) throw new ForbiddenError();
  return db.transaction((tx) => {
    const transaction = tx.select().from(transactions).where(eq(transactions.id, transactionId)).get();
    if (!transaction) throw new NotFoundError("Transaction not found");
    const existing = tx
      .select({ id: transactionMilestones.id })
      .from(transactionMilestones)
      .where(eq(transactionMilestones.transactionId, transactionId))
      .get();
    if (existing) return 0;
    const templates = MILESTONE_TEMPLATES[transaction.type];
    tx.insert(transactionMilestones)
      .values(templates.map((t, i) => ({ transactionId, stepNumber: i + 1, title: t.title, description: t.description })))
      .run();
    tx.update(transactions).set({ currentStep: 1, updatedAt: new Date() }).where(eq(transactions.id, transactionId)).run();
    return templates.length;
  });
}
