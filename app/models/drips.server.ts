/**
 * The drip e-mails of lead nurturing: each due `delayDays` after the previous one was sent (the first one
 * after the lead arrived). The sender calls `processDueDrips` on every tick; every function takes an
 * injected `now`.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { contactSubmissions, leadEngagement, leadNurturingCampaigns } from "~/db/schema";
import { DAY_MS } from "~/lib/time";
import { activeEmailFrom } from "~/models/campaign.server";
import { buildDripEmail } from "~/models/drip-email.server";
import { enqueueEmail } from "~/models/mail-queue.server";
import { actingAgentCardOf } from "~/models/user.server";
import { isUnsubscribed } from "~/models/unsubscribe.server";
import { sendSimilarHomes, SIMILAR_HOMES } from "~/models/similar-homes.server";

/**
 * Sends (queues) the engagement's due e-mail, if any: the next active e-mail
 * of an active campaign, to a lead who has not unsubscribed. Then the next
 * one is due its `delayDays` after now, or the engagement is completed after
 * the last one. Returns true when an e-mail was queued.
 */
export function sendDueDrip(db: DbOrTx, engagementId: number, now: Date): boolean {
  const e = db.select().from(leadEngagement).where(eq(leadEngagement.id, engagementId)).get();
  if (!e || e.status !== "active" || !e.nextEmailDue || e.nextEmailDue > now || !e.campaignId) return false;
  const campaign = db.select().from(leadNurturingCampaigns).where(eq(leadNurturingCampaigns.id, e.campaignId)).get();
  if (!campaign?.isActive) return false;
  const submission = db
    .select()
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, e.contactSubmissionId))
    .get()!;
  const email = e.email ?? submission.email.toLowerCase();
  if (isUnsubscribed(db, email)) {
    db.update(leadEngagement)
      .set({ status: "unsubscribed", nextEmailDue: null, updatedAt: now })
      .where(eq(leadEngagement.id, e.id))
      .run();
    return false;
  }
  // A listing's "Homes like" campaign has no fixed e-mails: its week's new listings (app/models/similar-homes.server.ts).
  if (campaign.type === SIMILAR_HOMES) return sendSimilarHomes(db, e, campaign, submission, now);
  const next = activeEmailFrom(db, e.campaignId, e.currentSequence);
  if (!next) {
    db.update(leadEngagement)
      .set({ status: "completed", nextEmailDue: null, updatedAt: now })
      .where(eq(leadEngagement.id, e.id))
      .run();
    return false;
  }
  enqueueEmail(
    db,
    {
      ...buildDripEmail(
        e.id,
        { email, firstName: submission.firstName, lastName: submission.lastName },
        next,
        actingAgentCardOf(db, submission.assignedAgentId),
      ),
      links: { contactSubmissionId: e.contactSubmissionId, engagementId: e.id, campaignEmailId: next.id },
    },
    now,
  );
  const following = activeEmailFrom(db, e.campaignId, next.sequence, true);
  db.update(leadEngagement)
    .set({
      lastEmailSent: now,
      currentSequence: next.sequence + 1,
      nextEmailDue: following ? new Date(now.getTime() + following.delayDays * DAY_MS) : null,
      status: following ? "active" : "completed",
      updatedAt: now,
    })
    .where(eq(leadEngagement.id, e.id))
    .run();
  return true;
}

/** Queues every drip e-mail that is due (a bounded batch); each engagement in its own transaction. */
export function processDueDrips(db: Db, now: Date, limit = 200): number {
  const due = db
    .select({ id: leadEngagement.id })
    .from(leadEngagement)
    .innerJoin(leadNurturingCampaigns, eq(leadNurturingCampaigns.id, leadEngagement.campaignId))
    .where(
      and(
        eq(leadEngagement.status, "active"),
        lte(leadEngagement.nextEmailDue, now),
        eq(leadNurturingCampaigns.isActive, true),
      ),
    )
    .orderBy(asc(leadEngagement.nextEmailDue))
    .limit(limit)
    .all();
  let queued = 0;
  for (const { id } of due) {
    if (db.transaction((tx) => sendDueDrip(tx, id, now))) queued += 1;
  }
  return queued;
}
