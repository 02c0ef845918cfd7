/**
 * Who may do what: each rule one named function, called by the models (docs/decisions/035-permissions.md), so a
 * route that forgot its guard still leaks nothing. Two answers, always the same:
 * - "not yours" is 404 (NotFoundError): a transaction, or what hangs from it, the actor may not read (another
 *   client's, an agent's who is not on it), answered as if it did not exist;
 * - "yours but not allowed" is 403 (ForbiddenError): the actor reads it but this act is not theirs (its client
 *   approving a CDA, its agent doing what only admins do, a client on a staff page).
 * Admins may do everything except the broker's own duties (app/models/broker-duties.server.ts `assertDuty`); an agent
 * is staff on the transactions assigned to them or shared with them; a client reads their own.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { transactionCollaborators, transactions, type Transaction, type User } from "~/db/schema";
import { ForbiddenError, NotFoundError } from "~/lib/errors";
import { isAgentOnly, isStaff, type Actor } from "~/models/actor.server";

/** Only admins pass; anyone else is a ForbiddenError (403). */
export function assertAdmin(actor: Pick<User, "isAdmin">): void {
  if (!actor.isAdmin) throw new ForbiddenError();
}

/** Only staff pass (admins and agents); a client is a ForbiddenError (403). */
export function assertStaff(actor: Pick<Actor, "isAdmin" | "isAgent">): void {
  if (!isStaff(actor)) throw new ForbiddenError();
}

/** Whether an agent may read a transaction as staff: it is assigned to them, or they collaborate on it. */
export function isAgentOf(db: DbOrTx, row: Pick<Transaction, "id" | "assignedAgentId">, agentId: string) {
  if (row.assignedAgentId === agentId) return true;
  return Boolean(
    db
      .select({ id: transactionCollaborators.userId })
      .from(transactionCollaborators)
      .where(and(eq(transactionCollaborators.transactionId, row.id), eq(transactionCollaborators.userId, agentId)))
      .get(),
  );
}

/**
 * A transaction the actor may read (an admin; its client; its agent or a collaborator), or undefined: for a record
 * hanging from a transaction (a deadline, a document), whose "not found" must be the same whether the record is
 * missing or another's.
 */
export function findTransaction(db: DbOrTx, actor: Actor, id: number): Transaction | undefined {
  const row = db.select().from(transactions).where(eq(transactions.id, id)).get();
  if (!row) return undefined;
  if (actor.isAdmin || row.userId === actor.id) return row;
  return isAgentOnly(actor) && isAgentOf(db, row, actor.id) ? row : undefined;
}

/** A transaction the actor may read; "not yours" (404) otherwise. */
export function getTransaction(db: DbOrTx, actor: Actor, id: number): Transaction {
  const row = findTransaction(db, actor, id);
  if (!row) throw new NotFoundError("Transaction not found");
  return row;
}

/** Whether the actor is staff on this transaction (an admin, or its agent or collaborator), not its client. */
export const isStaffOn = (db: DbOrTx, actor: Actor, row: Pick<Transaction, "id" | "assignedAgentId">) =>
  actor.isAdmin || (isAgentOnly(actor) && isAgentOf(db, row, actor.id));

/** A transaction the actor works on as staff: "not yours" (404) when they may not read it, 403 for its client. */
export function getTransactionAsStaff(db: DbOrTx, actor: Actor, id: number): Transaction {
  const row = getTransaction(db, actor, id);
  if (!isStaffOn(db, actor, row)) throw new ForbiddenError();
  return row;
}

/**
 * A transaction for what only admins do on it (its commission, its CDA): "not yours" (404) when the actor may not
 * read it; 403 for its client and its agent, who read it but may not do this.
 */
export function getTransactionAsAdmin(db: DbOrTx, actor: Actor, id: number): Transaction {
  const row = getTransaction(db, actor, id);
  assertAdmin(actor);
  return row;
}
