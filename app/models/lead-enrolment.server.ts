/**
 * A new lead joins the campaign new leads join, once per e-mail address: a lead who writes again keeps
 * their engagement and their score rises.
 */
import { and, eq, lte } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { contactSubmissions, leadEngagement, type ContactSubmission, type Engagement } from "~/db/schema";
import { addScore, SCORE } from "~/lib/lead-score";
import { DAY_MS } from "~/lib/time";
import { activeEmailFrom, campaignForNewLeads } from "~/models/campaign.server";
import { isUnsubscribed } from "~/models/unsubscribe.server";

/**
 * Enrols the lead of a new submission in the campaign new leads join, once
 * per e-mail address: a lead who writes again keeps their engagement and
 * their score rises (+20), a new one starts at +10. The first e-mail is due
 * its `delayDays` after now; with `welcome: false` an immediate first e-mail (0 days: the welcome) is
 * left out and the campaign starts at the next one. Returns the engagement (null when no campaign).
 */
export function enrollLead(
  db: DbOrTx,
  submission: Pick<ContactSubmission, "id" | "email">,
  now: Date,
  options: { welcome: boolean } = { welcome: true },
): { engagement: Engagement | null; repeat: boolean } {
  const email = submission.email.toLowerCase();
  const priorSubmission = db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(and(eq(contactSubmissions.email, email), lte(contactSubmissions.id, submission.id - 1)))
    .get();
  const campaign = campaignForNewLeads(db);
  if (!campaign) return { engagement: null, repeat: Boolean(priorSubmission) };
  const existing = db
    .select()
    .from(leadEngagement)
    .where(and(eq(leadEngagement.email, email), eq(leadEngagement.campaignId, campaign.id)))
    .get();
  if (existing) {
    const engagement = db
      .update(leadEngagement)
      .set({ score: addScore(existing.score, SCORE.repeatInquiry), updatedAt: now })
      .where(eq(leadEngagement.id, existing.id))
      .returning()
      .get();
    linkEngagement(db, submission.id, engagement.id);
    return { engagement, repeat: true };
  }
  const opening = activeEmailFrom(db, campaign.id, 1);
  const first =
    opening && opening.delayDays === 0 && !options.welcome
      ? activeEmailFrom(db, campaign.id, opening.sequence, true)
      : opening;
  const suppressed = isUnsubscribed(db, email);
  const engagement = db
    .insert(leadEngagement)
    .values({
      contactSubmissionId: submission.id,
      campaignId: campaign.id,
      email,
      status: suppressed ? "unsubscribed" : first ? "active" : "completed",
      currentSequence: first?.sequence ?? 1,
      nextEmailDue: first && !suppressed ? new Date(now.getTime() + first.delayDays * DAY_MS) : null,
      score: priorSubmission ? SCORE.repeatInquiry : SCORE.inquiry,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  linkEngagement(db, submission.id, engagement.id);
  return { engagement, repeat: Boolean(priorSubmission) };
}

/** The submission records its address's engagement (the lead's status and score, by primary key). */
function linkEngagement(db: DbOrTx, submissionId: number, engagementId: number) {
  db.update(contactSubmissions).set({ engagementId }).where(eq(contactSubmissions.id, submissionId)).run();
}
