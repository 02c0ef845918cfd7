/**
 * A plain e-mail queued (app/emails/plain.tsx: a heading, which is its subject, its lines and an optional
 * button): the one way the agreements', the showings' and tours', and the backups' e-mails are written and
 * stored, in the database transaction of the step that causes them.
 */
import { createElement } from "react";
import type { DbOrTx } from "~/db/client.server";
import { PlainEmail } from "~/emails/plain";
import { renderEmail } from "~/emails/render.server";
import { env } from "~/config/env.server";
import { enqueueEmail, type OutgoingEmail } from "~/models/mail-queue.server";

export function queuePlainEmail(
  tx: DbOrTx,
  email: Pick<OutgoingEmail, "kind" | "to" | "subject" | "calendar" | "attachments"> & {
    lines: string[];
    action: { label: string; url: string } | null;
    transactionId?: number | null;
  },
  now: Date,
) {
  const settings = env().mail;
  const { html, text } = renderEmail(
    createElement(PlainEmail, {
      site: settings.site,
      appUrl: settings.appUrl,
      preview: email.subject,
      heading: email.subject,
      lines: email.lines,
      action: email.action,
    }),
  );
  enqueueEmail(
    tx,
    {
      kind: email.kind,
      to: email.to,
      subject: email.subject,
      text,
      html,
      calendar: email.calendar,
      attachments: email.attachments,
      links: email.transactionId == null ? undefined : { transactionId: email.transactionId },
    },
    now,
  );
}
