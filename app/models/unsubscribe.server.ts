/**
 * Unsubscribing from lead nurturing: per e-mail address and final. An unsubscribed address gets no drip
 * e-mail again, from any campaign.
 */
import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { contactSubmissions, emailUnsubscribes, leadEngagement, leadEvents, type Engagement } from "~/db/schema";
import { readLinkToken } from "~/models/lead-links.server";

export function isUnsubscribed(db: DbOrTx, email: string): boolean {
  return Boolean(
    db
      .select({ email: emailUnsubscribes.email })
      .from(emailUnsubscribes)
      .where(eq(emailUnsubscribes.email, email.toLowerCase()))
      .get(),
  );
}

/** The engagement a signed unsubscribe token names, or null for a tampered or unknown one. */
export function engagementForUnsubscribe(db: Db, token: string): Engagement | null {
  const payload = readLinkToken("unsubscribe", token) as { e?: unknown } | null;
  if (!payload || typeof payload.e !== "number") return null;
  return db.select().from(leadEngagement).where(eq(leadEngagement.id, payload.e)).get() ?? null;
}

/**
 * One-click unsubscribe: the address gets no drip e-mail again, from any
 * campaign. Repeating it changes nothing. Null for a tampered or unknown token.
 */
export function unsubscribe(db: Db, token: string, now: Date): { email: string; already: boolean } | null {
  const engagement = engagementForUnsubscribe(db, token);
  if (!engagement) return null;
  return db.transaction((tx) => {
    const email = (
      engagement.email ??
      tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, engagement.contactSubmissionId)).get()!.email
    ).toLowerCase();
    const already = isUnsubscribed(tx, email);
    if (!already) {
      tx.insert(emailUnsubscribes)
        .values({ email, engagementId: engagement.id, createdAt: now })
        .onConflictDoNothing()
        .run();
      tx.insert(leadEvents)
        .values({
          contactSubmissionId: engagement.contactSubmissionId,
          engagementId: engagement.id,
          type: "unsubscribed",
          createdAt: now,
        })
        .run();
    }
    tx.update(leadEngagement)
      .set({ status: "unsubscribed", nextEmailDue: null, updatedAt: now })
      .where(and(eq(leadEngagement.email, email)))
      .run();
    tx.update(leadEngagement)
      .set({ status: "unsubscribed", nextEmailDue: null, updatedAt: now })
      .where(eq(leadEngagement.id, engagement.id))
      .run();
    return { email, already };
  });
}
