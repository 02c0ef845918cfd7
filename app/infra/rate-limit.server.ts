/**
 * Rate limits per client IP (rate-limiter-flexible, its SQLite store on our own database, table
 * `rate_limits` of migration 0004): the counts survive a restart and are shared by every process.
 *
 * - contact: contact submissions, page and API (RATE_LIMIT_CONTACT, default 5 a minute, 20 a day);
 * - signIn:  sign-in starts, GET /api/login and the local provider's form (RATE_LIMIT_SIGN_IN);
 * - token:   unsubscribe and tracked-link tokens (RATE_LIMIT_TOKEN);
 * - estimate: POST /api/estimates, the public estimate's API (RATE_LIMIT_ESTIMATE);
 * - openHouse: an open house's door sign-in, per token, not per IP (one tablet): 20 a minute, 400 an hour.
 *
 * The client IP is the socket's, or X-Forwarded-For's only when TRUST_PROXY says so (the server puts it
 * in the load context through Express's `req.ip`).
 */
import ipaddr from "ipaddr.js";
import { RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import { type Db } from "~/db/client.server";
import { getDb } from "~/infra/database.server";
import { env, type RateLimitWindow } from "~/config/env.server";

export type RateLimitKind = "contact" | "signIn" | "token" | "estimate" | "openHouse";

/** An open house's door: a busy one signs in a visitor every few seconds at most. */
const OPEN_HOUSE_WINDOWS: RateLimitWindow[] = [
  { points: 20, seconds: 60 },
  { points: 400, seconds: 3600 },
];

/** The key of a client: IPv4 as it is, IPv6 by its /64 (one household or server has a whole /64). */
export function clientKey(ip: string | undefined | null): string {
  if (!ip || !ipaddr.isValid(ip)) return "unknown";
  const address = ipaddr.process(ip); // an IPv4-mapped IPv6 address becomes IPv4
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(":")}::/64`;
}

/** The store key of one window: kind, window length and client. */
export const rateLimitKey = (kind: RateLimitKind, window: RateLimitWindow, ip: string | undefined | null) =>
  `${kind}:${window.seconds}:${clientKey(ip)}`;

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

const limiters = new WeakMap<Db, Map<string, RateLimiterSQLite>>();
function limiterFor(db: Db, window: RateLimitWindow) {
  let byWindow = limiters.get(db);
  if (!byWindow) limiters.set(db, (byWindow = new Map()));
  const name = `${window.points}/${window.seconds}`;
  let limiter = byWindow.get(name);
  if (!limiter) {
    limiter = new RateLimiterSQLite({
      storeClient: db.$client,
      storeType: "better-sqlite3",
      tableName: "rate_limits",
      tableCreated: true, // by migration 0004
      points: window.points,
      duration: window.seconds,
      keyPrefix: "", // our keys carry the kind and the window
    });
    byWindow.set(name, limiter);
  }
  return limiter;
}

export function windowsOf(kind: RateLimitKind): RateLimitWindow[] {
  const config = env();
  return {
    contact: config.RATE_LIMIT_CONTACT,
    signIn: config.RATE_LIMIT_SIGN_IN,
    token: config.RATE_LIMIT_TOKEN,
    estimate: config.RATE_LIMIT_ESTIMATE,
    openHouse: OPEN_HOUSE_WINDOWS,
  }[kind];
}

/** Counts one request of this client against every window of the kind; refused when any is used up. */
export async function consumeRateLimit(
  kind: RateLimitKind,
  ip: string | undefined | null,
  options: { db?: Db; windows?: RateLimitWindow[]; key?: string } = {},
): Promise<RateLimitResult> {
  const db = options.db ?? getDb();
  let retryAfterMs = 0;
  for (const window of options.windows ?? windowsOf(kind)) {
    try {
      // `key`: a limit per thing rather than per client (an open house's token).
      const key = options.key ? `${kind}:${window.seconds}:${options.key}` : rateLimitKey(kind, window, ip);
      await limiterFor(db, window).consume(key);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      retryAfterMs = Math.max(retryAfterMs, refusal.msBeforeNext);
    }
  }
  return retryAfterMs > 0
    ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) }
    : { ok: true };
}

/** "a minute", "5 minutes", "2 hours": how long to wait, for a person. */
export function waitText(seconds: number): string {
  if (seconds <= 60) return "a minute";
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} minutes`;
  const hours = Math.ceil(seconds / 3600);
  return hours === 1 ? "an hour" : `${hours} hours`;
}

export const retryAfterHeaders = (result: { retryAfterSeconds: number }) => ({
  "Retry-After": String(result.retryAfterSeconds),
});

/** The message of a refused request, and the one the contact form shows. */
export const rateLimitMessage = (result: { retryAfterSeconds: number }) =>
  `Too many requests from your network. Please try again in ${waitText(result.retryAfterSeconds)}.`;

export const contactLimitMessage = (result: { retryAfterSeconds: number }, phone: string) =>
  `You have sent several messages in a short time, so this one was not sent. Please try again in ${waitText(result.retryAfterSeconds)}, or call us at ${phone}.`;

/** A plain 429 for GET routes (sign-in start, tokens) and the API. */
export function tooManyRequests(result: { retryAfterSeconds: number }, options: { json?: boolean } = {}) {
  const message = rateLimitMessage(result);
  const headers = { ...retryAfterHeaders(result), "cache-control": "no-store" };
  return options.json
    ? Response.json({ message }, { status: 429, headers })
    : new Response(message, { status: 429, headers: { ...headers, "content-type": "text/plain; charset=utf-8" } });
}

/** For routes whose refusal is a plain 429 (or JSON under /api): counts the request, throws past the limit. */
export async function enforceRateLimit(kind: RateLimitKind, context: unknown, options: { json?: boolean } = {}) {
  const result = await consumeRateLimit(kind, clientIpOf(context));
  if (!result.ok) throw tooManyRequests(result, options);
}

/** The client IP the server (server/remix-handler.ts) put in the load context (undefined under the Vite dev server). */
export const clientIpOf = (context: unknown) => (context as { clientIp?: string } | undefined)?.clientIp;
