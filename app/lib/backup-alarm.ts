/**
 * What the dashboard's banner and the incident e-mail say when the copies off the host fail (docs/backups.md): that
 * backups are failing, what is late (the last snapshot and how often one is due, a copy waiting), and what the
 * store's last error points at and what to check. Pure: app/models/offsite.server.ts gives it the facts.
 */

/** "every hour", "every 30 minutes", "every 24 hours". */
export function intervalText(hours: number): string {
  if (hours === 1) return "every hour";
  if (hours < 1) return `every ${Math.round(hours * 60)} minutes`;
  return `every ${Number(hours.toFixed(2))} hours`;
}

/**
 * What a store's error means and what to do, from the SDK's name and message (s3ErrorText): "the store answers
 * 403 Forbidden: check S3_SECRET_ACCESS_KEY".
 */
export function errorAdvice(error: string): string {
  const e = error.toLowerCase();
  if (e.includes("signaturedoesnotmatch")) return "the store answers 403 Forbidden: check S3_SECRET_ACCESS_KEY";
  if (e.includes("invalidaccesskeyid")) return "the store answers 403 Forbidden: check S3_ACCESS_KEY_ID";
  if (e.includes("accessdenied") || e.includes("forbidden") || e.includes("403")) {
    return "the store answers 403 Forbidden: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the key's permissions on the bucket";
  }
  if (e.includes("nosuchbucket")) return "the store has no such bucket: check S3_BUCKET (and S3_REGION)";
  if (/econnrefused|enotfound|eai_again|timeout|timed out|socket hang up|econnreset|networking/.test(e)) {
    return "the store does not answer: check S3_ENDPOINT and this host's network";
  }
  return `the store answers ${error.replace(/^Snapshot: /, "")}: check the S3 settings`;
}

/**
 * The banner's one sentence: "Backups are failing: no snapshot since 9:52 AM (one is due every hour); the store
 * answers 403 Forbidden: check S3_SECRET_ACCESS_KEY." Null when nothing is wrong.
 */
export function backupAlarm(facts: {
  /** The replication's problem in a sentence (app/lib/replication.ts), when it has one. */
  replication?: string;
  /** The last snapshot's time in words, or null when none reached the store, when one is late; else undefined. */
  lateSnapshot?: string | null;
  /** When the oldest waiting copy was queued, in words, when it has waited too long. */
  waitingSince?: string;
  intervalHours: number;
  lastError: string | null;
}): string | null {
  const late: string[] = [];
  if (facts.lateSnapshot !== undefined) {
    const due = `(one is due ${intervalText(facts.intervalHours)})`;
    late.push(
      facts.lateSnapshot === null
        ? `no snapshot has reached the store yet ${due}`
        : `no snapshot since ${facts.lateSnapshot} ${due}`,
    );
  }
  if (facts.waitingSince) late.push(`files have waited to be copied since ${facts.waitingSince}`);
  if (facts.replication) late.push(facts.replication.replace(/^The/, "the"));
  if (!late.length) return null;
  const advice = facts.lastError ? errorAdvice(facts.lastError) : "check the S3 settings and the server's log";
  return `Backups are failing: ${late.join("; ")}; ${advice}.`;
}
