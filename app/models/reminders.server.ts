/**
 * Deadline reminders (docs/decisions/018-deadlines.md): for each open deadline of an active transaction, an
 * e-mail to the client (unless they turned notices off) and to staff (LEAD_ALERT_EMAILS) two days before
 * and on the day, at REMINDER_HOUR in San Diego, through the outbox. The sender calls this on every tick.
 *
 * Once only: a reminder is recorded in `deadline_reminders` (unique per deadline, kind and date) in the
 * same database transaction as its e-mails, so a restart or a second process never sends it again, and a
 * changed date gets reminders of its own. Late: a reminder whose hour has passed goes out at the next tick
 * while its deadline is today or ahead; when the day's reminder is due too, only that one goes (the other
 * is recorded as skipped). Past, done and waived deadlines get none.
 */
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { env, type MailSettings } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import { deadlineReminders, deadlines } from "~/db/schema";
import type { ReminderKind } from "~/domain/enums";
import { DeadlineReminderEmail } from "~/emails/deadline-reminder";
import { renderEmail } from "~/emails/render.server";
import { ruleOf } from "~/lib/deadlines";
import { addDaysTo, formatPlainDate, formatShortDate, instantAt, todayIn } from "~/lib/plain-date";
import { openDeadlinesDue } from "~/models/contract.server";
import { enqueueEmail, type OutgoingEmail } from "~/models/mail-queue.server";
import { recipientOf } from "~/models/client-notices.server";
import { tabPath } from "~/lib/workspace-tabs";

const PORTAL_PATH = "/client-portal";

/**
 * Queues the reminders due at `now`, at most `limit` deadlines (the sender calls it again, letting
 * requests run in between, until it returns 0); returns how many deadlines were reminded.
 */
export function queueDueReminders(db: Db, now: Date, limit = 50): number {
  const settings = env().mail;
  const today = todayIn(now);
  // After the hour, today's deadlines get their day's reminder and those two days ahead their first one.
  const dayOfOpen = now >= instantAt(today, settings.reminderHour);
  const reminded = (kind: ReminderKind) =>
    sql`EXISTS (SELECT 1 FROM ${deadlineReminders} r WHERE r.deadline_id = ${deadlines.id}
      AND r.kind = ${kind} AND r.due_on = ${deadlines.dueOn})`;
  const candidates = openDeadlinesDue(
    db,
    today,
    addDaysTo(today, dayOfOpen ? 2 : 1),
    sql`NOT ${reminded("day_of")}`,
    dayOfOpen ? sql`(${deadlines.dueOn} = ${today} OR NOT ${reminded("two_days")})` : sql`NOT ${reminded("two_days")}`,
  )
    .limit(limit)
    .all();
  let count = 0;
  for (const row of candidates) {
    const { deadline } = row;
    const kind: ReminderKind = dayOfOpen && deadline.dueOn === today ? "day_of" : "two_days";
    const emails = reminderEmails(row, kind, settings);
    const queued = db.transaction((tx) => {
      const inserted = tx
        .insert(deadlineReminders)
        .values({ deadlineId: deadline.id, kind, dueOn: deadline.dueOn, sent: true, createdAt: now })
        .onConflictDoNothing()
        .returning()
        .all();
      if (inserted.length === 0) return false; // another process queued it
      if (kind === "day_of") {
        // The two-day reminder, if it never went, is not sent after this one.
        tx.insert(deadlineReminders)
          .values({ deadlineId: deadline.id, kind: "two_days", dueOn: deadline.dueOn, sent: false, createdAt: now })
          .onConflictDoNothing()
          .run();
      }
      for (const email of emails) enqueueEmail(tx, email, now);
      return true;
    });
    if (queued) count += 1;
  }
  return count;
}

type Candidate = ReturnType<ReturnType<typeof openDeadlinesDue>["all"]>[number];

/** The e-mails of one reminder: the client's (unless notices are off) and each staff address's. */
function reminderEmails(row: Candidate, kind: ReminderKind, settings: MailSettings): OutgoingEmail[] {
  const { deadline } = row;
  const rule = ruleOf(deadline.key);
  const property = row.propertyAddress || "your property";
  const date = formatPlainDate(deadline.dueOn);
  const movedFrom = deadline.movedFrom
    ? `moved from ${formatShortDate(deadline.movedFrom)} (${deadline.movedReason})`
    : null;
  const subject =
    kind === "day_of" ? `Today: ${rule.title} (${property})` : `Reminder: ${rule.title} on ${date} (${property})`;
  const heading = kind === "day_of" ? `Today: ${rule.title}` : `In two days: ${rule.title}`;
  const recipients: { address: string; name: string | null; staff: boolean }[] = [];
  if (row.client.notices) {
    recipients.push({ ...recipientOf(row.client), staff: false });
  }
  for (const address of settings.leadAlertEmails) recipients.push({ address, name: null, staff: true });
  return recipients.map((to) => {
    const url = `${settings.appUrl}${to.staff ? `${tabPath(deadline.transactionId, "contract")}#contract` : PORTAL_PATH}`;
    const { html, text } = renderEmail(
      createElement(DeadlineReminderEmail, {
        site: settings.site,
        appUrl: settings.appUrl,
        preview: subject,
        heading,
        title: rule.title,
        date,
        property,
        task: rule.task[row.type],
        movedFrom,
        linkText: to.staff ? "Open the transaction" : "Open your portal",
        url,
      }),
    );
    return {
      kind: "deadline_reminder" as const,
      to: { address: to.address, name: to.name },
      subject,
      text,
      html,
      links: { transactionId: deadline.transactionId },
    };
  });
}
