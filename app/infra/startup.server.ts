/**
 * What runs once when the server starts: configuration check, database
 * migrations and first-start seed, expired-session purge, the file store (its folder; the daily
 * retention job deletes documents past their date, stray files and a crash's half-written uploads), the SMTP
 * door for replies (INBOUND_SMTP_PORT), and the local demo OpenID provider when no external one is configured.
 *
 * With WEB_CONCURRENCY above 1 (server/cluster.ts) the work is split by SERVER_ROLE: the primary
 * ("jobs") does all of the above and serves no page; each worker ("web") opens the database and serves
 * pages. One process, and only one, sends mail, receives replies over SMTP, runs backups and the demo provider.
 */
import { env, EnvError } from "~/config/env.server";
import { seedDatabase } from "~/db/seed.server";
import { backupSite, describeBackup } from "~/infra/backup.server";
import { agreementPaper, sealCertificate } from "~/infra/agreement-pdf.server";
import { getDb, replicating, setDb } from "~/infra/database.server";
import { startReplication, type Replicator } from "~/infra/litestream.server";
import { DirectoryStore, fileStore } from "~/infra/file-store.server";
import { startInboundSmtp, type InboundSmtp } from "~/infra/inbound-smtp.server";
import { closeLocalProvider, localProviderInfo } from "~/infra/local-oidc-provider.server";
import { startMailer } from "~/infra/mail-sender.server";
import { purgeExpiredSessions } from "~/infra/session.server";
import { ListenError } from "~/lib/errors";
import { todayIn } from "~/lib/plain-date";
import { seedTemplates } from "~/models/agreement-template.server";
import { seedDisclosure } from "~/models/consent-disclosure.server";
import { seedLegalTexts } from "~/models/legal-text.server";
import { completePendingAgreements } from "~/models/agreement-seal.server";
import { purgeDocuments } from "~/models/document.server";
import { nudgeReplication } from "~/models/offsite.server";
import { purgeImages } from "~/models/image.server";
import { refreshSoldFigures } from "~/models/sold-home.server";
import { backfillListingRows } from "~/models/transaction-setup.server";
import { listingDayJob } from "~/models/listing-state.server";
import { startCopier, snapshotTmpDir, type Copier } from "~/infra/offsite-copier.server";
import { siteObjectStore } from "~/infra/offsite-store.server";

/** How often the copier sends what is due to the S3 store. */
const OFFSITE_TICK_MS = 5_000;

const state = globalThis as unknown as {
  __startup?: Promise<void>;
  __purgeTimer?: NodeJS.Timeout;
  __backupTimer?: NodeJS.Timeout;
  __copier?: Copier;
  __retentionTimer?: NodeJS.Timeout;
  __mailer?: ReturnType<typeof startMailer>;
  __inboundSmtp?: Promise<InboundSmtp>;
  __replicator?: Promise<Replicator>;
};

async function run() {
  const config = env();
  const db = getDb();
  fileStore(); // FILES_DIR is created at start
  if (config.SERVER_ROLE === "web") return; // the primary migrated, seeded and runs the jobs

  void runRetention();
  state.__retentionTimer ??= setInterval(() => void runRetention(), 24 * 3600_000).unref();

  const seeded = seedDatabase(db);
  seedTemplates(db);
  seedDisclosure(db);
  seedLegalTexts(db);
  // Sales opened before their listing row was made with them (migration 0033), then the day's listing states.
  const rows = backfillListingRows(db);
  if (rows) console.log(`[listings] ${rows} sale(s) given their listing row`);
  listingDayJob(db);
  const refreshed = refreshSoldFigures(db);
  if (refreshed) console.log(`[proof] ${refreshed} sold home(s) given their fee from their signed agreement`);
  purgeExpiredSessions(db);
  state.__purgeTimer ??= setInterval(() => purgeExpiredSessions(getDb()), 3600_000).unref();

  console.log(`Database ready at ${config.DATABASE_URL}${seeded ? " (seeded)" : ""}`);
  sealCertificate();
  void completePendingAgreements(db, agreementPaper())
    .then((n) => n && console.log(`[agreements] sealed ${n} agreement(s) signed before a stop or a failed seal`))
    .catch((error: unknown) => console.error("[agreements] sealing at start failed:", error));
  console.log(
    `Agreements are sealed with ${config.signingP12.configured ? "SIGNING_P12" : "a self-signed certificate"} (${config.signingP12.path})`,
  );
  if (config.useLocalOidc) {
    const provider = await localProviderInfo();
    console.log(
      `Sign-in uses the LOCAL DEMO OpenID provider at ${provider.issuer} ` +
        "(any e-mail address signs in; for trying the product only). " +
        "Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to use a real provider.",
    );
  } else {
    console.log(`Sign-in uses the OpenID provider at ${config.OIDC_ISSUER}`);
  }
  state.__mailer ??= startMailer(getDb);
  console.log(
    `E-mail: ${state.__mailer.transport.describe}` +
      (config.SMTP_URL ? "" : " (no SMTP_URL: nothing is sent; open them with any mail program, or in /admin/emails)") +
      `, checked every ${config.MAIL_TICK_SECONDS} s`,
  );
  const inbound = config.inbound;
  if (inbound.smtpPort && inbound.domain) {
    state.__inboundSmtp ??= startInboundSmtp(getDb, {
      port: inbound.smtpPort,
      domain: inbound.domain,
      tls: inbound.tls,
    });
    await state.__inboundSmtp;
    console.log(
      `Replies: SMTP on port ${inbound.smtpPort}${inbound.tls ? " (STARTTLS)" : ""} for reply+TOKEN@${inbound.domain}`,
    );
  }
  if (inbound.webhookSecret) console.log("Replies: POST /api/inbound-email (a provider's inbound webhook)");
  if (config.s3 && replicating()) {
    state.__replicator ??= startReplication(config.DATABASE_URL, config.s3, {
      dayOf: (now) => todayIn(now),
      nudge: () => nudgeReplication(getDb()),
    });
    await state.__replicator;
  }
  if (config.s3) {
    const local = new DirectoryStore(config.filesDir);
    state.__copier ??= startCopier(getDb, local, siteObjectStore(), {
      tickMs: OFFSITE_TICK_MS,
      intervalHours: config.backupIntervalHours,
      tmpDir: snapshotTmpDir(config.DATABASE_URL),
      hashOf: (key) => local.hashOf(key),
    });
    console.log(
      `Backups: every file copied to the S3 store ${config.s3.bucket}/${config.s3.prefix}, the database replicated ` +
        `by Litestream` +
        (config.backupIntervalHours > 0 ? `, a database archive every ${config.backupIntervalHours} h` : ""),
    );
  } else if (config.backupIntervalHours > 0) {
    state.__backupTimer ??= setInterval(() => void runBackup(), config.backupIntervalHours * 3600_000).unref();
    console.log(`Backups: every ${config.backupIntervalHours} h to ${config.backupDir} (the newest 14 are kept)`);
  }
  console.log(`Files: ${config.filesDir} (uploads up to ${config.UPLOAD_MAX_MB} MB a file)`);
  console.log(`Site: ${config.APP_URL}`);
}

/** The documents' retention (app/models/document.server.ts `purgeDocuments`): daily, and once at start. */
async function runRetention() {
  try {
    const { purged, orphans } = await purgeDocuments(getDb(), fileStore());
    const images = await purgeImages(getDb(), fileStore());
    // Not at start before the uploads: a cluster's web processes may already be writing theirs.
    const partials = await fileStore().removePartials(new Date(Date.now() - 24 * 3600_000));
    if (purged || orphans || images || partials) {
      console.log(
        `[retention] deleted ${purged} removed document(s), ${orphans} stray file(s), ${images} unused image(s), ` +
          `${partials} half-written upload(s)`,
      );
    }
  } catch (error) {
    console.error("[retention] failed:", error);
  }
}

async function runBackup() {
  try {
    const { backupDir, filesDir } = env();
    const result = await backupSite(getDb(), { backupDir, filesDir });
    for (const line of describeBackup(result)) console.log(`[backup] ${line}`);
  } catch (error) {
    console.error("[backup] failed:", error);
  }
}

/**
 * The end of a graceful stop (server/graceful-stop.ts calls it once no request is in flight): timers stop, the mailer
 * finishes its current batch, the local provider closes, and the database is checkpointed and closed.
 */
export async function shutdown() {
  clearInterval(state.__purgeTimer);
  clearInterval(state.__backupTimer);
  state.__copier?.stop();
  clearInterval(state.__retentionTimer);
  await state.__mailer?.stop();
  await (await state.__inboundSmtp?.catch(() => undefined))?.close();
  await closeLocalProvider();
  const db = getDb();
  // A cluster worker just closes; the primary, last to stop, checkpoints (a checkpoint would wait for
  // the other processes' readers).
  // Under Litestream no TRUNCATE checkpoint: Litestream checkpoints after it has copied the WAL, and stops last.
  if (env().SERVER_ROLE !== "web" && !state.__replicator) db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  setDb(undefined);
  await (await state.__replicator?.catch(() => undefined))?.stop();
  state.__replicator = undefined;
}

export function startup(): Promise<void> {
  state.__startup ??= run().catch((error: unknown) => {
    if (error instanceof EnvError || error instanceof ListenError) {
      console.error(error.message);
    } else {
      console.error("Start-up failed:", error);
    }
    process.exit(1);
  });
  return state.__startup;
}
