/**
 * A campaign e-mail as one lead receives it: {{firstName}} filled in, links to the site tracked, the
 * unsubscribe link and the RFC 8058 one-click headers, and a Reply-To of the staff who get lead alerts
 * (LEAD_ALERT_EMAILS), so that a lead's reply reaches a person (the lead alert's own Reply-To is the lead).
 * The admin's preview renders it too (a sample lead).
 */
import { createElement } from "react";
import { env } from "~/config/env.server";
import { DripEmail, type DripParagraph } from "~/emails/drip";
import { renderEmail } from "~/emails/render.server";
import { fillPlaceholders, oneLine } from "~/lib/mail-text";
import { trackedUrl, unsubscribeUrl } from "~/models/lead-links.server";
import type { OutgoingEmail } from "~/models/mail-queue.server";

/**
 * The content's paragraphs, each a list of text and links: a `[label](/path)` is a link to that page of the
 * site, and a bare link to the site (its APP_URL) one too; both become tracked links, which count the click
 * (app/models/click-tracking.server.ts) before they redirect.
 */
export function dripParagraphs(content: string, engagementId: number): DripParagraph[] {
  const site = env().mail.appUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`\\[([^\\]\\n]{1,200})\\]\\((/[^\\s)]*)\\)|${site}(/[^\\s)]*)?`, "g");
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const parts: DripParagraph = [];
      let at = 0;
      for (const m of line.matchAll(link)) {
        if (m.index > at) parts.push(line.slice(at, m.index));
        const path = m[2] ?? m[3] ?? "/";
        const href = trackedUrl(engagementId, path);
        // A bare link shows the tracked address itself: no untracked copy of it is left in the e-mail.
        parts.push({ label: m[1] ?? href, href });
        at = m.index + m[0].length;
      }
      if (at < line.length) parts.push(line.slice(at));
      return parts;
    });
}

/**
 * `agent`: the lead's assigned agent (their name, license number, phone and e-mail are in the footer and
 * the call to action, and a reply reaches them), or null: the broker's line, and a reply reaches staff.
 */
export function buildDripEmail(
  engagementId: number,
  lead: { email: string; firstName: string; lastName: string },
  campaignEmail: { subject: string; content: string },
  agent: { name: string; licenseNumber: string | null; phone: string | null; email: string } | null = null,
): OutgoingEmail {
  const { site, appUrl, leadAlertEmails } = env().mail;
  const firstName = oneLine(lead.firstName, 100);
  const subject = fillPlaceholders(campaignEmail.subject, { firstName });
  const unsubscribe = unsubscribeUrl(engagementId);
  const { html, text } = renderEmail(
    createElement(DripEmail, {
      site,
      appUrl,
      preview: subject,
      unsubscribeUrl: unsubscribe,
      agent: agent ? { name: agent.name, licenseNumber: agent.licenseNumber } : null,
      agentContact: agent,
      paragraphs: dripParagraphs(fillPlaceholders(campaignEmail.content, { firstName }), engagementId),
    }),
  );
  return {
    kind: "drip",
    to: { address: lead.email, name: `${lead.firstName} ${lead.lastName}` },
    subject,
    text,
    html,
    replyTo: agent ? agent.email : leadAlertEmails.length ? leadAlertEmails.join(", ") : site.email,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
