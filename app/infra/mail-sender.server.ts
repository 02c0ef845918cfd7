/**
 * The sender, in the primary (or only) server process: every MAIL_TICK_SECONDS it queues the drip e-mails
 * that are due (models/drips.server.ts) and the deadlines' reminders, expires offers, then delivers due rows of the mail queue
 * (models/mail-queue.server.ts) in bounded batches through the transport (mail-transport.server.ts).
 */
import { env, type MailSettings } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import { buffer } from "node:stream/consumers";
import { fileStore } from "~/infra/file-store.server";
import { createMailTransport, type MailAttachment, type MailTransport } from "~/infra/mail-transport.server";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { processDueDrips } from "~/models/drips.server";
import { alertUnclaimed } from "~/models/lead-intake.server";
import { expireOffers } from "~/models/offer-moves.server";
import { expireClaims } from "~/models/routing.server";
import { queueDueReminders } from "~/models/reminders.server";
import { remindListingEnds } from "~/models/listing-reminders.server";
import { purgeListingStarts } from "~/models/listing-start.server";
import { retryDueSeals } from "~/models/agreement-seal.server";
import { askDueFeedback, sendWeeklySummaries } from "~/models/showing-feedback.server";
import { sendReviewReminders } from "~/models/review.server";
import { remindBrokerAgentAgreements, remindRoster } from "~/models/roster-reminders.server";
import { claimDue, markAttemptFailed, markSent, type QueuedEmail } from "~/models/mail-queue.server";
import { listingDayJob } from "~/models/listing-state.server";
import { purgeCountedViews } from "~/models/home-listing.server";
import { todayIn } from "~/lib/plain-date";
import type { FileStore } from "~/models/files.server";

/** A message's attachments read from the store; a file missing fails the attempt (it is tried again later). */
async function attachmentsOf(row: QueuedEmail, files: () => FileStore): Promise<MailAttachment[]> {
  const list = row.attachments ?? [];
  return Promise.all(
    list.map(async (a) => {
      const body = await files().get(a.key);
      if (!body) throw new Error(`The attachment ${a.filename} (${a.key}) is missing from the file store`);
      return { filename: a.filename, contentType: a.contentType, content: await buffer(body) };
    }),
  );
}

/**
 * Delivers due messages in batches of `batchSize` (each batch sent in
 * parallel over the pooled transport) until none is due or `budgetMs` is spent.
 */
export async function deliverDue(
  db: Db,
  transport: MailTransport,
  settings: Pick<MailSettings, "tickMs">,
  options: { now?: () => Date; batchSize?: number; budgetMs?: number; files?: () => FileStore } = {},
) {
  const now = options.now ?? (() => new Date());
  const files = options.files ?? fileStore;
  const batchSize = options.batchSize ?? 100;
  const deadline = Date.now() + (options.budgetMs ?? settings.tickMs);
  const counts = { sent: 0, failed: 0 };
  while (Date.now() < deadline) {
    const rows = claimDue(db, now(), batchSize, settings.tickMs);
    if (rows.length === 0) break;
    await Promise.all(
      rows.map(async (row) => {
        try {
          markSent(db, row.id, await transport.send(row, await attachmentsOf(row, files)), now());
          counts.sent += 1;
        } catch (error) {
          markAttemptFailed(db, row, error, now(), settings.tickMs);
          counts.failed += 1;
          console.warn(
            `[mail] delivery of #${row.id} to ${row.toAddress} failed (attempt ${row.attempts}):`,
            (error as Error).message,
          );
        }
      }),
    );
  }
  return counts;
}

/** Drips queued per tick, in slices with a pause between: rendering 200 e-mails at once would hold every request for a few hundred ms. */
const DRIPS_PER_TICK = 200;
const DRIP_SLICE = 20;

/**
 * One tick: queue due drips and deadline reminders (a slice at a time, letting requests run in between),
 * retry the seals that failed (app/models/agreement-seal.server.ts), delete the listing starts nobody claimed,
 * expire the offers whose time ran out (app/models/offer-moves.server.ts, with their e-mails) and the
 * leads' claims (app/models/routing.server.ts: the admins are told), ask for showings' feedback and send the
 * sellers' weekly summaries (app/models/showing-feedback.server.ts), remind once about a review
 * (app/models/review.server.ts), remind the broker of licenses and DRE notices (app/models/roster-reminders.server.ts),
 * once a San Diego day the listings' day job (app/models/listing-state.server.ts: an MLS date reached goes live, an
 * ended agreement leaves the site) and the day's view hashes deleted once counted, then deliver.
 */
export async function mailTick(
  db: Db,
  transport: MailTransport,
  settings: MailSettings,
  now: () => Date = () => new Date(),
) {
  for (let queued = 0; queued < DRIPS_PER_TICK;) {
    const slice = processDueDrips(db, now(), DRIP_SLICE);
    if (slice === 0) break;
    queued += slice;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await queueReminders(db, now);
  expireOffers(db, now());
  remindListingEnds(db, now());
  purgeListingStarts(db, now());
  await retryDueSeals(db, agreementPaper(), now());
  askDueFeedback(db, now());
  sendWeeklySummaries(db, now());
  sendReviewReminders(db, now());
  remindRoster(db, now());
  remindBrokerAgentAgreements(db, now());
  expireClaims(db, now(), alertUnclaimed);
  dailyJobs(db, now());
  return deliverDue(db, transport, settings, { now });
}

/** The San Diego day the daily jobs last ran in this process (a restart runs them again: they are idempotent). */
let dailyRanOn: string | null = null;

/** Once a San Diego day, on the first tick of the day: the listings' states by the day, the counted views' hashes. */
export function dailyJobs(db: Db, now: Date) {
  const today = todayIn(now);
  if (dailyRanOn === today) return;
  dailyRanOn = today;
  const changed = listingDayJob(db, now);
  const purged = purgeCountedViews(db, now);
  if (changed || purged)
    console.log(`[daily] ${changed} listing(s) changed state, ${purged} counted view hash(es) deleted`);
}

/**
 * Deadline reminders: at most REMINDERS_PER_TICK deadlines a tick and no new slice once
 * REMINDER_TICK_BUDGET_MS have gone, so that a tick stays under a second (each deadline renders two or
 * three e-mails); the rest follow at the next ticks (a busy morning takes several ticks; an agency of a few
 * hundred transactions, the first). Queued REMINDER_SLICE at a time with requests running in between.
 */
const REMINDERS_PER_TICK = 80;
const REMINDER_SLICE = 5;
const REMINDER_TICK_BUDGET_MS = 600;

/** Queues the reminders due (app/models/reminders.server.ts); returns how many deadlines were reminded. */
export async function queueReminders(db: Db, now: () => Date = () => new Date(), budgetMs = REMINDER_TICK_BUDGET_MS) {
  const started = performance.now();
  let total = 0;
  while (total < REMINDERS_PER_TICK) {
    const slice = queueDueReminders(db, now(), REMINDER_SLICE);
    total += slice;
    if (slice < REMINDER_SLICE || performance.now() - started >= budgetMs) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return total;
}

/**
 * Starts the sender: a tick now and every MAIL_TICK_SECONDS (never two at
 * once). `stop()` waits for the current batch, then closes the transport.
 */
export function startMailer(getDb: () => Db) {
  const settings = env().mail;
  const transport = createMailTransport(settings);
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = mailTick(getDb(), transport, settings)
      .catch((error: unknown) => console.error("[mail] tick failed:", error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, settings.tickMs);
  timer.unref();
  tick();
  return {
    transport,
    async stop() {
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
