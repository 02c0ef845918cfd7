/**
 * Staff's lists of agreements to act on (the dashboard, /admin/agreements): those waiting for their signature, and
 * the listing agreements still to be signed or ending soon.
 */
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { agreements, agreementSigners } from "~/db/schema";
import { agreementState } from "~/lib/agreement-rules";
import { todayIn } from "~/lib/plain-date";
import { DAY_MS } from "~/lib/time";
import { type Actor } from "~/models/actor.server";
import { signersOf, signingPath } from "~/models/agreement-access.server";
import { mayPerform } from "~/models/broker-duties.server";
import { tabPath } from "~/lib/workspace-tabs";

/**
 * The dashboard's listing agreements to act on: not signed yet (a draft, or sent and waiting), or signed and
 * ending within 30 days; soonest end first, at most 20. An agent sees those they countersign.
 */
export function listingAgreementWarnings(db: Db, actor: Actor, now = new Date()) {
  const today = todayIn(now);
  const soon = todayIn(new Date(now.getTime() + 30 * DAY_MS));
  return db
    .select({
      id: agreements.id,
      title: agreements.title,
      status: agreements.status,
      endsOn: agreements.endsOn,
      transactionId: agreements.transactionId,
    })
    .from(agreements)
    .where(
      and(
        eq(agreements.kind, "listing"),
        or(
          and(inArray(agreements.status, ["draft", "sent"]), gte(agreements.endsOn, today)),
          and(eq(agreements.status, "signed"), gte(agreements.endsOn, today), lte(agreements.endsOn, soon)),
        ),
        actor.isAdmin ? undefined : eq(agreements.agentId, actor.id),
      ),
    )
    .orderBy(asc(agreements.endsOn))
    .limit(20)
    .all()
    .map((r) => ({
      ...r,
      warning: r.status === "signed" ? ("ending" as const) : ("unsigned" as const),
      // Where it stands, in words: "Draft, not sent yet", "Waiting for Robin Lee", "Waiting for the broker".
      state: r.status === "signed" ? "Ends soon" : agreementState({ status: r.status, signers: signersOf(db, r.id) }),
      href: r.transactionId ? `${tabPath(r.transactionId, "agreements")}#agreements` : signingPath(r.id),
    }));
}

/**
 * "Waiting for your signature": every agreement, of any kind, whose next signer is this member of staff: its
 * agent, or the broker's seat (open, or taken by them) for the broker or the licensee they named to countersign, every client having signed. With who signed
 * already and since when (the last of them), longest waiting first, at most 50. Read by the index
 * (status, sent_at): the agreements out for signature are few among all.
 */
export function waitingForStaff(db: Db, actor: Actor, now = new Date()) {
  // The broker's open seat only for those who may sign it: the broker, or a licensee they named to countersign.
  const seat = actor.isAdmin && mayPerform(db, actor, "countersign", now);
  const rows = db
    .select({
      id: agreements.id,
      title: agreements.title,
      kind: agreements.kind,
      transactionId: agreements.transactionId,
      sentAt: agreements.sentAt,
      seatUserId: agreementSigners.userId,
      forBroker: agreementSigners.forBroker,
    })
    .from(agreements)
    .innerJoin(
      agreementSigners,
      and(
        eq(agreementSigners.agreementId, agreements.id),
        eq(agreementSigners.role, "agent"),
        isNull(agreementSigners.signedAt),
      ),
    )
    .where(
      and(
        eq(agreements.status, "sent"),
        or(
          eq(agreementSigners.userId, actor.id),
          seat ? and(eq(agreementSigners.forBroker, true), isNull(agreementSigners.userId)) : undefined,
        ),
        sql`NOT EXISTS (SELECT 1 FROM ${agreementSigners} c WHERE c.agreement_id = ${agreements.id} AND c.role <> 'agent' AND c.signed_at IS NULL)`,
      ),
    )
    .orderBy(asc(agreements.sentAt))
    .limit(50)
    .all();
  return rows.map((r) => {
    const signed = signersOf(db, r.id).filter((s) => s.signedAt);
    const since = signed.reduce<Date | null>((a, s) => (!a || s.signedAt! > a ? s.signedAt : a), null);
    return {
      id: r.id,
      title: r.title,
      kind: r.kind,
      forBroker: r.forBroker,
      signedBy: signed.map((s) => s.name || s.email),
      since,
      href: signingPath(r.id),
    };
  });
}
