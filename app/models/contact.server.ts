/**
 * Contact-form submissions (leads): creation by anyone, reading by admins only.
 * A new lead is stored with its staff alerts and its enrolment (and a first
 * drip e-mail due at once) in one database transaction: all or nothing.
 */
import { desc, eq } from "drizzle-orm";
import { createElement } from "react";
import type { Db, DbOrTx } from "~/db/client.server";
import { contactSubmissions, type ContactSubmission } from "~/db/schema";
import { LeadAlertEmail } from "~/emails/lead-alert";
import { renderEmail } from "~/emails/render.server";
import { HONEYPOT_FIELD, type ContactInput } from "~/lib/contact-schema";
import { formatDate, formatDateTime } from "~/lib/format";
import { env } from "~/config/env.server";
import { NotFoundError } from "~/lib/errors";
import { assertAdmin, type Actor } from "~/models/actor.server";
import { sendDueDrip } from "~/models/drips.server";
import { enrollLead } from "~/models/lead-enrolment.server";
import { countLeads } from "~/models/lead.server";
import { enqueueEmail } from "~/models/mail-queue.server";

/**
 * Stores a validated contact form, tells staff, and enrols the lead. A filled
 * honeypot means a bot: nothing is stored or sent and null is returned
 * (callers answer as if sent). `also` runs in the same database transaction (an
 * estimate's own e-mail to the lead: all or nothing).
 */
export function submitContact(
  db: Db,
  input: ContactInput,
  now: Date = new Date(),
  also?: (tx: DbOrTx, submission: ContactSubmission) => void,
): ContactSubmission | null {
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
        createdAt: now,
      })
      .returning()
      .get();
    const { engagement, repeat } = enrollLead(tx, submission, now);
    enqueueLeadAlerts(tx, submission, repeat, now);
    if (engagement) sendDueDrip(tx, engagement.id, now);
    also?.(tx, submission);
    return { ...submission, engagementId: engagement?.id ?? null };
  });
}

/** Where staff open a lead. */
export const leadPath = (submissionId: number) => `/admin/leads/${submissionId}`;

/** One alert per staff address (LEAD_ALERT_EMAILS, else ADMIN_EMAILS), answering to the lead. */
function enqueueLeadAlerts(db: DbOrTx, s: ContactSubmission, repeat: boolean, now: Date) {
  const settings = env().mail;
  if (settings.leadAlertEmails.length === 0) return;
  const name = `${s.firstName} ${s.lastName}`;
  const { html, text } = renderEmail(
    createElement(LeadAlertEmail, {
      site: settings.site,
      appUrl: settings.appUrl,
      preview: `${name} asked for a free consultation`,
      name,
      email: s.email,
      phone: s.phone,
      message: s.message,
      receivedAt: formatDateTime(s.createdAt),
      leadUrl: `${settings.appUrl}${leadPath(s.id)}`,
      repeat,
    }),
  );
  for (const address of settings.leadAlertEmails) {
    enqueueEmail(
      db,
      {
        kind: "lead_alert",
        to: { address },
        replyTo: s.email,
        subject: `New lead: ${name}${repeat ? " (writing again)" : ""}`,
        text,
        html,
        links: { contactSubmissionId: s.id },
      },
      now,
    );
  }
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

/** One submission. Admins only. */
export function getContactSubmission(db: Db, actor: Pick<Actor, "isAdmin">, id: number): ContactSubmission {
  assertAdmin(actor);
  const row = db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).get();
  if (!row) throw new NotFoundError("Lead not found");
  return row;
}

/** How many submissions there are, from the counts triggers keep (not by counting 200,000 rows). */
export function countContactSubmissions(db: Db, actor: Pick<Actor, "isAdmin">): number {
  assertAdmin(actor);
  return countLeads(db);
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
