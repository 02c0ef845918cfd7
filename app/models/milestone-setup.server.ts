/**
 * Setting up a transaction's milestones and moving them with the deal, inside the caller's database
 * transaction (no access check: the callers have theirs): the standard steps (Initialize Milestones, a new
 * transaction's "Set up the milestones now", an accepted offer on a transaction without them), and the
 * steps an accepted offer completes.
 */
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { transactionMilestones, transactions, type Transaction } from "~/db/schema";
import { ACCEPTANCE_STEP, MILESTONE_TEMPLATES } from "~/lib/milestone-templates";
import { currentStepOf } from "~/lib/progress";
import type { Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";

/**
 * The standard milestones of the transaction's type, inside the caller's database transaction, once:
 * returns how many were created (0 when it has milestones). Initialize Milestones, a new transaction
 * ("Set up the milestones now") and an accepted offer on a transaction without them.
 */
export function insertStandardMilestones(tx: DbOrTx, transaction: Pick<Transaction, "id" | "type">, now: Date) {
  const existing = tx
    .select({ id: transactionMilestones.id })
    .from(transactionMilestones)
    .where(eq(transactionMilestones.transactionId, transaction.id))
    .get();
  if (existing) return 0;
  const templates = MILESTONE_TEMPLATES[transaction.type];
  tx.insert(transactionMilestones)
    .values(
      templates.map((t, i) => ({
        transactionId: transaction.id,
        stepNumber: i + 1,
        title: t.title,
        description: t.description,
      })),
    )
    .run();
  tx.update(transactions).set({ currentStep: 1, updatedAt: now }).where(eq(transactions.id, transaction.id)).run();
  return templates.length;
}

/**
 * An accepted offer moves the tracker with the deal (app/models/offer-moves.server.ts): the milestones are
 * set up if there are none, and every step up to "Escrow opened" (app/lib/milestone-templates.ts
 * `ACCEPTANCE_STEP`) not yet completed is completed now; the current step follows. No milestone e-mail:
 * the acceptance's own e-mail tells the client. One audit event lists the steps.
 */
export function completeAcceptanceSteps(tx: DbOrTx, actor: Actor, transaction: Transaction, now: Date) {
  insertStandardMilestones(tx, transaction, now);
  const through = ACCEPTANCE_STEP[transaction.type];
  const rows = tx
    .select()
    .from(transactionMilestones)
    .where(eq(transactionMilestones.transactionId, transaction.id))
    .orderBy(asc(transactionMilestones.stepNumber))
    .all();
  const done = rows.filter((m) => m.stepNumber <= through && m.status !== "completed");
  for (const m of done) {
    tx.update(transactionMilestones)
      .set({ status: "completed", completedAt: now, updatedAt: now })
      .where(eq(transactionMilestones.id, m.id))
      .run();
  }
  const after = rows.map((m) => (m.stepNumber <= through ? { ...m, status: "completed" as const } : m));
  tx.update(transactions)
    .set({ currentStep: currentStepOf(after, transaction.type), updatedAt: now })
    .where(eq(transactions.id, transaction.id))
    .run();
  if (done.length) {
    recordAudit(tx, actor, {
      action: "milestone.complete",
      subject: { type: "transaction", id: transaction.id },
      transactionId: transaction.id,
      changes: { steps: done.map((m) => m.stepNumber), because: "an offer was accepted" },
      at: now,
    });
  }
}
