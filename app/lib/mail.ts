/**
 * Pure rules of the e-mail sender and the lead nurturing (no I/O): retry
 * backoff, the give-up rule, header-safe text, placeholders, lead scoring.
 */

/** A delivery is given up after this many failed attempts. */
export const MAX_ATTEMPTS = 8;
/** Backoff never waits longer than this between two attempts. */
export const MAX_BACKOFF_MS = 3600_000;

/** The wait after the n-th failed attempt (n ≥ 1): one tick, doubling, capped at one hour. */
export function backoffMs(attempts: number, tickMs: number): number {
  const n = Math.max(1, attempts);
  return Math.min(MAX_BACKOFF_MS, tickMs * 2 ** Math.min(n - 1, 30));
}

/** An SMTP reply code: 5xx is a permanent refusal (give up now), anything else may pass later. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** What happens after a failed attempt: retry at a time, or give up. */
export function afterFailure(attempts: number, error: unknown, now: Date, tickMs: number) {
  if (isPermanentFailure(error) || attempts >= MAX_ATTEMPTS) return { status: "failed" as const, nextAttemptAt: now };
  return { status: "queued" as const, nextAttemptAt: new Date(now.getTime() + backoffMs(attempts, tickMs)) };
}

/**
 * Text that may end up in a header (a name, a subject): one line, no control
 * characters, at most `max` characters. A visitor's "Ann\r\nBcc: x@y" becomes
 * "Ann Bcc: x@y", a harmless display name.
 */
export function oneLine(value: string, max = 200): string {
  return value
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

/** Fills {{firstName}} (and other known placeholders) in a campaign e-mail's subject or content. */
export function fillPlaceholders(template: string, values: { firstName: string }): string {
  return template.replace(/\{\{\s*firstName\s*\}\}/g, values.firstName);
}

/** Lead scoring (docs/email.md): inquiries weigh more than clicks; the score is capped. */
export const SCORE = { inquiry: 10, repeatInquiry: 20, click: 5, max: 100 } as const;

export const addScore = (score: number, points: number) => Math.min(SCORE.max, score + points);

export const DAY_MS = 24 * 3600 * 1000;
