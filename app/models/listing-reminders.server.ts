/**
 * A listing agreement's end date is a key date of its sale (docs/agreements.md): 14 days before it, from
 * REMINDER_HOUR in San Diego, the seller and the agent (or the office, with no agent) are e-mailed once;
 * a new end date (a new agreement) gets its own reminder. The mail sender calls this on every tick
 * (app/infra/mail-sender.server.ts); recorded in the same database transaction as its e-mails.
 */
import { and, eq, gte, isNull, lte, ne, or } from "drizzle-orm";
import { env } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import { agreements, transactions, users } from "~/db/schema";
import { fullName } from "~/lib/format";
import { addDaysTo, formatPlainDate, instantAt, todayIn } from "~/lib/plain-date";
import { mailAgreement, signingUrl } from "~/models/agreement-mail.server";
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
      const action = { label: "Open the agreement", url: signingUrl(settings.appUrl, agreement.id) };
      const to = [
        ...(client ? [{ email: client.email, name: fullName(client) || null }] : []),
        ...staffRecipients(tx, transaction).map((r) => ({ email: r.address, name: r.name })),
      ];
      for (const recipient of to)
        mailAgreement(tx, { ...agreement, transactionId: transaction.id }, recipient, subject, lines, action, now);
      tx.update(agreements).set({ endRemindedOn: endsOn }).where(eq(agreements.id, agreement.id)).run();
    });
  }
  return due.length;
}
