/** Tracked links in drip e-mails: a click raises the lead's score and is on its timeline. */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { leadEngagement, leadEvents } from "~/db/schema";
import { addScore, SCORE } from "~/lib/lead-score";
import { safeRedirect } from "~/lib/safe-redirect";
import { readLinkToken } from "~/models/lead-links.server";

/**
 * A tracked click: the same-site path to go to (never another host), and +5
 * to the lead's score (capped). Null for a tampered token or a target that is
 * not a path of this site.
 */
export function recordClick(db: Db, token: string, now: Date): string | null {
  const payload = readLinkToken("click", token) as { e?: unknown; p?: unknown } | null;
  if (!payload || typeof payload.e !== "number" || typeof payload.p !== "string") return null;
  const target = safeRedirect(payload.p, "");
  if (!target || target !== payload.p) return null;
  db.transaction((tx) => {
    const engagement = tx
      .select()
      .from(leadEngagement)
      .where(eq(leadEngagement.id, payload.e as number))
      .get();
    if (!engagement) return;
    tx.update(leadEngagement)
      .set({ score: addScore(engagement.score, SCORE.click), updatedAt: now })
      .where(eq(leadEngagement.id, engagement.id))
      .run();
    tx.insert(leadEvents)
      .values({
        contactSubmissionId: engagement.contactSubmissionId,
        engagementId: engagement.id,
        type: "clicked",
        detail: target,
        createdAt: now,
      })
      .run();
  });
  return target;
}
