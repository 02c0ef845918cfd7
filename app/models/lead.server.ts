/**
 * Leads, for staff (admins every one, an agent those assigned to them): a contact submission with its
 * engagement. The lists (the spec's contact submissions and the leads page), one lead with every submission
 * of its address and a timeline of what happened, and the actions: pause and resume nurturing, a note, a
 * call, an e-mail, and conversion into a client (which stops the drip e-mails). A new lead arrives through
 * lead-intake.server.ts.
 *
 * Longer than 500 lines on purpose: the lists and one lead's actions share one access rule (`leadsOf`: an agent's own
 * leads) and the engagement events each action writes (`event`); split, those would be exported to be shared.
 */
import { and, count, desc, eq, inArray, isNull, ne, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  contactSubmissions,
  emailOutbox,
  leadCounts,
  leadEngagement,
  leadEvents,
  leadNurturingCampaigns,
  users,
  type ContactSubmission,
  type Engagement,
} from "~/db/schema";
import type { EngagementStatus, LeadStatus } from "~/domain/enums";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { DAY_MS } from "~/lib/time";
import { isAgentOnly, type Actor } from "~/models/actor.server";
import { activeEmailFrom } from "~/models/campaign.server";
import { EMAIL_PAGE_SIZE, listedEmails } from "~/models/mail-queue.server";
import { inIds, searchIds } from "~/models/search.server";
import { formatDate, fullName } from "~/lib/format";
import { createElement } from "react";
import { env } from "~/config/env.server";
import { LeadEmail } from "~/emails/lead-email";
import { renderEmail } from "~/emails/render.server";
import type { LeadEmail as LeadEmailInput } from "~/lib/admin-schemas";
import { enqueueEmail } from "~/models/mail-queue.server";
import { agentCardOf } from "~/models/user.server";
import { assertStaff } from "~/models/permissions.server";

export const LEAD_PAGE_SIZE = 50;

/** The lead status of an engagement status (no engagement: "new"). */
export function leadStatusOf(status: EngagementStatus | string | null | undefined): LeadStatus {
  if (!status) return "new";
  if (status === "active") return "nurturing";
  return status as LeadStatus;
}

const engagementStatusOf = (status: Exclude<LeadStatus, "new">): EngagementStatus =>
  status === "nurturing" ? "active" : status;

/** Leads per status, from the counts triggers keep (drizzle/0007_ten_years.sql): "new" is no engagement. */
const leadCountRows = (db: Db) => db.select({ status: leadCounts.status, n: leadCounts.n }).from(leadCounts);

/** How many leads (contact submissions) there are, of one status or in all, without counting rows. */
export function countLeads(db: Db, status?: LeadStatus): number {
  const key = status === undefined ? undefined : status === "new" ? "new" : engagementStatusOf(status);
  return leadCountRows(db)
    .all()
    .filter((row) => key === undefined || row.status === key)
    .reduce((total, row) => total + row.n, 0);
}

/**
 * Leads newest first (or by score), 50 a page: a substring of the name, e-mail or phone, and a status.
 * Each status and order meet in one index of contact_submissions (its engagement's status and score are
 * kept on it); the page's ids are picked in the index alone, then only those rows are read. A search
 * matches at most MAX_SEARCH_MATCHES rows, which are sorted as they are.
 */
export function listLeads(
  db: Db,
  actor: Actor,
  options: { q?: string; status?: LeadStatus; sort?: "newest" | "score"; page?: number } = {},
) {
  assertStaff(actor);
  const conditions: SQL[] = [];
  // An agent's leads: those assigned to them (each order and filter has its index led by the agent).
  const agent = isAgentOnly(actor);
  if (agent) conditions.push(eq(contactSubmissions.assignedAgentId, actor.id));
  const q = options.q?.trim().toLowerCase();
  let capped = false;
  if (q) {
    const found = searchIds(db, "contact_submissions_fts", q);
    capped = found.capped;
    conditions.push(inIds(contactSubmissions.id, found.ids));
  }
  if (options.status === "new") conditions.push(isNull(contactSubmissions.engagementStatus));
  else if (options.status) conditions.push(eq(contactSubmissions.engagementStatus, engagementStatusOf(options.status)));
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Math.max(1, options.page ?? 1);
  const total =
    q || agent
      ? db.select({ n: count() }).from(contactSubmissions).where(where).get()!.n
      : countLeads(db, options.status);
  const order =
    options.sort === "score"
      ? [desc(contactSubmissions.leadScore), desc(contactSubmissions.createdAt), desc(contactSubmissions.id)]
      : [desc(contactSubmissions.createdAt), desc(contactSubmissions.id)];
  const ids = db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(where)
    .orderBy(...order)
    .limit(LEAD_PAGE_SIZE)
    .offset((page - 1) * LEAD_PAGE_SIZE)
    .all()
    .map((row) => row.id);
  const rows = ids.length
    ? db
        .select({
          id: contactSubmissions.id,
          firstName: contactSubmissions.firstName,
          lastName: contactSubmissions.lastName,
          email: contactSubmissions.email,
          phone: contactSubmissions.phone,
          createdAt: contactSubmissions.createdAt,
          engagementStatus: contactSubmissions.engagementStatus,
          score: contactSubmissions.leadScore,
          nextEmailDue: leadEngagement.nextEmailDue,
        })
        .from(contactSubmissions)
        .leftJoin(leadEngagement, eq(leadEngagement.id, contactSubmissions.engagementId))
        .where(inArray(contactSubmissions.id, ids))
        .all()
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    rows: ids
      .map((id) => byId.get(id)!)
      .map(({ engagementStatus, ...r }) => ({ ...r, status: leadStatusOf(engagementStatus) })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / LEAD_PAGE_SIZE)),
    capped,
  };
}

/** How many of a lead's e-mails its page shows in the timeline; the rest are in the e-mail log. */
export const LEAD_EMAILS_SHOWN = 50;

/**
 * The e-mails of a lead, through both of their links: the lead's submissions (alerts, the welcome) and
 * its engagement (drips), newest first. Each link is read in its own index (no ORDER BY: one lead has a
 * few dozen at most), the two merged here; then only the rows of the wanted page are read.
 */
export function leadEmails(
  db: DbOrTx,
  lead: { submissionIds: number[]; engagementId: number | null },
  page: { offset: number; limit: number },
) {
  const found = new Map<number, number>();
  const add = (rows: Array<{ id: number; createdAt: Date }>) =>
    rows.forEach((r) => found.set(r.id, r.createdAt.getTime()));
  add(
    db
      .select({ id: emailOutbox.id, createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(inIds(emailOutbox.contactSubmissionId, lead.submissionIds))
      .all(),
  );
  if (lead.engagementId !== null) {
    add(
      db
        .select({ id: emailOutbox.id, createdAt: emailOutbox.createdAt })
        .from(emailOutbox)
        .where(eq(emailOutbox.engagementId, lead.engagementId))
        .all(),
    );
  }
  const newestFirst = [...found].sort(([a, at], [b, bt]) => bt - at || b - a).map(([id]) => id);
  return {
    total: newestFirst.length,
    rows: listedEmails(db, newestFirst.slice(page.offset, page.offset + page.limit)),
  };
}

/** The e-mails of one lead (its page's link to the rest), 50 a page. Admins only. */
export function listLeadEmails(db: Db, actor: Actor, submissionId: number, pageNumber = 1) {
  leadFor(db, actor, submissionId);
  const submission = db
    .select({
      id: contactSubmissions.id,
      firstName: contactSubmissions.firstName,
      lastName: contactSubmissions.lastName,
      email: contactSubmissions.email,
      engagementId: contactSubmissions.engagementId,
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, submissionId))
    .get();
  if (!submission) throw new NotFoundError("Lead not found");
  const page = Math.max(1, pageNumber);
  const { total, rows } = leadEmails(
    db,
    { submissionIds: relatedIds(db, submission.email), engagementId: submission.engagementId },
    { offset: (page - 1) * EMAIL_PAGE_SIZE, limit: EMAIL_PAGE_SIZE },
  );
  const lead = { id: submission.id, name: `${submission.firstName} ${submission.lastName}` };
  return { lead, rows, total, page, pageCount: Math.max(1, Math.ceil(total / EMAIL_PAGE_SIZE)) };
}

/** The submissions of one address: the lead's own and its other messages (the newest 100). */
const relatedIds = (db: DbOrTx, email: string) =>
  db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.email, email))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(100)
    .all()
    .map((row) => row.id);

export type TimelineEntry = { at: Date; type: string; text: string; detail?: string | null };

/** One lead: the submission, every submission of its address, its engagement and its timeline (newest first). */
export function getLead(db: Db, actor: Actor, submissionId: number) {
  const submission = leadFor(db, actor, submissionId);
  const related = db
    .select()
    .from(contactSubmissions)
    .where(
      and(
        eq(contactSubmissions.email, submission.email),
        // An agent sees their own leads of the address, not another agent's.
        isAgentOnly(actor) ? eq(contactSubmissions.assignedAgentId, actor.id) : undefined,
      ),
    )
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(100)
    .all();
  const engagement = submission.engagementId
    ? db.select().from(leadEngagement).where(eq(leadEngagement.id, submission.engagementId)).get()
    : undefined;
  const campaign = engagement?.campaignId
    ? db
        .select({ id: leadNurturingCampaigns.id, name: leadNurturingCampaigns.name })
        .from(leadNurturingCampaigns)
        .where(eq(leadNurturingCampaigns.id, engagement.campaignId))
        .get()
    : undefined;
  const ids = related.map((r) => r.id);
  const emails = leadEmails(
    db,
    { submissionIds: ids, engagementId: engagement?.id ?? null },
    { offset: 0, limit: LEAD_EMAILS_SHOWN },
  );
  // A lead's events are few: read by the submission index without an ORDER BY, sorted here.
  const events = db
    .select({
      type: leadEvents.type,
      detail: leadEvents.detail,
      createdAt: leadEvents.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      actorEmail: users.email,
    })
    .from(leadEvents)
    .leftJoin(users, eq(users.id, leadEvents.actorId))
    .where(inIds(leadEvents.contactSubmissionId, ids))
    .all()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, 200);

  const timeline: TimelineEntry[] = [
    ...related.map((r) => ({
      at: r.createdAt,
      type: "received",
      text: r.id === submission.id ? "Contact form received" : "Contact form received (another message)",
      detail: r.message,
    })),
    ...emails.rows.map((e) => ({
      at: e.sentAt ?? e.createdAt,
      type: `email_${e.status}`,
      text: `${e.kind === "lead_alert" ? "Staff alert" : e.kind === "drip" || e.kind === "lead_email" ? "E-mail" : "Notice"} ${e.status}: ${e.subject}`,
      detail: e.status === "failed" ? e.lastError : e.kind === "lead_alert" ? `to ${e.toAddress}` : null,
    })),
    ...events.map((e) => {
      const by = fullName(e) || e.actorEmail;
      const label: Record<string, string> = {
        clicked: "Clicked a link",
        paused: "Nurturing paused",
        resumed: "Nurturing resumed",
        unsubscribed: "Unsubscribed",
        converted: "Converted into a client",
        note: "Note",
        call: "Call logged",
        assigned: "Assigned",
        claimed: "Claimed",
        unclaimed: "Not claimed in time",
        email: "E-mail sent",
      };
      return {
        at: e.createdAt,
        type: e.type,
        text: `${label[e.type] ?? e.type}${by ? ` (${by})` : ""}`,
        detail: e.detail,
      };
    }),
  ].sort((a, b) => b.at.getTime() - a.at.getTime() || Number(a.type === "received") - Number(b.type === "received"));

  return {
    submission,
    related,
    engagement: engagement ?? null,
    status: leadStatusOf(engagement?.status),
    campaign: campaign ?? null,
    timeline,
    /** All of the lead's e-mails; the timeline has the newest LEAD_EMAILS_SHOWN. */
    emailTotal: emails.total,
  };
}

function engagementOfLead(db: DbOrTx, submissionId: number): Engagement {
  const submission = db.select().from(contactSubmissions).where(eq(contactSubmissions.id, submissionId)).get();
  if (!submission) throw new NotFoundError("Lead not found");
  const engagement = submission.engagementId
    ? db.select().from(leadEngagement).where(eq(leadEngagement.id, submission.engagementId)).get()
    : undefined;
  if (!engagement) throw new InvalidInputError("This lead is in no campaign");
  return engagement;
}

const event = (db: DbOrTx, e: Engagement, actor: Actor | null, type: string, now: Date, detail: string | null = null) =>
  db
    .insert(leadEvents)
    .values({
      contactSubmissionId: e.contactSubmissionId,
      engagementId: e.id,
      type,
      detail,
      actorId: actor?.id ?? null,
      createdAt: now,
    })
    .run();

/** Stops the drip e-mails of a nurtured lead until resumed. */
export function pauseLead(db: Db, actor: Actor, submissionId: number, now: Date = new Date()) {
  db.transaction((tx) => {
    markFirstAction(tx, actor, leadFor(tx, actor, submissionId), now);
    const e = engagementOfLead(tx, submissionId);
    if (e.status !== "active") throw new InvalidInputError("Only a lead being nurtured can be paused");
    tx.update(leadEngagement)
      .set({ status: "paused", nextEmailDue: null, updatedAt: now })
      .where(eq(leadEngagement.id, e.id))
      .run();
    event(tx, e, actor, "paused", now);
  });
}

/**
 * Resumes a paused lead: its next e-mail is due its `delayDays` after now
 * (the clock restarts, as Follow Up Boss does); with none left it is completed.
 */
export function resumeLead(db: Db, actor: Actor, submissionId: number, now: Date = new Date()) {
  db.transaction((tx) => {
    markFirstAction(tx, actor, leadFor(tx, actor, submissionId), now);
    const e = engagementOfLead(tx, submissionId);
    if (e.status !== "paused") throw new InvalidInputError("Only a paused lead can be resumed");
    const next = e.campaignId ? activeEmailFrom(tx, e.campaignId, e.currentSequence) : undefined;
    tx.update(leadEngagement)
      .set(
        next
          ? { status: "active", nextEmailDue: new Date(now.getTime() + next.delayDays * DAY_MS), updatedAt: now }
          : { status: "completed", nextEmailDue: null, updatedAt: now },
      )
      .where(eq(leadEngagement.id, e.id))
      .run();
    event(tx, e, actor, "resumed", now);
  });
}

/** A note on the lead's timeline, with the staff member's name. */
export function addLeadNote(db: Db, actor: Actor, submissionId: number, text: string, now: Date = new Date()) {
  logLeadAction(db, actor, submissionId, "note", text, now);
}

/** A call to the lead, logged from its page ("Log a call"), with what was said. */
export function logLeadCall(db: Db, actor: Actor, submissionId: number, text: string, now: Date = new Date()) {
  logLeadAction(db, actor, submissionId, "call", text, now);
}

function logLeadAction(db: Db, actor: Actor, submissionId: number, type: "note" | "call", text: string, now: Date) {
  db.transaction((tx) => {
    const submission = leadFor(tx, actor, submissionId);
    markFirstAction(tx, actor, submission, now);
    tx.insert(leadEvents)
      .values({
        contactSubmissionId: submission.id,
        engagementId: submission.engagementId,
        type,
        detail: text,
        actorId: actor.id,
        createdAt: now,
      })
      .run();
  });
}

/**
 * "E-mail the lead": the staff member's e-mail to the lead, queued in the outbox (Reply-To: the sender),
 * on the lead's timeline, and the agent's first action when it is theirs. A first contact: its footer
 * names the lead's agent and license (app/emails/lead-email.tsx).
 */
export function emailLead(db: Db, actor: Actor, submissionId: number, input: LeadEmailInput, now: Date = new Date()) {
  return db.transaction((tx) => {
    const lead = leadFor(tx, actor, submissionId);
    const sender = tx.select().from(users).where(eq(users.id, actor.id)).get()!;
    const { site, appUrl } = env().mail;
    const { html, text } = renderEmail(
      createElement(LeadEmail, {
        site,
        appUrl,
        preview: input.body.slice(0, 120),
        firstName: lead.firstName,
        body: input.body,
        sender: { name: fullName(sender) || site.name, phone: sender.phone ?? site.phone, email: sender.email },
        agent: agentCardOf(tx, lead.assignedAgentId),
      }),
    );
    const email = enqueueEmail(
      tx,
      {
        kind: "lead_email",
        to: { address: lead.email, name: `${lead.firstName} ${lead.lastName}` },
        replyTo: sender.email,
        subject: input.subject,
        text,
        html,
        links: { contactSubmissionId: lead.id, engagementId: lead.engagementId },
      },
      now,
    );
    markFirstAction(tx, actor, lead, now);
    tx.insert(leadEvents)
      .values({
        contactSubmissionId: lead.id,
        engagementId: lead.engagementId,
        type: "email",
        detail: input.subject,
        actorId: actor.id,
        createdAt: now,
      })
      .run();
    return email;
  });
}

/** A lead the actor may work on: admins any, an agent one assigned to them; else "not found". */
export function leadFor(db: DbOrTx, actor: Actor, submissionId: number): ContactSubmission {
  assertStaff(actor);
  const row = db.select().from(contactSubmissions).where(eq(contactSubmissions.id, submissionId)).get();
  if (!row || (!actor.isAdmin && row.assignedAgentId !== actor.id)) throw new NotFoundError("Lead not found");
  return row;
}

/** Whether the actor may work on a lead (its page opens for them): `leadFor` without the refusal. */
export function mayWorkOnLead(db: DbOrTx, actor: Actor, submissionId: number): boolean {
  try {
    leadFor(db, actor, submissionId);
    return true;
  } catch {
    return false;
  }
}

/**
 * Speed to lead: the first action of the lead's assigned agent on it (a logged call, a note, a status
 * change, an e-mail sent from its page) is when it was answered. Others' actions do not count.
 */
export function markFirstAction(db: DbOrTx, actor: Actor, lead: ContactSubmission, now: Date) {
  if (lead.firstActionAt || !lead.assignedAgentId || lead.assignedAgentId !== actor.id) return;
  db.update(contactSubmissions)
    .set({ firstActionAt: now })
    .where(and(eq(contactSubmissions.id, lead.id), isNull(contactSubmissions.firstActionAt)))
    .run();
}

/**
 * Marks a lead converted (it became a client): every engagement of its
 * address stops sending. Runs inside the transaction that opens the client's transaction.
 */
export function convertLead(db: DbOrTx, actor: Actor, submissionId: number, now: Date) {
  const submission = leadFor(db, actor, submissionId);
  markFirstAction(db, actor, submission, now);
  const engagements = db.select().from(leadEngagement).where(eq(leadEngagement.email, submission.email)).all();
  for (const e of engagements) {
    if (e.status === "converted") continue;
    db.update(leadEngagement)
      .set({ status: "converted", nextEmailDue: null, updatedAt: now })
      .where(eq(leadEngagement.id, e.id))
      .run();
  }
  db.insert(leadEvents)
    .values({
      contactSubmissionId: submission.id,
      engagementId: submission.engagementId,
      type: "converted",
      actorId: actor.id,
      createdAt: now,
    })
    .run();
  return submission;
}

/**
 * A transaction opened for a client whose address was a lead (the lead chosen or not): every lead of the
 * address is converted at once (each engagement of the address stops: no drip after this moment; the
 * lead chosen, else the latest, records "converted"), and the lead's agent and the transaction's become one:
 * the transaction's agent takes every unassigned lead of the address (an open claim ends); without one, the
 * transaction takes the latest lead's agent, when still active and licensed. Returns the agent the
 * transaction should take (null: none). Runs inside the transaction that opens the client's transaction.
 */
export function convertLeadsOfClient(
  db: DbOrTx,
  actor: Actor,
  input: { email: string; leadId?: number | null; agentId: string | null },
  now: Date,
): string | null {
  if (input.leadId) convertLead(db, actor, input.leadId, now);
  const email = input.email.trim().toLowerCase();
  // By the index (email, created_at); an address has a handful of leads.
  const leads = db
    .select({
      id: contactSubmissions.id,
      agentId: contactSubmissions.assignedAgentId,
      engagementId: contactSubmissions.engagementId,
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.email, email))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(100)
    .all();
  if (leads.length === 0) return null;
  // By the index (email, campaign_id).
  db.update(leadEngagement)
    .set({ status: "converted", nextEmailDue: null, updatedAt: now })
    .where(and(eq(leadEngagement.email, email), ne(leadEngagement.status, "converted")))
    .run();
  if (!input.leadId) {
    db.insert(leadEvents)
      .values({
        contactSubmissionId: leads[0]!.id,
        engagementId: leads[0]!.engagementId,
        type: "converted",
        actorId: actor.id,
        createdAt: now,
      })
      .run();
  }
  if (input.agentId) {
    db.update(contactSubmissions)
      .set({ assignedAgentId: input.agentId, assignedAt: now, claimUntil: null })
      .where(and(eq(contactSubmissions.email, email), isNull(contactSubmissions.assignedAgentId)))
      .run();
    return input.agentId;
  }
  const leadAgentId = leads.find((l) => l.agentId)?.agentId;
  if (!leadAgentId) return null;
  const agent = db.select().from(users).where(eq(users.id, leadAgentId)).get();
  return agent && agent.isAgent && !agent.deactivatedAt && agent.licenseNumber ? agent.id : null;
}

// ---- the spec's contact submissions (GET /api/contact, /api/contact-submissions, the portal, the dashboard)

/** An agent's leads only (assigned to them); every lead for admins. */
const leadsOf = (actor: Pick<Actor, "isAdmin" | "isAgent"> & { id?: string }) =>
  actor.isAdmin ? undefined : eq(contactSubmissions.assignedAgentId, actor.id ?? "");

/** Submissions, newest first: every one for admins, an agent's own (assigned to them). */
export function listContactSubmissions(
  db: Db,
  actor: Pick<Actor, "isAdmin" | "isAgent"> & { id?: string },
  options: { limit?: number; offset?: number } = {},
): ContactSubmission[] {
  assertStaff(actor);
  return db
    .select()
    .from(contactSubmissions)
    .where(leadsOf(actor))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(options.limit ?? 1000)
    .offset(options.offset ?? 0)
    .all();
}

/**
 * How many submissions there are: for admins from the counts triggers keep (not by counting 200,000
 * rows); an agent's own by the index (assigned_agent_id, created_at).
 */
export function countContactSubmissions(db: Db, actor: Pick<Actor, "isAdmin" | "isAgent"> & { id?: string }): number {
  assertStaff(actor);
  if (actor.isAdmin) return countLeads(db);
  return db.select({ n: count() }).from(contactSubmissions).where(leadsOf(actor)).get()!.n;
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
