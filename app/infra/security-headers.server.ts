/** Security headers of every HTML response, with a per-request CSP nonce. */
import { randomBytes } from "node:crypto";
import { env } from "~/config/env.server";

export const createNonce = () => randomBytes(16).toString("base64");

export function contentSecurityPolicy(nonce: string, options: { dev: boolean }) {
  const config = env();
  const issuer = config.useLocalOidc
    ? `http://127.0.0.1:${config.LOCAL_OIDC_PORT}`
    : new URL(config.OIDC_ISSUER!).origin;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": options.dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "form-action": ["'self'", issuer],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  if (config.secureCookies) directives["upgrade-insecure-requests"] = [];
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}

export function applySecurityHeaders(headers: Headers, nonce: string, options: { dev: boolean }) {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, options));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (env().secureCookies) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}
