/**
 * The buyer representation agreement a purchase needs before an offer or a tour (Civil Code §1670.50): whether
 * one is in force, and the 409 with the link to sign it.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { agreements, type Transaction } from "~/db/schema";
import { inForce } from "~/lib/agreement-rules";
import { ConflictError } from "~/lib/errors";
import { todayIn } from "~/lib/plain-date";
import { signingPath } from "~/models/agreement-access.server";

/**
 * The buyer agreement a buying transaction's client has in force today, or null: "Make an offer" and tour
 * requests need one (409 otherwise, with the link to review and sign it).
 */
export function buyerAgreementInForce(db: DbOrTx, transaction: Pick<Transaction, "id" | "userId">, now = new Date()) {
  const today = todayIn(now);
  return (
    db
      .select()
      .from(agreements)
      .where(
        and(
          eq(agreements.clientId, transaction.userId),
          eq(agreements.kind, "buyer"),
          inArray(agreements.status, ["signed", "sealing"]),
        ),
      )
      .orderBy(desc(agreements.createdAt))
      .all()
      .find((a) => inForce(a, today)) ?? null
  );
}

/**
 * Where a buying client signs the agreement an offer needs (the newest one sent to them, else the portal's
 * Agreements), or null when one is in force or the transaction is a sale.
 */
export function buyerAgreementLink(
  db: DbOrTx,
  transaction: Pick<Transaction, "id" | "userId" | "type">,
  now = new Date(),
): string | null {
  if (transaction.type !== "buying" || buyerAgreementInForce(db, transaction, now)) return null;
  const pending = db
    .select({ id: agreements.id, endsOn: agreements.endsOn })
    .from(agreements)
    .where(
      and(eq(agreements.clientId, transaction.userId), eq(agreements.kind, "buyer"), eq(agreements.status, "sent")),
    )
    .orderBy(desc(agreements.createdAt))
    .get();
  return pending && (!pending.endsOn || pending.endsOn >= todayIn(now))
    ? signingPath(pending.id)
    : "/client-portal#agreements";
}

/** The 409 of a buyer with no agreement in force, with the link to review and sign it. */
export function assertBuyerAgreement(
  db: DbOrTx,
  transaction: Pick<Transaction, "id" | "userId" | "type">,
  now = new Date(),
) {
  const link = buyerAgreementLink(db, transaction, now);
  if (link) {
    throw new ConflictError(
      "Sign your buyer representation agreement first: California requires it before an offer or a tour",
      link,
    );
  }
}
