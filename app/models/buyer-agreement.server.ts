/**
 * The buyer representation agreement a purchase needs before an offer or a tour (Civil Code §1670.50): whether
 * one is in force, what is missing (the client's signature, or the countersignature), the 409 that says which,
 * and the countersigner reminded when a client is refused for want of it.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { agreements, agreementSigners, auditEvents, users, type Transaction } from "~/db/schema";
import { inForce, WAITING_FOR_BROKER } from "~/lib/agreement-rules";
import { ConflictError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { todayIn } from "~/lib/plain-date";
import { signingPath } from "~/models/agreement-access.server";
import { mailAgreementStaff } from "~/models/agreement-mail.server";
import { recordAudit } from "~/models/audit-log.server";

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
 * What a buying client still needs before an offer or a tour, or null (one in force, or a sale): their signature
 * on the newest agreement sent to them (its signing page; with none, the portal's Agreements), or, signed by every
 * client, the countersignature of their agent or the broker (`waiting`: they have nothing to sign).
 */
export type BuyerAgreementNeed =
  { kind: "sign"; link: string } | { kind: "countersign"; agreementId: number; link: string };

export function buyerAgreementNeed(
  db: DbOrTx,
  transaction: Pick<Transaction, "id" | "userId" | "type">,
  now = new Date(),
): BuyerAgreementNeed | null {
  if (transaction.type !== "buying" || buyerAgreementInForce(db, transaction, now)) return null;
  const today = todayIn(now);
  const pending = db
    .select({ id: agreements.id, endsOn: agreements.endsOn })
    .from(agreements)
    .where(
      and(eq(agreements.clientId, transaction.userId), eq(agreements.kind, "buyer"), eq(agreements.status, "sent")),
    )
    .orderBy(desc(agreements.createdAt))
    .get();
  if (!pending || (pending.endsOn && pending.endsOn < today))
    return { kind: "sign", link: "/client-portal#agreements" };
  const clientsSigned = db
    .select({ role: agreementSigners.role, signedAt: agreementSigners.signedAt })
    .from(agreementSigners)
    .where(eq(agreementSigners.agreementId, pending.id))
    .all()
    .every((s) => s.role === "agent" || s.signedAt !== null);
  return clientsSigned
    ? { kind: "countersign", agreementId: pending.id, link: signingPath(pending.id) }
    : { kind: "sign", link: signingPath(pending.id) };
}

/** A need as a page shows it (its kind and link). */
export const needView = (need: BuyerAgreementNeed | null) => (need ? { kind: need.kind, link: need.link } : null);

/**
 * The 409 of a buyer with no agreement in force: with the link to review and sign it; or, when they have signed
 * and it waits for the broker or their agent, saying so (the countersigner was e-mailed when they signed, and is
 * reminded by `nudgeCountersigner`).
 */
export function assertBuyerAgreement(
  db: DbOrTx,
  transaction: Pick<Transaction, "id" | "userId" | "type">,
  now = new Date(),
) {
  const need = buyerAgreementNeed(db, transaction, now);
  if (!need) return;
  if (need.kind === "countersign") throw new ConflictError(`${WAITING_FOR_BROKER}.`, need.link);
  throw new ConflictError(
    "Sign your buyer representation agreement first: California requires it before an offer or a tour",
    need.link,
  );
}

/** How often a client's refused request reminds the countersigner, at most. */
const NUDGE_EVERY_MS = 24 * 3600_000;

/**
 * A client asked for an offer or a tour while their signed agreement waits for its countersignature: the
 * countersigner (the agent, or every admin for the broker's seat) is reminded, at most once a day (the audit's
 * `agreement.nudge`). Its own write, made before the request is refused.
 */
export function nudgeCountersigner(
  db: Db,
  transaction: Pick<Transaction, "id" | "userId" | "type">,
  asked: string,
  now = new Date(),
) {
  const need = buyerAgreementNeed(db, transaction, now);
  if (need?.kind !== "countersign") return false;
  return db.transaction((tx) => {
    const last = tx
      .select({ at: auditEvents.at })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "agreement.nudge"),
          eq(auditEvents.subjectType, "agreement"),
          eq(auditEvents.subjectId, String(need.agreementId)),
        ),
      )
      .orderBy(desc(auditEvents.id))
      .limit(1)
      .get();
    if (last && now.getTime() - last.at.getTime() < NUDGE_EVERY_MS) return false;
    const agreement = tx.select().from(agreements).where(eq(agreements.id, need.agreementId)).get()!;
    const client = tx.select().from(users).where(eq(users.id, transaction.userId)).get();
    const who = (client && fullName(client)) || client?.email || "Your client";
    mailAgreementStaff(
      tx,
      agreement,
      `Waiting for your signature: ${agreement.title}`,
      [
        `${who} asked for ${asked}, which needs their buyer representation agreement in force.`,
        `They have signed "${agreement.title}"; it waits for the countersignature.`,
      ],
      now,
    );
    recordAudit(tx, null, {
      action: "agreement.nudge",
      subject: { type: "agreement", id: need.agreementId },
      transactionId: transaction.id,
      changes: { asked },
      at: now,
    });
    return true;
  });
}
