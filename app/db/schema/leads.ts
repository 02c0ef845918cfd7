/**
 * Leads and their nurturing: contact submissions, campaigns and their e-mails, each lead's engagement and events,
 * and the counts kept of them.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ENGAGEMENT_STATUSES } from "~/domain/enums";
import { createdAt, serialId, updatedAt } from "~/db/schema/columns";
import { userRef } from "~/db/schema/people";
import { transactions } from "~/db/schema/transactions";

export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    id: serialId(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message"),
    /** The lead's engagement (its own, or the one its address already had): the lead's status and score. */
    engagementId: integer("engagement_id"),
    /** Its engagement's score (0 without one), kept by triggers (migration 0005) for the leads list's sort. */
    leadScore: integer("lead_score").notNull().default(0),
    /** Its engagement's status (null without one: a "new" lead), kept by triggers (0007) for the list's filter. */
    engagementStatus: text("engagement_status", { enum: ENGAGEMENT_STATUSES }),
    /** The agent the lead is assigned to (app/models/routing.server.ts); null: admins only. */
    assignedAgentId: userRef("assigned_agent_id"),
    assignedAt: integer("assigned_at", { mode: "timestamp_ms" }),
    /** First to claim: the time the claim is open until (then the admins have it); null when not open. */
    claimUntil: integer("claim_until", { mode: "timestamp_ms" }),
    /** Speed to lead: the assigned agent's first action on it (a call, a note, a status change, an e-mail). */
    firstActionAt: integer("first_action_at", { mode: "timestamp_ms" }),
    /** A listing's lead: an inquiry from its page or a visitor of its open house; the home it names. */
    homeTransactionId: integer("home_transaction_id"),
    /** Where such a lead came from: "inquiry" or "open house"; null for the site's other forms. */
    source: text("source", { enum: ["inquiry", "open house"] }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_submissions_home_idx")
      .on(t.homeTransactionId, t.source)
      .where(sql`home_transaction_id IS NOT NULL`),
    index("contact_submissions_agent_created_idx").on(t.assignedAgentId, t.createdAt),
    index("contact_submissions_agent_status_created_idx").on(t.assignedAgentId, t.engagementStatus, t.createdAt),
    index("contact_submissions_agent_score_idx").on(t.assignedAgentId, t.leadScore, t.createdAt),
    index("contact_submissions_agent_status_score_idx").on(
      t.assignedAgentId,
      t.engagementStatus,
      t.leadScore,
      t.createdAt,
    ),
    index("contact_submissions_claim_idx")
      .on(t.claimUntil)
      .where(sql`claim_until IS NOT NULL`),
    index("contact_submissions_untouched_idx")
      .on(t.createdAt)
      .where(sql`first_action_at IS NULL AND assigned_agent_id IS NOT NULL`),
    index("contact_submissions_created_at_idx").on(t.createdAt),
    index("contact_submissions_email_idx").on(t.email, t.createdAt),
    index("contact_submissions_engagement_idx").on(t.engagementId),
    index("contact_submissions_score_idx").on(t.leadScore, t.createdAt),
    index("contact_submissions_status_created_idx").on(t.engagementStatus, t.createdAt),
    index("contact_submissions_status_score_idx").on(t.engagementStatus, t.leadScore, t.createdAt),
  ],
);

export const leadNurturingCampaigns = sqliteTable(
  "lead_nurturing_campaigns",
  {
    id: serialId(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    description: text("description"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** The campaign new leads join, chosen by an admin (at most one; none chosen: the first active one). */
    forNewLeads: integer("for_new_leads", { mode: "boolean" }).notNull().default(false),
    /**
     * A "Homes like {address}" campaign (type `similar_homes`: app/models/similar-homes.server.ts): the listing whose
     * door's visitors asked for similar homes; its weekly e-mail lists our new listings in the same ZIP code and price
     * range.
     */
    homeTransactionId: integer("home_transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("lead_nurturing_campaigns_for_new_leads_idx")
      .on(t.forNewLeads)
      .where(sql`"for_new_leads" = 1`),
  ],
);
export type LeadNurturingCampaign = typeof leadNurturingCampaigns.$inferSelect;

export const leadNurturingEmails = sqliteTable(
  "lead_nurturing_emails",
  {
    id: serialId(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => leadNurturingCampaigns.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    subject: text("subject").notNull(),
    content: text("content").notNull(),
    delayDays: integer("delay_days").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("lead_nurturing_emails_campaign_sequence_idx").on(t.campaignId, t.sequence)],
);

export const leadEngagement = sqliteTable(
  "lead_engagement",
  {
    id: serialId(),
    contactSubmissionId: integer("contact_submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    campaignId: integer("campaign_id").references(() => leadNurturingCampaigns.id, { onDelete: "set null" }),
    /** The lead's e-mail address (lowercase): one engagement per address per campaign. */
    email: text("email"),
    status: text("status", { enum: ENGAGEMENT_STATUSES }).notNull().default("active"),
    currentSequence: integer("current_sequence").notNull().default(1),
    lastEmailSent: integer("last_email_sent", { mode: "timestamp_ms" }),
    nextEmailDue: integer("next_email_due", { mode: "timestamp_ms" }),
    score: integer("score").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lead_engagement_submission_idx").on(t.contactSubmissionId),
    index("lead_engagement_next_due_idx").on(t.status, t.nextEmailDue),
    uniqueIndex("lead_engagement_email_campaign_idx").on(t.email, t.campaignId),
  ],
);

/** What happened to a lead besides its e-mails: tracked clicks, unsubscribes (and, later, notes, pauses). */
export const leadEvents = sqliteTable(
  "lead_events",
  {
    id: serialId(),
    contactSubmissionId: integer("contact_submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    engagementId: integer("engagement_id").references(() => leadEngagement.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    detail: text("detail"),
    actorId: userRef("actor_id"),
    createdAt: createdAt(),
  },
  (t) => [index("lead_events_submission_idx").on(t.contactSubmissionId, t.createdAt)],
);

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type Engagement = typeof leadEngagement.$inferSelect;
/** Contact submissions per lead status (an engagement's status, or "new" without one), kept by triggers. */
export const leadCounts = sqliteTable(
  "lead_counts",
  {
    status: text("status").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [uniqueIndex("lead_counts_key_idx").on(t.status)],
);

/**
 * New leads per hour and agent ('' for none), kept by triggers on contact_submissions (migration 0016): the
 * dashboard's leads per week read a few thousand rows, however many leads arrived (docs/decisions/
 * 031-the-deals-rules.md). `hour` is the epoch's hours (milliseconds / 3,600,000): whole hours, so a week's
 * bounds are exact in San Diego too.
 */
export const leadHours = sqliteTable(
  "lead_hours",
  {
    agentId: text("agent_id").notNull().default(""),
    hour: integer("hour").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.hour] }), index("lead_hours_hour_idx").on(t.hour)],
);

/** Engagements per (campaign, status), kept by triggers: the campaigns list's counts (campaign 0: none). */
export const engagementCounts = sqliteTable(
  "engagement_counts",
  {
    campaignId: integer("campaign_id").notNull(),
    status: text("status", { enum: ENGAGEMENT_STATUSES }).notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [uniqueIndex("engagement_counts_key_idx").on(t.campaignId, t.status)],
);
