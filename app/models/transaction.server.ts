/**
 * Transactions: a client reads only their own; an agent those assigned to them or shared with them as a
 * collaborator; admins all. Another's record is "not found" (no existence leak). Staff with access open
 * and edit them; admins assign them (app/models/team.server.ts).
 */
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { transactionCollaborators, transactions, users, type Transaction, type User } from "~/db/schema";
import type { NewTransaction } from "~/lib/admin-schemas";
import { apiWholeDollars, centsOf } from "~/lib/money";
import { tierFor } from "~/lib/pricing";
import { isAgentOnly, type Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import { convertLeadsOfClient } from "~/models/lead.server";
import { insertStandardMilestones } from "~/models/milestone-setup.server";
import { noticeTransactionOpened } from "~/models/client-notices.server";
import { findOrCreateClient } from "~/models/user.server";
import { setUpTransaction } from "~/models/transaction-setup.server";
import { assertStaff } from "~/models/permissions.server";

/** The actor's transactions (an agent's: assigned, collaborating or their own); every one for admins. */
export function listTransactions(db: Db, actor: Actor): Transaction[] {
  const query = db.select().from(transactions);
  const where = actor.isAdmin
    ? undefined
    : isAgentOnly(actor)
      ? or(
          eq(transactions.userId, actor.id),
          eq(transactions.assignedAgentId, actor.id),
          inArray(transactions.id, collaborationsOf(db, actor.id)),
        )
      : eq(transactions.userId, actor.id);
  return query.where(where).orderBy(asc(transactions.createdAt), asc(transactions.id)).all();
}

/** The transactions an agent collaborates on (by the index (user_id, transaction_id)). */
export const collaborationsOf = (db: DbOrTx, userId: string) =>
  db
    .select({ id: transactionCollaborators.transactionId })
    .from(transactionCollaborators)
    .where(eq(transactionCollaborators.userId, userId))
    .all()
    .map((r) => r.id);

/** A transaction's collaborators' ids, sorted (by the primary key (transaction_id, user_id)). */
export const collaboratorIds = (db: DbOrTx, transactionId: number) =>
  db
    .select({ id: transactionCollaborators.userId })
    .from(transactionCollaborators)
    .where(eq(transactionCollaborators.transactionId, transactionId))
    .all()
    .map((r) => r.id)
    .sort();

/**
 * The staff side of a transaction besides the admins: its agent and collaborators (active ones), for its
 * thread's e-mails and unread counts.
 */
export function agentsOf(db: DbOrTx, t: Pick<Transaction, "id" | "assignedAgentId">): User[] {
  const ids = [...new Set([t.assignedAgentId, ...collaboratorIds(db, t.id)].filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deactivatedAt)))
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

/**
 * Opens a transaction for a client by e-mail (created if they have not signed
 * in yet) and queues their welcome e-mail (unless `notify: false`). Opened from
 * a lead (`leadId`), the lead is converted and its drip e-mails stop, in the
 * same database transaction; so is every lead of the client's address, and the lead's agent and the
 * transaction's become one (lead.server.ts `convertLeadsOfClient`). Its creation is in the audit. Staff only.
 */
export function createTransaction(
  db: Db,
  actor: Actor,
  input: NewTransaction,
  options: { now?: Date; notify?: boolean } = {},
): Transaction {
  assertStaff(actor);
  const now = options.now ?? new Date();
  return db.transaction((tx) => {
    const client = findOrCreateClient(tx, input);
    const value = input.homeValue ? centsOf(Number(input.homeValue)) : null;
    const transaction = tx
      .insert(transactions)
      .values({
        userId: client.id,
        type: input.type,
        propertyAddress: input.propertyAddress ?? null,
        searchArea: input.searchArea ?? null,
        homeValueCents: value,
        tier: input.tier ?? (value ? tierFor(value).tier : null),
        // An agent's own transaction is theirs; an admin assigns it (or leaves it to the admins).
        assignedAgentId: isAgentOnly(actor) ? actor.id : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    // Its checklist's items and, for a sale, its listing page's row: made now, so reading a page never writes.
    setUpTransaction(tx, transaction.id);
    if (input.setUpMilestones) insertStandardMilestones(tx, transaction, now);
    const agentId = convertLeadsOfClient(
      tx,
      actor,
      { email: client.email, leadId: input.leadId, agentId: transaction.assignedAgentId },
      now,
    );
    const opened =
      agentId && agentId !== transaction.assignedAgentId
        ? tx
            .update(transactions)
            .set({ assignedAgentId: agentId })
            .where(eq(transactions.id, transaction.id))
            .returning()
            .get()!
        : transaction;
    recordAudit(tx, actor, {
      action: "transaction.create",
      subject: { type: "transaction", id: opened.id },
      transactionId: opened.id,
      changes: {
        type: { from: null, to: opened.type },
        propertyAddress: { from: null, to: opened.propertyAddress },
        homeValueCents: { from: null, to: opened.homeValueCents },
        assignedAgentId: { from: null, to: opened.assignedAgentId },
      },
      at: now,
    });
    if (options.notify !== false) noticeTransactionOpened(tx, opened, now);
    return opened;
  });
}

/** A transaction as the API gives it (homeValue: whole dollars as a string of digits) and a page shows it (homeValueCents). */
export function toTransactionJson(t: Transaction) {
  // The commission's terms are the brokerage's (the CDA's answer has them, admins only): never in what a client reads.
  const {
    referralBroker: _rb,
    referralLicense: _rl,
    referralBp: _rp,
    escrowEmail: _ee,
    escrowNumber: _en,
    sellerNames: _sn,
    buyerNames: _bn,
    ...shown
  } = t;
  return {
    ...shown,
    homeValue: t.homeValueCents === null ? null : apiWholeDollars(t.homeValueCents),
    closingPrice: t.closingPriceCents === null ? null : apiWholeDollars(t.closingPriceCents),
    closedAt: t.closedAt?.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
