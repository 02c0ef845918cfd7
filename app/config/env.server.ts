/**
 * The configuration: every environment variable, validated with zod once per process, and the values
 * derived from them (the agency's details, the mail settings). A wrong value stops the server with a
 * message that names the variable. Nothing else reads `process.env`.
 */
import "dotenv/config";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_SITE, LICENSE_KINDS, type SiteConfig } from "~/config/site";

const isLocalHost = (url: URL) => ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me";

const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
/** "address@example.com" or "Display Name <address@example.com>" (no line breaks). */
const isMailbox = (v: string) => {
  if (/[\r\n]/.test(v)) return false;
  const named = v.match(/^([^<>]*)<([^<>]+)>$/);
  return EMAIL.test(named ? named[2]!.trim() : v.trim());
};

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export type RateLimitWindow = { points: number; seconds: number };
const LIMIT_SPEC = /^\s*\d{1,9}\s*\/\s*\d{1,9}\s*(,\s*\d{1,9}\s*\/\s*\d{1,9}\s*)*$/;
export const parseLimits = (spec: string): RateLimitWindow[] =>
  spec.split(",").map((part) => {
    const [points, seconds] = part.split("/").map((n) => Number(n.trim()));
    return { points: points!, seconds: seconds! };
  });
const rateLimitSpec = z
  .string()
  .regex(LIMIT_SPEC, 'must be windows such as "5/60,20/86400" (points/seconds)')
  .transform(parseLimits)
  .refine((windows) => windows.every((w) => w.points > 0 && w.seconds > 0), "points and seconds must be above 0")
  .optional();

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: optionalString.pipe(z.string().url().optional()),
    DATABASE_URL: optionalString.transform((v) => v ?? "./data/app.db"),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    ADMIN_EMAILS: optionalString
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((list) => list.every((e) => EMAIL.test(e)), "must be comma-separated e-mail addresses"),
    OIDC_ISSUER: optionalString.pipe(z.string().url().optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    LOCAL_OIDC_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
    /** Lets the password-less demo provider run on a public URL (with a banner on every page). */
    DEMO_SIGN_IN: optionalString.pipe(
      z.enum(["true", "false"], { errorMap: () => ({ message: "must be true or false" }) }).optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .url("must be a URL such as smtp://user:pass@host:587 or smtps://user:pass@host:465")
        .refine((v) => /^smtps?:\/\/[^/]/i.test(v), "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: optionalString.pipe(
      z.string().refine(isMailbox, 'must be an e-mail address or "Name <address@example.com>"').optional(),
    ),
    LEAD_ALERT_EMAILS: optionalString.pipe(
      z
        .string()
        .transform((v) =>
          v
            .split(",")
            .map((e) => e.trim().toLowerCase())
            .filter(Boolean),
        )
        .refine((list) => list.every((e) => EMAIL.test(e)), "must be comma-separated e-mail addresses")
        .optional(),
    ),
    MAIL_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    MAIL_DIR: optionalString,
    AGENCY_NAME: optionalString,
    AGENCY_LICENSE: optionalString.pipe(
      z
        .string()
        .regex(/^\d{8}$/, "must be the 8-digit DRE license number")
        .optional(),
    ),
    AGENCY_LICENSE_KIND: optionalString.pipe(
      z
        .enum(LICENSE_KINDS, { message: 'must be "corporation" or "individual" (a broker licensed in their own name)' })
        .optional(),
    ),
    AGENCY_BROKER: optionalString,
    AGENCY_BROKER_LICENSE: optionalString.pipe(
      z
        .string()
        .regex(/^\d{8}$/, "must be the 8-digit DRE license number")
        .optional(),
    ),
    AGENCY_BROKER_EMAIL: optionalString.pipe(
      z
        .string()
        .regex(EMAIL, "must be an e-mail address")
        .transform((v) => v.toLowerCase())
        .optional(),
    ),
    AGENCY_EMAIL: optionalString.pipe(z.string().email().optional()),
    AGENCY_PHONE: optionalString,
    AGENCY_ADDRESS: optionalString,
    /** Rate limits per client IP, as "points/seconds" windows separated by commas (docs/decisions/008-rate-limits-and-bodies.md). */
    RATE_LIMIT_CONTACT: optionalString.pipe(rateLimitSpec).transform((v) => v ?? parseLimits("5/60,20/86400")),
    RATE_LIMIT_SIGN_IN: optionalString.pipe(rateLimitSpec).transform((v) => v ?? parseLimits("20/60,200/86400")),
    RATE_LIMIT_TOKEN: optionalString.pipe(rateLimitSpec).transform((v) => v ?? parseLimits("60/60,1000/86400")),
    /** POST /api/estimates: anyone may compute an estimate, within these windows. */
    RATE_LIMIT_ESTIMATE: optionalString.pipe(rateLimitSpec).transform((v) => v ?? parseLimits("60/60,2000/86400")),
    /**
     * Hours between automatic backups, a decimal number (0.01 in tests): with S3 configured, snapshots of the
     * database sent to the bucket (default 1); without, `npm run backup`'s folders on this disk (default 0: none).
     */
    BACKUP_INTERVAL_HOURS: optionalString.pipe(
      z.coerce
        .number()
        .min(0)
        .max(24 * 30)
        .optional(),
    ),
    /**
     * S3-compatible storage that holds a copy of every stored file and the database's snapshots
     * (docs/backups.md): AWS S3 when S3_ENDPOINT is empty, or any S3-compatible endpoint (Backblaze B2,
     * Cloudflare R2, Wasabi, MinIO). Unset S3_BUCKET: the app keeps everything on this host, as before.
     */
    S3_ENDPOINT: optionalString.pipe(
      z.string().url("must be a URL such as https://s3.us-west-002.backblazeb2.com").optional(),
    ),
    S3_REGION: optionalString,
    S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          "must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)",
        )
        .optional(),
    ),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: optionalString.pipe(
      z.enum(["true", "false"], { message: "must be true or false" }).optional(),
    ),
    /** A folder of the bucket the app keeps to ("coastline/"), so one bucket can hold several things. */
    S3_PREFIX: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9._/-]*$/, "must be letters, digits, '.', '_', '-' and '/'")
        .optional(),
    ),
    BACKUP_DIR: optionalString,
    /** The hour (0-23, San Diego time) deadline reminders go out: two days before and on the day. */
    REMINDER_HOUR: z.coerce.number().int().min(0).max(23).default(8),
    /** Where uploaded documents and images are kept (default: a `files` folder beside the database file). */
    FILES_DIR: optionalString,
    /**
     * The brokerage's certificate that seals signed agreements (a PKCS#12 file) and its password. Unset: one
     * self-signed certificate is made at first start and kept beside the database (signing.p12); replace it
     * in production with one a PDF reader trusts (docs/agreements.md).
     */
    SIGNING_P12: optionalString,
    SIGNING_P12_PASSWORD: z.string().optional(),
    /** The largest uploaded file accepted, in MB (at most 10 files per request: app/lib/upload-rules.ts). */
    UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1024).default(25),
    /** The domain of reply addresses (reply+TOKEN@domain); unset: message e-mails say "reply in the portal". */
    INBOUND_EMAIL_DOMAIN: optionalString.pipe(
      z
        .string()
        .toLowerCase()
        .regex(
          /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
          "must be a domain such as reply.example.com",
        )
        .optional(),
    ),
    /** The port the primary process receives mail on over SMTP (smtp-server); unset: no SMTP door. */
    INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** PEM files of the SMTP door's certificate and key: both set, it offers STARTTLS. */
    INBOUND_SMTP_TLS_CERT: optionalString,
    INBOUND_SMTP_TLS_KEY: optionalString,
    /** The password of POST /api/inbound-email's Basic authentication (a provider's inbound webhook). */
    INBOUND_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    /** Web processes sharing the port (server/cluster.ts, node:cluster); 1: one process does everything. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
    /**
     * Each web process's JavaScript heap (V8's old space, MB), given by the primary to the processes it
     * forks: a page's render leaves garbage that V8 lets grow towards its own limit (gigabytes) before it
     * collects; the app's live objects need much less (docs/decisions/015-memory.md).
     */
    WEB_HEAP_MB: z.coerce.number().int().min(64).max(4096).default(160),
    /** The public-page cache's size (MB) in each web process, besides its 300 entries (server/page-cache.ts). */
    PAGE_CACHE_MB: z.coerce.number().int().min(1).max(1024).default(32),
    /**
     * Set by the server (server/config.ts), not by hand: "all" (one process), "jobs" (the cluster's primary: migrations, seed,
     * mail, backups and the demo provider, no pages) or "web" (a cluster worker: pages only).
     */
    SERVER_ROLE: z.enum(["all", "jobs", "web"]).default("all"),
    /** Set by the server (server/config.ts) for a cluster: the demo provider's client secret, shared by its workers. */
    LOCAL_OIDC_CLIENT_SECRET: optionalString,
    /**
     * Believe X-Forwarded-For/-Proto from this proxy (Express's `trust proxy`): "loopback", a subnet or
     * address list, a hop count, "true" or "false". Unset: the socket's address is the client's.
     */
    TRUST_PROXY: optionalString.transform((v) => {
      if (v === undefined || v === "false") return false;
      if (v === "true") return true;
      return /^\d+$/.test(v) ? Number(v) : v;
    }),
    /** The access log's format (morgan: "tiny", "combined", "common", "dev", "short"). */
    LOG_FORMAT: optionalString.pipe(z.enum(["tiny", "combined", "common", "dev", "short"]).default("tiny")),
    /** Where `npm run build` wrote the app (the server loads `<BUILD_DIR>/server/index.js`). */
    BUILD_DIR: optionalString.transform((v) => path.resolve(v ?? "build")),
  })
  .transform((env, ctx) => {
    const appUrl = new URL(env.APP_URL ?? `http://localhost:${env.PORT}`);
    const production = env.NODE_ENV === "production" && !isLocalHost(appUrl);
    if (production && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message: "is required in production (NODE_ENV=production and APP_URL is not localhost)",
      });
    }
    if (env.SIGNING_P12_PASSWORD && !env.SIGNING_P12) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SIGNING_P12_PASSWORD"],
        message:
          "is set without SIGNING_P12: name the certificate file it opens, or unset it (a self-signed certificate needs none)",
      });
    }
    if (env.OIDC_ISSUER && !(env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["OIDC_CLIENT_ID"],
        message: "OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER",
      });
    }
    if (Boolean(env.INBOUND_SMTP_TLS_CERT) !== Boolean(env.INBOUND_SMTP_TLS_KEY)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [env.INBOUND_SMTP_TLS_CERT ? "INBOUND_SMTP_TLS_KEY" : "INBOUND_SMTP_TLS_CERT"],
        message: "INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY go together (STARTTLS needs both)",
      });
    }
    if ((env.INBOUND_SMTP_PORT || env.INBOUND_WEBHOOK_SECRET) && !env.INBOUND_EMAIL_DOMAIN) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["INBOUND_EMAIL_DOMAIN"],
        message:
          "is required with INBOUND_SMTP_PORT or INBOUND_WEBHOOK_SECRET (replies come to reply+TOKEN@that domain)",
      });
    }
    const publicUrl = !isLocalHost(appUrl);
    const demoSignIn = env.DEMO_SIGN_IN === "true";
    if (publicUrl && !env.OIDC_ISSUER && !demoSignIn) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["OIDC_ISSUER"],
        message:
          `is required when APP_URL (${appUrl.origin}) is not localhost: without it anyone could sign in ` +
          "as anyone through the password-less demo provider. Set OIDC_ISSUER, OIDC_CLIENT_ID and " +
          "OIDC_CLIENT_SECRET, or DEMO_SIGN_IN=true to run a public demo on purpose",
      });
    }
    if (env.S3_BUCKET) {
      for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: "is required with S3_BUCKET" });
        }
      }
      if (!env.S3_ENDPOINT && !env.S3_REGION) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["S3_REGION"],
          message: "is required with S3_BUCKET on AWS (S3_ENDPOINT empty)",
        });
      }
    } else {
      for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PREFIX"] as const) {
        if (env[name]) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["S3_BUCKET"], message: `is required with ${name}` });
          break;
        }
      }
    }
    const s3 =
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT ?? null,
            region: env.S3_REGION ?? "us-east-1",
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
            prefix: env.S3_PREFIX ? `${env.S3_PREFIX.replace(/^\/+|\/+$/g, "")}/` : "",
          }
        : null;
    const databaseDir = env.DATABASE_URL === ":memory:" ? "./data" : path.dirname(env.DATABASE_URL);
    const site: SiteConfig = {
      ...DEFAULT_SITE,
      name: env.AGENCY_NAME ?? DEFAULT_SITE.name,
      license: env.AGENCY_LICENSE ?? DEFAULT_SITE.license,
      licenseKind: env.AGENCY_LICENSE_KIND ?? DEFAULT_SITE.licenseKind,
      broker: env.AGENCY_BROKER ?? DEFAULT_SITE.broker,
      brokerLicense: env.AGENCY_BROKER_LICENSE ?? DEFAULT_SITE.brokerLicense,
      email: env.AGENCY_EMAIL ?? DEFAULT_SITE.email,
      phone: env.AGENCY_PHONE ?? DEFAULT_SITE.phone,
      address: env.AGENCY_ADDRESS ?? DEFAULT_SITE.address,
    };
    /** Staff told of each new lead: LEAD_ALERT_EMAILS, else ADMIN_EMAILS, else the agency's own address. */
    const staff = env.LEAD_ALERT_EMAILS ?? env.ADMIN_EMAILS;
    const leadAlertEmails = staff.length ? staff : [site.email];
    const mailDir = env.MAIL_DIR ?? path.join(databaseDir, "mail");
    const sessionSecret = env.SESSION_SECRET ?? DEV_SESSION_SECRET;
    return {
      ...env,
      APP_URL: appUrl.origin,
      /** The agency's details (AGENCY_*, else the placeholders of config/site.ts). */
      site,
      /**
       * The account of the responsible broker (AGENCY_BROKER_EMAIL, else the first of ADMIN_EMAILS; null: none
       * configured, and nobody performs the broker's duties until one is): app/models/broker-duties.server.ts.
       */
      brokerEmail: env.AGENCY_BROKER_EMAIL ?? env.ADMIN_EMAILS[0] ?? null,
      leadAlertEmails,
      /** Where messages are written as .eml files when there is no SMTP_URL. */
      mailDir,
      /** What the e-mail models and the sender need, in one object. */
      mail: {
        appUrl: appUrl.origin,
        from: env.MAIL_FROM ?? `${site.name} <${site.email}>`,
        site,
        /** Signs unsubscribe and tracked links. */
        secret: sessionSecret,
        smtpUrl: env.SMTP_URL,
        mailDir,
        tickMs: env.MAIL_TICK_SECONDS * 1000,
        leadAlertEmails,
        /** Deadline reminders' hour in San Diego (app/models/reminders.server.ts). */
        reminderHour: env.REMINDER_HOUR,
        /** The domain of our Message-IDs: the site's host (mail coming back with one is our own). */
        messageIdDomain: appUrl.hostname,
        /** The domain of reply addresses, or null: message e-mails then say "reply in the portal". */
        inboundDomain: env.INBOUND_EMAIL_DOMAIN ?? null,
      },
      /** Mail coming back (app/models/inbound-email.server.ts): the SMTP door and the provider's webhook. */
      inbound: {
        domain: env.INBOUND_EMAIL_DOMAIN ?? null,
        smtpPort: env.INBOUND_SMTP_PORT ?? null,
        tls:
          env.INBOUND_SMTP_TLS_CERT && env.INBOUND_SMTP_TLS_KEY
            ? { cert: path.resolve(env.INBOUND_SMTP_TLS_CERT), key: path.resolve(env.INBOUND_SMTP_TLS_KEY) }
            : null,
        webhookSecret: env.INBOUND_WEBHOOK_SECRET ?? null,
      },
      /** Where uploaded files are kept (app/infra/file-store.server.ts), an absolute path. */
      filesDir: path.resolve(env.FILES_DIR ?? path.join(databaseDir, "files")),
      /** The largest uploaded file, in bytes (the files of one request: app/lib/upload-rules.ts). */
      uploadMaxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
      /** The seal's certificate (PKCS#12): configured, or the one made beside the database. */
      signingP12: {
        path: path.resolve(env.SIGNING_P12 ?? path.join(databaseDir, "signing.p12")),
        password: env.SIGNING_P12_PASSWORD ?? "",
        configured: env.SIGNING_P12 !== undefined,
      },
      /** Where npm run backup (and the BACKUP_INTERVAL_HOURS schedule without S3) writes. */
      backupDir: env.BACKUP_DIR ?? path.join(databaseDir, "backups"),
      /** The S3-compatible copy of the files and the snapshots (docs/backups.md), or null: this host only. */
      s3,
      /** Hours between scheduled backups: daily archives to S3 when configured (default 24; Litestream replicates between them), else local folders (default none). */
      backupIntervalHours: env.BACKUP_INTERVAL_HOURS ?? (s3 ? 24 : 0),
      SESSION_SECRET: sessionSecret,
      /** True when cookies must carry the Secure flag. */
      secureCookies: appUrl.protocol === "https:",
      /** With no external provider, the app runs the local demo provider. */
      useLocalOidc: !env.OIDC_ISSUER,
      /** The demo provider runs on a public URL (DEMO_SIGN_IN=true): every page says so. */
      demoSignInBanner: !env.OIDC_ISSUER && publicUrl,
    };
  });

export type Env = z.infer<typeof schema>;
export type MailSettings = Env["mail"];

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses an environment object; throws an EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // A blank variable is an unset one, as .env.example writes them (`MAIL_TICK_SECONDS=`): numbers would
  // otherwise read it as 0.
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value?.trim()));
  const result = schema.safeParse(set);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated configuration of this process. */
export function env(): Env {
  if (!cached) cached = parseEnv(process.env);
  return cached;
}
