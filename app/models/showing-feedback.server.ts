/**
 * What follows a showing (docs/showings.md), run by the mail tick (app/infra/mail-sender.server.ts):
 * an hour after an approved showing ends its buyer's agent is asked for feedback (their own link, no account),
 * reminded once 24 hours later, then left alone; each active listing's seller gets a weekly summary of the
 * week's showings and what the agents said. Both walk an index of due times (`showings.feedback_due_at`,
 * `showing_settings.summary_due_at`), a bounded slice per tick.
 */
import { openHousesOfWeek } from "~/models/open-house.server";
import { and, asc, eq, gte, isNotNull, lt, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { showingSettings, showings, transactions, users } from "~/db/schema";
import { env } from "~/config/env.server";
import { formatDate, formatSlot, fullName } from "~/lib/format";
import { PRICE_OPINION_LABELS } from "~/lib/showing-schema";
import { DAY_MS } from "~/lib/time";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { mailBuyerAgent } from "~/models/showing-mail.server";

/** The reminder goes this long after the request, and nothing after it. */
export const FEEDBACK_REMINDER_MS = DAY_MS;
const WEEK_MS = 7 * DAY_MS;

/** Asks for (or reminds of) the feedback due by `now`, at most `limit` showings; returns how many were e-mailed. */
export function askDueFeedback(db: Db, now: Date, limit = 50): number {
  const due = db
    .select()
    .from(showings)
    .where(lte(showings.feedbackDueAt, now))
    .orderBy(asc(showings.feedbackDueAt))
    .limit(limit)
    .all();
  let mailed = 0;
  for (const showing of due) {
    db.transaction((tx) => {
      const transaction = tx.select().from(transactions).where(eq(transactions.id, showing.transactionId)).get();
      const ask = showing.status === "approved" && !showing.feedbackAt && showing.feedbackAsks < 2 && transaction;
      tx.update(showings)
        .set({
          feedbackAsks: ask ? showing.feedbackAsks + 1 : showing.feedbackAsks,
          feedbackDueAt: ask && showing.feedbackAsks === 0 ? new Date(now.getTime() + FEEDBACK_REMINDER_MS) : null,
        })
        .where(eq(showings.id, showing.id))
        .run();
      if (!ask || !transaction) return;
      mailBuyerAgent(tx, showing, transaction, "", showing.feedbackAsks === 0 ? "feedback" : "reminder", now);
      mailed++;
    });
  }
  return mailed;
}

/**
 * The weekly summaries due by `now` (at most `limit`): each active listing's seller is sent the past week's
 * showings, their average interest, the price opinions and the comments; a listing no longer active gets no
 * more. The next is due a week after this one (or a week from now, after a long stop).
 */
export function sendWeeklySummaries(db: Db, now: Date, limit = 20): number {
  const due = db
    .select({ settings: showingSettings, transaction: transactions })
    .from(showingSettings)
    .innerJoin(transactions, eq(transactions.id, showingSettings.transactionId))
    .where(and(isNotNull(showingSettings.summaryDueAt), lte(showingSettings.summaryDueAt, now)))
    .orderBy(asc(showingSettings.summaryDueAt))
    .limit(limit)
    .all();
  let sent = 0;
  for (const { settings, transaction } of due) {
    db.transaction((tx) => {
      const active = transaction.status === "active" && transaction.type === "selling";
      const dueAt = settings.summaryDueAt!.getTime();
      const next = dueAt + WEEK_MS > now.getTime() ? dueAt + WEEK_MS : now.getTime() + WEEK_MS;
      tx.update(showingSettings)
        .set({ summaryDueAt: active ? new Date(next) : null })
        .where(eq(showingSettings.transactionId, transaction.id))
        .run();
      const seller = active ? tx.select().from(users).where(eq(users.id, transaction.userId)).get() : undefined;
      if (!seller) return;
      const from = new Date(now.getTime() - WEEK_MS);
      // The week's showings that took place, by the index (transaction, start).
      const week = tx
        .select()
        .from(showings)
        .where(
          and(
            eq(showings.transactionId, transaction.id),
            gte(showings.start, from),
            lt(showings.start, now),
            eq(showings.status, "approved"),
          ),
        )
        .orderBy(asc(showings.start))
        .all()
        .filter((s) => s.end <= now);
      const address = transaction.propertyAddress ?? "your home";
      const rated = week.filter((s) => s.interest !== null);
      const average = rated.length ? rated.reduce((sum, s) => sum + s.interest!, 0) / rated.length : null;
      const prices = Object.entries(PRICE_OPINION_LABELS)
        .map(([key, label]) => [label, week.filter((s) => s.priceOpinion === key).length] as const)
        .filter(([, n]) => n > 0)
        .map(([label, n]) => `${label}: ${n}`);
      const lines = week.length
        ? [
            `${week.length} ${week.length === 1 ? "showing" : "showings"} of ${address} from ${formatDate(from)} to ${formatDate(now)}.`,
            average !== null
              ? `Average interest: ${average.toFixed(1)} of 5 (${rated.length} ${rated.length === 1 ? "answer" : "answers"}).`
              : "No feedback yet: the agents are asked an hour after each showing and reminded once.",
            ...(prices.length ? [`The price: ${prices.join(", ")}.`] : []),
            ...week.map(
              (s) =>
                `${formatSlot(s.start)}, ${s.agentName} (${s.brokerage})${
                  s.interest !== null
                    ? `: interest ${s.interest}/5, price ${PRICE_OPINION_LABELS[s.priceOpinion!].toLowerCase()}${s.comments ? `, "${s.comments}"` : ""}`
                    : ": no feedback yet"
                }`,
            ),
          ]
        : [`No showings of ${address} from ${formatDate(from)} to ${formatDate(now)}.`];
      // The week's open houses: visitors counted, with an agent or not (no names: the seller's view).
      for (const o of openHousesOfWeek(tx, transaction.id, from, now)) {
        lines.push(
          `Open house ${formatSlot(o.start)}: ${o.visitors} ${o.visitors === 1 ? "visitor" : "visitors"} (${o.withAgent} with an agent, ${o.visitors - o.withAgent} without).`,
        );
      }
      queuePlainEmail(
        tx,
        {
          kind: "showing",
          to: { address: seller.email, name: fullName(seller) || null },
          subject: `Your week of showings: ${address}`,
          lines,
          action: { label: "See every showing", url: `${env().mail.appUrl}/client-portal#showings` },
          transactionId: transaction.id,
        },
        now,
      );
      sent++;
    });
  }
  return sent;
}
