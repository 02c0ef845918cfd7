/**
 * A client's closed transactions: a completed or cancelled purchase or sale stays theirs to read in the
 * portal (the milestones, the documents with the signed agreements and the settlement statement first, the
 * messages), never to change. Only their own: anyone else's, and an active one, is "not found" here (staff read
 * every file on its admin page).
 */
import { and, desc, eq, ne, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { transactions, users, type Transaction } from "~/db/schema";
import { NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { todayIn, type PlainDate } from "~/lib/plain-date";
import type { Actor } from "~/models/actor.server";

/** How many closed transactions the portal lists (a client has a handful; the newest first). */
export const CLOSED_SHOWN = 20;

export type ClosedTransaction = {
  id: number;
  type: Transaction["type"];
  status: Exclude<Transaction["status"], "active">;
  /** The home, or the area searched when a purchase closed before a home was chosen. */
  address: string;
  /** The close of escrow as the contract has it, else the San Diego day it was marked closed. */
  closedOn: PlainDate | null;
  closingPriceCents: number | null;
  agentName: string | null;
};

/** The actor's own completed and cancelled transactions, the newest closed first (by the index on user_id). */
export const closedTransactions = (db: Db, actor: Actor): ClosedTransaction[] =>
  closedRows(db, and(eq(transactions.userId, actor.id), ne(transactions.status, "active")), CLOSED_SHOWN);

/** The ids of all the actor's own closed transactions (by the index on user_id): what the portal no longer shows. */
export const closedTransactionIds = (db: Db, actor: Actor): Set<number> =>
  new Set(
    db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.userId, actor.id), ne(transactions.status, "active")))
      .all()
      .map((r) => r.id),
  );

/** One of the actor's own closed transactions, else NotFoundError (another's, an active one, a missing one). */
export function closedTransaction(db: Db, actor: Actor, id: number): ClosedTransaction {
  const [found] = closedRows(
    db,
    and(eq(transactions.id, id), eq(transactions.userId, actor.id), ne(transactions.status, "active")),
    1,
  );
  if (!found) throw new NotFoundError("Transaction not found");
  return found;
}

const closedRows = (db: Db, where: SQL | undefined, limit: number): ClosedTransaction[] =>
  db
    .select({
      id: transactions.id,
      type: transactions.type,
      status: transactions.status,
      propertyAddress: transactions.propertyAddress,
      searchArea: transactions.searchArea,
      closingOn: transactions.closingOn,
      closedAt: transactions.closedAt,
      closingPriceCents: transactions.closingPriceCents,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(transactions)
    .leftJoin(users, eq(users.id, transactions.assignedAgentId))
    .where(where)
    .orderBy(desc(transactions.closedAt), desc(transactions.id))
    .limit(limit)
    .all()
    .map((row) => ({
      id: row.id,
      type: row.type,
      status: row.status as ClosedTransaction["status"],
      address: row.propertyAddress ?? row.searchArea ?? "Your home search",
      // The contract's close of escrow for a completed one, else the San Diego day it was marked closed.
      closedOn: (row.status === "completed" ? row.closingOn : null) ?? (row.closedAt ? todayIn(row.closedAt) : null),
      closingPriceCents: row.status === "completed" ? row.closingPriceCents : null,
      agentName: fullName(row) || null,
    }));
