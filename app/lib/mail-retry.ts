/** When the sender tries a failed delivery again, and when it gives up (no I/O). */

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
