/**
 * What runs once when the server starts: configuration check, database
 * migrations and first-start seed, expired-session purge, and the local demo
 * OpenID provider when no external one is configured.
 *
 * With WEB_CONCURRENCY above 1 (server.js, node:cluster) the work is split by SERVER_ROLE: the primary
 * ("jobs") does all of the above and serves no page; each worker ("web") opens the database and serves
 * pages. One process, and only one, sends mail, runs backups and the demo provider.
 */
import { getDb, setDb } from "~/db/client.server";
import { backupDatabase } from "~/lib/backup.server";
import { seedDatabase } from "~/db/seed.server";
import { env, EnvError } from "~/lib/env.server";
import { LOCAL_CLIENT_ID, localIssuer, startLocalProvider, type LocalProvider } from "~/lib/local-oidc.server";
import { mailSettings } from "~/lib/mail-settings.server";
import { startMailer } from "~/lib/mailer.server";
import { purgeExpiredSessions } from "~/lib/session.server";

const state = globalThis as unknown as {
  __startup?: Promise<void>;
  __localOidc?: Promise<LocalProvider>;
  __purgeTimer?: NodeJS.Timeout;
  __backupTimer?: NodeJS.Timeout;
  __mailer?: ReturnType<typeof startMailer>;
};

/**
 * The local provider (started on first use; one per process). A cluster worker does not run one: the
 * primary does, with the client secret it gave its workers.
 */
export function localProviderInfo(): Promise<LocalProvider> {
  const config = env();
  if (config.SERVER_ROLE === "web") {
    if (!config.LOCAL_OIDC_CLIENT_SECRET)
      throw new Error("A cluster worker needs LOCAL_OIDC_CLIENT_SECRET from server.js");
    return Promise.resolve({
      issuer: localIssuer(config.LOCAL_OIDC_PORT),
      clientId: LOCAL_CLIENT_ID,
      clientSecret: config.LOCAL_OIDC_CLIENT_SECRET,
      close: async () => {},
    });
  }
  state.__localOidc ??= startLocalProvider({
    clientSecret: config.LOCAL_OIDC_CLIENT_SECRET,
    port: env().LOCAL_OIDC_PORT,
    redirectUri: `${env().APP_URL}/api/auth/callback`,
  });
  return state.__localOidc;
}

async function run() {
  const config = env();
  const db = getDb();
  if (config.SERVER_ROLE === "web") return; // the primary migrated, seeded and runs the jobs

  const seeded = seedDatabase(db);
  purgeExpiredSessions(db);
  state.__purgeTimer ??= setInterval(() => purgeExpiredSessions(getDb()), 3600_000).unref();

  console.log(`Database ready at ${config.DATABASE_URL}${seeded ? " (seeded)" : ""}`);
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
  state.__mailer ??= startMailer(getDb, mailSettings());
  console.log(
    `E-mail: ${state.__mailer.transport.describe}` +
      (config.SMTP_URL ? "" : " (no SMTP_URL: nothing is sent; open them with any mail program, or in /admin/emails)") +
      `, checked every ${config.MAIL_TICK_SECONDS} s`,
  );
  if (config.BACKUP_INTERVAL_HOURS > 0) {
    state.__backupTimer ??= setInterval(() => void runBackup(), config.BACKUP_INTERVAL_HOURS * 3600_000).unref();
    console.log(`Backups: every ${config.BACKUP_INTERVAL_HOURS} h to ${config.backupDir} (the newest 14 are kept)`);
  }
  console.log(`Site: ${config.APP_URL}`);
}

async function runBackup() {
  try {
    const result = await backupDatabase(getDb(), env().backupDir);
    console.log(`[backup] ${result.file} (${result.bytes} bytes, integrity ok)`);
  } catch (error) {
    console.error("[backup] failed:", error);
  }
}

/**
 * The end of a graceful stop (server.js calls it once no request is in flight): timers stop, the mailer
 * finishes its current batch, the local provider closes, and the database is checkpointed and closed.
 */
export async function shutdown() {
  clearInterval(state.__purgeTimer);
  clearInterval(state.__backupTimer);
  await state.__mailer?.stop();
  if (state.__localOidc) await (await state.__localOidc).close();
  const db = getDb();
  // A cluster worker just closes; the primary, last to stop, checkpoints (a checkpoint would wait for
  // the other processes' readers).
  if (env().SERVER_ROLE !== "web") db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.close();
  setDb(undefined);
}

export function startup(): Promise<void> {
  state.__startup ??= run().catch((error: unknown) => {
    if (error instanceof EnvError) {
      console.error(error.message);
    } else {
      console.error("Start-up failed:", error);
    }
    process.exit(1);
  });
  return state.__startup;
}
