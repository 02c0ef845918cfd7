/**
 * A listing agreement's end date is a key date of its sale (docs/agreements.md): 14 days before it, from
 * REMINDER_HOUR in San Diego, the seller and the agent (or the office, with no agent) are e-mailed once;
 * a new end date (a new agreement) gets its own reminder. The mail sender calls this on every tick
 * (app/infra/mail-sender.server.ts); recorded in the same database transaction as its e-mails.
 */
import { and, eq, gte, isNull, lte, ne, or } from "drizzle-orm";
import { createElement } from "react";
import { env } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import { agreements, transactions, users } from "~/db/schema";
import { AgreementEmail } from "~/emails/agreement";
import { renderEmail } from "~/emails/render.server";
import { fullName } from "~/lib/format";
import { addDaysTo, formatPlainDate, instantAt, todayIn } from "~/lib/plain-date";
import { enqueueEmail } from "~/models/mail-queue.server";
import { staffRecipients } from "~/models/staff-recipients.server";

export const LISTING_END_NOTICE_DAYS = 14;

/** Queues the reminders due at `now`, at most `limit` agreements; returns how many were reminded. */
export function remindListingEnds(db: Db, now: Date, limit = 20): number {
  const settings = env().mail;
  const today = todayIn(now);
  if (now < instantAt(today, settings.reminderHour)) return 0;
  const due = db
    .select({ agreement: agreements, transaction: transactions })
    .from(agreements)
    .innerJoin(transactions, eq(transactions.id, agreements.transactionId))
    .where(
      and(
        eq(agreements.kind, "listing"),
        eq(agreements.status, "signed"),
        gte(agreements.endsOn, today),
        lte(agreements.endsOn, addDaysTo(today, LISTING_END_NOTICE_DAYS)),
        or(isNull(agreements.endRemindedOn), ne(agreements.endRemindedOn, agreements.endsOn)),
        eq(transactions.status, "active"),
      ),
    )
    .limit(limit)
    .all();
  for (const { agreement, transaction } of due) {
    db.transaction((tx) => {
      const endsOn = agreement.endsOn!;
      const subject = `Your listing agreement ends on ${formatPlainDate(endsOn)}`;
      const client = tx.select().from(users).where(eq(users.id, agreement.clientId)).get();
      const lines = [
        `The listing agreement for ${transaction.propertyAddress ?? "the home"} ends on ${formatPlainDate(endsOn)}.`,
        "To keep the home on the market after that date, the seller and the agent sign a new agreement (a listing never renews by itself).",
      ];
      const { html, text } = renderEmail(
        createElement(AgreementEmail, {
          site: settings.site,
          appUrl: settings.appUrl,
          preview: subject,
          heading: subject,
          lines,
          action: { label: "Open the agreement", url: `${settings.appUrl}/agreements/${agreement.id}/sign` },
        }),
      );
      const to = [
        ...(client ? [{ address: client.email, name: fullName(client) || null }] : []),
        ...staffRecipients(tx, transaction),
      ];
      for (const recipient of to) {
        enqueueEmail(
          tx,
          { kind: "agreement", to: recipient, subject, text, html, links: { transactionId: transaction.id } },
          now,
        );
      }
      tx.update(agreements).set({ endRemindedOn: endsOn }).where(eq(agreements.id, agreement.id)).run();
    });
  }
  return due.length;
}
