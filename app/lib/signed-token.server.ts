/**
 * Signed tokens for links in e-mails (unsubscribe, tracked clicks): the
 * payload in base64url and an HMAC-SHA256 of it with SESSION_SECRET, so a
 * token cannot be guessed or changed. Node's crypto does the HMAC and the
 * constant-time comparison.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const sign = (secret: string, purpose: string, body: string) =>
  createHmac("sha256", secret).update(`${purpose}.${body}`).digest("base64url");

/** A token for `payload`, valid only for this `purpose` (so an unsubscribe token is no click token). */
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
