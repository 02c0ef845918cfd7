/**
 * The broker's reminders about the roster (docs/roster.md; 10 CCR 2752): a license's expiry 90 and 30
 * days before (once each per expiry date), and a DRE notice owed for a hire (within 5 days) or a departure (within
 * 10), once a day until the broker marks it sent on the team page. From REMINDER_HOUR in San Diego, to every active
 * admin. The mail sender calls this on every tick (app/infra/mail-sender.server.ts); the team is a few dozen rows,
 * read through `users_team_idx`. Beside them, once a week, an agent without a signed broker–agent agreement
 * (`remindBrokerAgentAgreements`).
 */
import { eq } from "drizzle-orm";
import { env } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import { staffRow, users } from "~/db/schema";
import { fullName } from "~/lib/format";
import { addDaysTo, formatPlainDate, instantAt, todayIn } from "~/lib/plain-date";
import { dreNoticesDue, dreNoticeWords, licenseReminderDue } from "~/lib/roster-rules";
import { latestBrokerAgentAgreements, standingOf } from "~/models/broker-agent-agreement.server";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { adminRecipients } from "~/models/staff-recipients.server";

/** Queues the roster's reminders due at `now`; returns how many were queued (one per person and subject). */
export function remindRoster(db: Db, now: Date): number {
  const settings = env().mail;
  const today = todayIn(now);
  if (now < instantAt(today, settings.reminderHour)) return 0;
  const team = `${settings.appUrl}/admin/team`;
  let queued = 0;
  for (const person of db.select().from(users).where(staffRow).all()) {
    const name = fullName(person) || person.email;
    const days = person.deactivatedAt
      ? null
      : licenseReminderDue(person.licenseExpiresOn, person.licenseReminded, today);
    const notices = dreNoticesDue(person, today);
    const dreDue = notices.length > 0 && person.dreRemindedOn !== today;
    if (days === null && !dreDue) continue;
    db.transaction((tx) => {
      for (const admin of adminRecipients(tx)) {
        if (days !== null) {
          queuePlainEmail(
            tx,
            {
              kind: "staff_notice",
              to: admin,
              subject: `${name}'s DRE license expires on ${formatPlainDate(person.licenseExpiresOn!)}`,
              lines: [
                `${name}'s DRE license #${person.licenseNumber ?? "(none entered)"} expires in ${days} days, on ${formatPlainDate(person.licenseExpiresOn!)}.`,
                "Once it has expired they cannot be assigned leads or clients. When the license is renewed (45 hours of continuing education), enter its new expiry date on the team page.",
              ],
              action: { label: "Open the team page", url: team },
            },
            now,
          );
        }
        if (dreDue) {
          queuePlainEmail(
            tx,
            {
              kind: "staff_notice",
              to: admin,
              subject: `A DRE notice is due for ${name}`,
              lines: [
                ...notices.map((n) => `${dreNoticeWords(n)}.`),
                "The DRE is told within 5 days of a hire and 10 days of a departure (10 CCR 2752). Mark it sent on the team page to stop this reminder.",
              ],
              action: { label: "Open the team page", url: team },
            },
            now,
          );
        }
      }
      tx.update(users)
        .set({
          ...(days !== null ? { licenseReminded: `${person.licenseExpiresOn}:${days}` } : {}),
          ...(dreDue ? { dreRemindedOn: today } : {}),
        })
        .where(eq(users.id, person.id))
        .run();
      queued += (days !== null ? 1 : 0) + (dreDue ? 1 : 0);
    });
  }
  return queued;
}

/** How often the broker is reminded of an agent without a signed broker–agent agreement. */
export const AGREEMENT_REMINDER_DAYS = 7;

/**
 * The broker's reminder of each active agent without a signed broker–agent agreement (10 CCR 2726), once a week per
 * agent from REMINDER_HOUR, to every active admin (app/models/broker-agent-agreement.server.ts). The agent may still
 * be assigned meanwhile. Returns how many agents were named.
 */
export function remindBrokerAgentAgreements(db: Db, now: Date): number {
  const settings = env().mail;
  const today = todayIn(now);
  if (now < instantAt(today, settings.reminderHour)) return 0;
  let named = 0;
  const due = db
    .select()
    .from(users)
    .where(staffRow)
    .all()
    .filter((person) => person.isAgent && !person.isAdmin && !person.deactivatedAt)
    .filter(
      (person) =>
        !person.agreementRemindedOn || addDaysTo(person.agreementRemindedOn, AGREEMENT_REMINDER_DAYS) <= today,
    );
  // Every agreement in one query, not one per person.
  const latest = latestBrokerAgentAgreements(
    db,
    due.map((person) => person.id),
  );
  for (const person of due) {
    const agreement = latest.get(person.id);
    const standing = standingOf(agreement?.status);
    if (standing === "signed") continue;
    const name = fullName(person) || person.email;

    db.transaction((tx) => {
      for (const admin of adminRecipients(tx)) {
        queuePlainEmail(
          tx,
          {
            kind: "staff_notice",
            to: admin,
            subject: `${name} has no signed broker–agent agreement`,
            lines: [
              standing === "out"
                ? `${name}'s broker–agent agreement was sent and is not signed yet: they sign first, then the broker.`
                : `${name} works under your license without a signed broker–agent agreement.`,
              "California asks the broker for a written, dated and signed agreement with each agent (10 CCR 2726). Send it from the team page.",
            ],
            action: { label: "Open the team page", url: `${settings.appUrl}/admin/team` },
          },
          now,
        );
      }
      tx.update(users).set({ agreementRemindedOn: today }).where(eq(users.id, person.id)).run();
    });
    named += 1;
  }
  return named;
}
