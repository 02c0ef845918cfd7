/**
 * Staff's lists of agreements to act on (the dashboard).
 */
import { and, asc, eq, gte, inArray, lte, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { agreements } from "~/db/schema";
import { todayIn } from "~/lib/plain-date";
import { DAY_MS } from "~/lib/time";
import { type Actor } from "~/models/actor.server";
import { signingPath } from "~/models/agreement-access.server";

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
      href: r.transactionId ? `/admin/transactions/${r.transactionId}#agreements` : signingPath(r.id),
    }));
}
