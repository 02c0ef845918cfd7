/**
 * A new lead (a contact-form submission, an estimate someone asked to be sent): stored with its enrolment
 * in nurturing (and a first drip e-mail due at once), its routing to an agent and its staff alerts in one
 * database transaction, all or nothing; and the alert when no agent claimed one in time. Reading and working
 * on leads is lead.server.ts.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import type { DbOrTx } from "~/db/client.server";
import { contactSubmissions, type ContactSubmission } from "~/db/schema";
import { LeadAlertEmail } from "~/emails/lead-alert";
import { renderEmail } from "~/emails/render.server";
import { HONEYPOT_FIELD, type ContactInput } from "~/lib/contact-schema";
import { formatDateTime, fullName } from "~/lib/format";
import { countOf } from "~/lib/plural";
import { env } from "~/config/env.server";
import { sendDueDrip } from "~/models/drips.server";
import { enrollLead } from "~/models/lead-enrolment.server";
import { enqueueEmail } from "~/models/mail-queue.server";
import { routeLead, type Routed } from "~/models/routing.server";

/**
 * Stores a validated contact form, tells staff, and enrols the lead. A filled
 * honeypot means a bot: nothing is stored or sent and null is returned
 * (callers answer as if sent). `also` runs in the same database transaction (an
 * estimate's own e-mail to the lead: all or nothing); `welcome: false` leaves out the
 * campaign's immediate first e-mail (the estimate's e-mail answers the visitor: lead-enrolment.server.ts).
 */
export function submitContact(
  db: DbOrTx,
  input: ContactInput,
  now: Date = new Date(),
  options: {
    welcome?: boolean;
    toAgentId?: string;
    /** Drip e-mails for it (default yes): an open-house visitor who did not ask for similar homes gets none. */
    enroll?: boolean;
    /** A listing's lead: the home it names and how it came. */
    home?: { transactionId: number; source: "inquiry" | "open house"; address: string };
  } = {},
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
        message: options.home
          ? `About ${options.home.address}${input.message ? `: ${input.message}` : ""}`
          : input.message || null,
        homeTransactionId: options.home?.transactionId ?? null,
        source: options.home?.source ?? null,
        createdAt: now,
      })
      .returning()
      .get();
    const { engagement, repeat } =
      options.enroll === false
        ? { engagement: null, repeat: false }
        : enrollLead(tx, submission, now, { welcome: options.welcome ?? true });
    const routed = routeLead(tx, submission, now, options.toAgentId);
    enqueueLeadAlerts(tx, submission, repeat, routed, now);
    if (engagement) sendDueDrip(tx, engagement.id, now);
    // The lead as routing left it (its agent), for an e-mail of its own (an estimate's).
    if (also) also(tx, tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, submission.id)).get()!);
    return { ...submission, engagementId: engagement?.id ?? null };
  });
}

/** Where staff open a lead. */
export const leadPath = (submissionId: number) => `/admin/leads/${submissionId}`;

/**
 * The new lead's alerts, answering to the lead: to its assigned agent, or to each agent it is offered to
 * (with a Claim link), and a copy of each to the agency's staff addresses (LEAD_ALERT_EMAILS, else
 * ADMIN_EMAILS: the broker's inbox); with no routing, to those addresses alone.
 */
function enqueueLeadAlerts(db: DbOrTx, s: ContactSubmission, repeat: boolean, routed: Routed, now: Date) {
  const settings = env().mail;
  const name = `${s.firstName} ${s.lastName}`;
  const leadUrl = `${settings.appUrl}${leadPath(s.id)}`;
  const routing =
    routed.mode === "assigned"
      ? `Assigned to ${fullName(routed.agent) || routed.agent.email}.`
      : routed.mode === "claim"
        ? `Offered to ${countOf(routed.group.length, "agent")} until ${formatDateTime(routed.until)}: the first to claim it has it.`
        : null;
  const render = (claimUrl: string | null, copy: boolean) =>
    renderEmail(
      createElement(LeadAlertEmail, {
        site: settings.site,
        appUrl: settings.appUrl,
        preview: `${name} asked for a free consultation`,
        name,
        email: s.email,
        phone: s.phone,
        message: s.message,
        receivedAt: formatDateTime(s.createdAt),
        leadUrl,
        claimUrl,
        routing: copy ? routing : routed.mode === "claim" ? routing : null,
        repeat,
      }),
    );
  const subject = `New lead: ${name}${repeat ? " (writing again)" : ""}`;
  const send = (
    to: { address: string; name?: string | null },
    content: { html: string; text: string },
    copy: boolean,
  ) =>
    enqueueEmail(
      db,
      {
        kind: "lead_alert",
        to,
        replyTo: s.email || undefined,
        subject: copy && routed.mode !== "admins" ? `${subject} (copy)` : subject,
        ...content,
        links: { contactSubmissionId: s.id },
      },
      now,
    );
  const agents = routed.mode === "assigned" ? [routed.agent] : routed.mode === "claim" ? routed.group : [];
  if (agents.length) {
    const content = render(routed.mode === "claim" ? `${leadUrl}/claim` : null, false);
    for (const agent of agents) send({ address: agent.email, name: fullName(agent) || null }, content, false);
  }
  const copies = settings.leadAlertEmails.filter((address) => !agents.some((a) => a.email === address));
  if (copies.length) {
    const content = render(null, true);
    for (const address of copies) send({ address }, content, true);
  }
}

/** A lead no agent claimed in time: the agency's staff addresses are told it is theirs to assign. */
export function alertUnclaimed(db: DbOrTx, s: ContactSubmission, now: Date) {
  const settings = env().mail;
  const name = `${s.firstName} ${s.lastName}`;
  const { html, text } = renderEmail(
    createElement(LeadAlertEmail, {
      site: settings.site,
      appUrl: settings.appUrl,
      preview: `No agent claimed ${name}`,
      name,
      email: s.email,
      phone: s.phone,
      message: s.message,
      receivedAt: formatDateTime(s.createdAt),
      leadUrl: `${settings.appUrl}${leadPath(s.id)}`,
      routing: "No agent claimed this lead in time: it is the admins' to assign or answer.",
      repeat: false,
    }),
  );
  for (const address of settings.leadAlertEmails) {
    enqueueEmail(
      db,
      {
        kind: "lead_alert",
        to: { address },
        replyTo: s.email || undefined,
        subject: `Unclaimed lead: ${name}`,
        text,
        html,
        links: { contactSubmissionId: s.id },
      },
      now,
    );
  }
}
