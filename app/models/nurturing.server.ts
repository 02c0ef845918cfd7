/**
 * Lead nurturing: enrolment of a new lead in the campaign new leads join, the
 * drip e-mails (each due `delayDays` after the previous one was sent), the
 * one-click unsubscribe and tracked clicks, and the lead's score.
 * Every function takes an injected `now`.
 */
import { and, asc, desc, eq, gt, gte, lte } from "drizzle-orm";
import { createElement } from "react";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  contactSubmissions,
  emailUnsubscribes,
  leadEngagement,
  leadEvents,
  leadNurturingCampaigns,
  leadNurturingEmails,
  type ContactSubmission,
  type Engagement,
} from "~/db/schema";
import { DripEmail } from "~/emails/drip";
import { renderEmail } from "~/emails/render.server";
import { addScore, DAY_MS, fillPlaceholders, oneLine, SCORE } from "~/lib/mail";
import type { MailSettings } from "~/lib/mail-settings.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { signToken, verifyToken } from "~/lib/signed-token.server";
import { enqueueEmail, type OutgoingEmail } from "~/models/outbox.server";

const UNSUBSCRIBE = "unsubscribe";
const CLICK = "click";

/**
 * The campaign new leads join: the one an admin chose, if it is active; else
 * the first active one; none when no campaign is active (leads are then
 * stored and alerted, not enrolled).
 */
export function campaignForNewLeads(db: DbOrTx) {
  return db
    .select()
    .from(leadNurturingCampaigns)
    .where(eq(leadNurturingCampaigns.isActive, true))
    .orderBy(desc(leadNurturingCampaigns.forNewLeads), asc(leadNurturingCampaigns.id))
    .get();
}

/** The first active e-mail of a campaign at or after (or strictly after) a sequence number. */
function activeEmailFrom(db: DbOrTx, campaignId: number, sequence: number, strictlyAfter = false) {
  return db
    .select()
    .from(leadNurturingEmails)
    .where(
      and(
        eq(leadNurturingEmails.campaignId, campaignId),
        eq(leadNurturingEmails.isActive, true),
        strictlyAfter ? gt(leadNurturingEmails.sequence, sequence) : gte(leadNurturingEmails.sequence, sequence),
      ),
    )
    .orderBy(asc(leadNurturingEmails.sequence))
    .get();
}

export function isUnsubscribed(db: DbOrTx, email: string): boolean {
  return Boolean(
    db
      .select({ email: emailUnsubscribes.email })
      .from(emailUnsubscribes)
      .where(eq(emailUnsubscribes.email, email.toLowerCase()))
      .get(),
  );
}

/**
 * Enrols the lead of a new submission in the campaign new leads join, once
 * per e-mail address: a lead who writes again keeps their engagement and
 * their score rises (+20), a new one starts at +10. The first e-mail is due
 * its `delayDays` after now. Returns the engagement (null when no campaign).
 */
export function enrollLead(
  db: DbOrTx,
  submission: Pick<ContactSubmission, "id" | "email">,
  now: Date,
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
    db.update(contactSubmissions)
      .set({ engagementId: engagement.id })
      .where(eq(contactSubmissions.id, submission.id))
      .run();
    return { engagement, repeat: true };
  }
  const first = activeEmailFrom(db, campaign.id, 1);
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
  db.update(contactSubmissions)
    .set({ engagementId: engagement.id })
    .where(eq(contactSubmissions.id, submission.id))
    .run();
  return { engagement, repeat: Boolean(priorSubmission) };
}

export function unsubscribeUrl(settings: MailSettings, engagementId: number) {
  return `${settings.appUrl}/unsubscribe/${signToken(settings.secret, UNSUBSCRIBE, { e: engagementId })}`;
}

/** A link to a page of the site that counts a click of this lead before it redirects there. */
export function trackedUrl(settings: MailSettings, engagementId: number, path: string) {
  return `${settings.appUrl}/r/${signToken(settings.secret, CLICK, { e: engagementId, p: path })}`;
}

/** The content's paragraphs, with links to the site turned into tracked links (as text: "… (link)"). */
function dripParagraphs(content: string, settings: MailSettings, engagementId: number) {
  const site = settings.appUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const siteLink = new RegExp(`${site}(/[^\\s)]*)?`, "g");
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) =>
      line.replace(siteLink, (_m, path: string | undefined) => trackedUrl(settings, engagementId, path || "/")),
    );
}

/**
 * Sends (queues) the engagement's due e-mail, if any: the next active e-mail
 * of an active campaign, to a lead who has not unsubscribed. Then the next
 * one is due its `delayDays` after now, or the engagement is completed after
 * the last one. Returns true when an e-mail was queued.
 */
export function sendDueDrip(db: DbOrTx, engagementId: number, now: Date, settings: MailSettings): boolean {
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
        settings,
        e.id,
        { email, firstName: submission.firstName, lastName: submission.lastName },
        next,
      ),
      links: { contactSubmissionId: e.contactSubmissionId, engagementId: e.id, campaignEmailId: next.id },
    },
    now,
    settings.messageIdDomain,
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

/**
 * A campaign e-mail as this lead receives it: {{firstName}} filled in, site
 * links tracked, the unsubscribe link and the RFC 8058 headers. The admin's
 * preview uses it too (with a sample lead).
 */
export function buildDripEmail(
  settings: MailSettings,
  engagementId: number,
  lead: { email: string; firstName: string; lastName: string },
  campaignEmail: { subject: string; content: string },
): OutgoingEmail {
  const firstName = oneLine(lead.firstName, 100);
  const subject = fillPlaceholders(campaignEmail.subject, { firstName });
  const unsubscribe = unsubscribeUrl(settings, engagementId);
  const { html, text } = renderEmail(
    createElement(DripEmail, {
      site: settings.site,
      appUrl: settings.appUrl,
      preview: subject,
      unsubscribeUrl: unsubscribe,
      paragraphs: dripParagraphs(fillPlaceholders(campaignEmail.content, { firstName }), settings, engagementId),
      ctaUrl: trackedUrl(settings, engagementId, "/#contact"),
    }),
  );
  return {
    kind: "drip",
    to: { address: lead.email, name: `${lead.firstName} ${lead.lastName}` },
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** Queues every drip e-mail that is due (a bounded batch); each engagement in its own transaction. */
export function processDueDrips(db: Db, now: Date, settings: MailSettings, limit = 200): number {
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
    if (db.transaction((tx) => sendDueDrip(tx, id, now, settings))) queued += 1;
  }
  return queued;
}

/** The engagement a signed unsubscribe token names, or null for a tampered or unknown one. */
export function engagementForUnsubscribe(db: Db, secret: string, token: string): Engagement | null {
  const payload = verifyToken(secret, UNSUBSCRIBE, token) as { e?: unknown } | null;
  if (!payload || typeof payload.e !== "number") return null;
  return db.select().from(leadEngagement).where(eq(leadEngagement.id, payload.e)).get() ?? null;
}

/**
 * One-click unsubscribe: the address gets no drip e-mail again, from any
 * campaign. Repeating it changes nothing. Null for a tampered or unknown token.
 */
export function unsubscribe(
  db: Db,
  secret: string,
  token: string,
  now: Date,
): { email: string; already: boolean } | null {
  const engagement = engagementForUnsubscribe(db, secret, token);
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

/**
 * A tracked click: the same-site path to go to (never another host), and +5
 * to the lead's score (capped). Null for a tampered token or a target that is
 * not a path of this site.
 */
export function recordClick(db: Db, secret: string, token: string, now: Date): string | null {
  const payload = verifyToken(secret, CLICK, token) as { e?: unknown; p?: unknown } | null;
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
