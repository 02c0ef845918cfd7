/**
 * The signed links of drip e-mails: the one-click unsubscribe link and tracked links to pages of the site.
 * A token is its payload in base64url and an HMAC-SHA256 of it with the configuration's secret, so it
 * cannot be guessed or changed; each is valid for one purpose only (an unsubscribe token is no click
 * token). Node's crypto does the HMAC and the constant-time comparison.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/config/env.server";

/** What a signed link is for. */
export type LinkPurpose = "unsubscribe" | "click";

const sign = (secret: string, purpose: string, body: string) =>
  createHmac("sha256", secret).update(`${purpose}.${body}`).digest("base64url");

/** A token for `payload`, valid only for this `purpose`. */
export function signToken(secret: string, purpose: string, payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${sign(secret, purpose, body)}`;
}

/** The payload of a token signed for `purpose`, or null when it was changed, forged or is malformed. */
export function verifyToken(secret: string, purpose: string, token: string): unknown {
  if (token.length > 2000) return null;
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as unknown;
  } catch {
    return null;
  }
}

/** The payload of one of our links' tokens (signed with the configuration's secret), or null. */
export const readLinkToken = (purpose: LinkPurpose, token: string) => verifyToken(env().mail.secret, purpose, token);

/** The one-click unsubscribe link of an engagement. */
export function unsubscribeUrl(engagementId: number) {
  const { appUrl, secret } = env().mail;
  return `${appUrl}/unsubscribe/${signToken(secret, "unsubscribe", { e: engagementId })}`;
}

/** A link to a page of the site that counts a click of this lead before it redirects there. */
export function trackedUrl(engagementId: number, path: string) {
  const { appUrl, secret } = env().mail;
  return `${appUrl}/r/${signToken(secret, "click", { e: engagementId, p: path })}`;
}
