/**
 * The milestones of a transaction: read by its client or an admin; created
 * (the standard steps, once) and updated by admins. Each function takes the
 * transaction id and checks that the milestone and the type belong to it.
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { transactionMilestones, transactions, type Milestone } from "~/db/schema";
import type { MilestoneUpdate } from "~/lib/admin-schemas";
import type { TransactionType } from "~/domain/enums";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { currentStepOf } from "~/lib/progress";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { type Actor } from "~/models/actor.server";
import { noticeMilestoneChanged } from "~/models/client-notices.server";
import { insertStandardMilestones } from "~/models/milestone-setup.server";
import { assertStaff, findTransaction, getTransaction, getTransactionAsStaff } from "~/models/permissions.server";

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

/**
 * Creates the standard milestones of the transaction's type, once. Staff of the transaction.
 * A `type` given by the caller must be the transaction's (else InvalidInputError).
 * Returns how many were created: 0 when the transaction already has milestones.
 */
export function initializeMilestones(
  db: Db,
  actor: Actor,
  transactionId: number,
  options: { type?: TransactionType } = {},
): number {
  assertStaff(actor);
  return db.transaction((tx) => {
    const transaction = getTransactionAsStaff(tx, actor, transactionId);
    if (options.type && options.type !== transaction.type) {
      throw new InvalidInputError(`This is a ${transaction.type} transaction`, {
        type: ["Does not match the transaction"],
      });
    }
    return insertStandardMilestones(tx, transaction, new Date());
  });
}

/** Which milestone: by id, and (when the caller knows it) of which transaction. */
export type MilestoneRef = { milestoneId: number; transactionId?: number };

/**
 * Updates one milestone (staff of its transaction). A milestone of another transaction than
 * `ref.transactionId` is not found. A real change (status, notes or document)
 * queues the client's notice in the same transaction (unless `notify: false`). Completed sets the completion date to `now`
 * (kept if it already was completed); any other status clears it. Notes and the
 * document URL change only when given: a text replaces them, null clears them. The transaction's
 * currentStep then follows: the first milestone not completed.
 */
export function updateMilestone(
  db: Db,
  actor: Actor,
  ref: MilestoneRef,
  input: MilestoneUpdate,
  options: { now?: Date; notify?: boolean } = {},
): Milestone {
  assertStaff(actor);
  const now = options.now ?? new Date();
  return db.transaction((tx) => {
    const current = tx.select().from(transactionMilestones).where(eq(transactionMilestones.id, ref.milestoneId)).get();
    if (
      !current ||
      (ref.transactionId !== undefined && current.transactionId !== ref.transactionId) ||
      !findTransaction(tx, actor, current.transactionId)
    ) {
      throw new NotFoundError("Milestone not found");
    }
    getTransactionAsStaff(tx, actor, current.transactionId);
    const completedAt =
      input.status === "completed"
        ? current.status === "completed" && current.completedAt
          ? current.completedAt
          : now
        : null;
    const updated = tx
      .update(transactionMilestones)
      .set({
        status: input.status,
        completedAt,
        ...(input.adminNotes !== undefined ? { adminNotes: input.adminNotes } : {}),
        ...(input.documentUrl !== undefined ? { documentUrl: input.documentUrl } : {}),
        updatedAt: now,
      })
      .where(eq(transactionMilestones.id, current.id))
      .returning()
      .get();
    const transaction = tx.select().from(transactions).where(eq(transactions.id, current.transactionId)).get()!;
    const siblings = tx
      .select({ stepNumber: transactionMilestones.stepNumber, status: transactionMilestones.status })
      .from(transactionMilestones)
      .where(eq(transactionMilestones.transactionId, current.transactionId))
      .all();
    tx.update(transactions)
      .set({ currentStep: currentStepOf(siblings, transaction.type), updatedAt: now })
      .where(eq(transactions.id, transaction.id))
      .run();
    const changed =
      updated.status !== current.status ||
      updated.adminNotes !== current.adminNotes ||
      updated.documentUrl !== current.documentUrl;
    if (changed && options.notify !== false) noticeMilestoneChanged(tx, transaction, updated, now);
    const changes = changesOf(current as unknown as Record<string, unknown>, {
      status: updated.status,
      adminNotes: updated.adminNotes,
      documentUrl: updated.documentUrl,
    });
    if (changes) {
      recordAudit(tx, actor, {
        action: "milestone.update",
        subject: { type: "milestone", id: updated.id },
        transactionId: transaction.id,
        changes: { step: updated.stepNumber, ...changes },
        at: now,
      });
    }
    return updated;
  });
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
