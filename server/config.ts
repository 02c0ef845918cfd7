/** The server's configuration: the app's own validated configuration, and this process's role in it. */
import { randomBytes } from "node:crypto";
import { EnvError, parseEnv, type Env } from "~/config/env.server";

/** The validated configuration of this process, or exit 1 with a message naming each wrong variable. */
export function readConfig(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * This process's role, written to the environment before the app build is loaded, so the app's start-up
 * reads it from the same configuration: "all" (one process does everything), "jobs" (the primary of a
 * cluster: migrations, seed, mail, backups, the demo provider, no pages) or "web" (a cluster worker,
 * given its role by the primary). A cluster's demo provider runs in the primary; its workers exchange
 * sign-in codes with the secret the primary gives them.
 */
export function takeRole(config: Env, isPrimary: boolean): Env {
  if (!isPrimary) return config;
  const clustered = config.WEB_CONCURRENCY > 1;
  process.env.SERVER_ROLE = clustered ? "jobs" : "all";
  if (clustered) process.env.LOCAL_OIDC_CLIENT_SECRET ??= randomBytes(24).toString("base64url");
  return parseEnv(process.env);
}
