/**
 * Contact-form submissions (leads): creation by anyone, reading by admins only.
 * A new lead is enrolled in the first active lead-nurturing campaign.
 */
import { asc, count, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  contactSubmissions,
  leadEngagement,
  leadNurturingCampaigns,
  leadNurturingEmails,
  type ContactSubmission,
} from "~/db/schema";
import { HONEYPOT_FIELD, type ContactInput } from "~/lib/contact-schema";
import { formatDate } from "~/lib/format";
import { assertAdmin, type Actor } from "~/models/actor.server";

const DAY_MS = 24 * 3600 * 1000;

/**
 * Stores a validated contact form and enrols the lead. A filled honeypot means
 * a bot: nothing is stored and null is returned (callers answer as if sent).
 */
export function submitContact(db: Db, input: ContactInput): ContactSubmission | null {
  if (input[HONEYPOT_FIELD]) return null;
  return db.transaction((tx) => {
    const submission = tx
      .insert(contactSubmissions)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email.toLowerCase(),
        phone: input.phone,
        message: input.message || null,
      })
      .returning()
      .get();

    const campaign = tx
      .select({ id: leadNurturingCampaigns.id })
      .from(leadNurturingCampaigns)
      .where(eq(leadNurturingCampaigns.isActive, true))
      .orderBy(asc(leadNurturingCampaigns.id))
      .get();
    if (campaign) {
      const first = tx
        .select({ delayDays: leadNurturingEmails.delayDays })
        .from(leadNurturingEmails)
        .where(eq(leadNurturingEmails.campaignId, campaign.id))
        .orderBy(asc(leadNurturingEmails.sequence))
        .get();
      tx.insert(leadEngagement)
        .values({
          contactSubmissionId: submission.id,
          campaignId: campaign.id,
          nextEmailDue: first ? new Date(submission.createdAt.getTime() + first.delayDays * DAY_MS) : null,
        })
        .run();
    }
    return submission;
  });
}

/** Submissions, newest first. Admins only. */
export function listContactSubmissions(
  db: Db,
  actor: Pick<Actor, "isAdmin">,
  options: { limit?: number; offset?: number } = {},
): ContactSubmission[] {
  assertAdmin(actor);
  return db
    .select()
    .from(contactSubmissions)
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(options.limit ?? 1000)
    .offset(options.offset ?? 0)
    .all();
}

export function countContactSubmissions(db: Db, actor: Pick<Actor, "isAdmin">): number {
  assertAdmin(actor);
  return db.select({ n: count() }).from(contactSubmissions).get()?.n ?? 0;
}

/** What the portal and the dashboard show of a submission. */
export function toContactSummary(s: ContactSubmission) {
  return {
    id: s.id,
    name: `${s.firstName} ${s.lastName}`,
    email: s.email,
    phone: s.phone,
    message: s.message,
    date: formatDate(s.createdAt),
  };
}

export type ContactSummary = ReturnType<typeof toContactSummary>;

export function toContactJson(s: ContactSubmission) {
  return { ...s, createdAt: s.createdAt.toISOString() };
}
