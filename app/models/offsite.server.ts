/**
 * The copies off the host (docs/backups.md), what the database keeps of them: every stored file's
 * row (`offsite_files`: its SHA-256, when it was copied, the object's ETag and version), the durable queue of
 * copies and deletions (`offsite_queue`, like the outbox of e-mails: written before the file, retried with
 * backoff, surviving a restart), and the state the Backups panel shows (`offsite_status`). When a copy has
 * waited over an hour, or the last snapshot is older than two intervals, an incident opens: the dashboard
 * shows a banner and the admins get one e-mail, and one more when it is over. The bytes move in app/infra
 * (offsite-copier.server.ts); this module only records.
 */
import { asc, count, eq, lte, min } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { offsiteFiles, offsiteQueue, offsiteStatus, type OffsiteCopy } from "~/db/schema";
import { env } from "~/config/env.server";
import { backupAlarm } from "~/lib/backup-alarm";
import { replicationProblem, type ReplicationStatus } from "~/lib/replication";
import { formatDateTime } from "~/lib/format";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { adminRecipients } from "~/models/staff-recipients.server";

/** A copy waiting longer than this opens an incident. */
export const COPY_WAIT_ALARM_MS = 3600_000;
/** Backoff: 30 s, doubling, at most an hour between two attempts; a copy is never given up. */
export function copyBackoffMs(attempts: number) {
  return Math.min(3600_000, 30_000 * 2 ** Math.min(Math.max(attempts, 1) - 1, 20));
}

/** A file about to be written: its copy is queued first, so that a crash after the write loses no copy. */
export function queueCopy(db: DbOrTx, key: string, now = new Date()) {
  db.insert(offsiteQueue).values({ key, action: "put", nextAttemptAt: now, createdAt: now }).run();
}

/** The file is on the disk: its row, with the hash the copy (and a fetch back) is checked against. */
export function recordStored(db: DbOrTx, file: { key: string; sha256: string; size: number }, now = new Date()) {
  db.insert(offsiteFiles)
    .values({ key: file.key, sha256: file.sha256, size: file.size, storedAt: now })
    .onConflictDoUpdate({
      target: offsiteFiles.key,
      set: { sha256: file.sha256, size: file.size, storedAt: now, copiedAt: null, removedAt: null },
    })
    .run();
}

/** The file was removed here: its object goes too (the bucket's versioning keeps the earlier version). */
export function queueRemoval(db: Db, key: string, now = new Date()) {
  db.transaction((tx) => {
    tx.update(offsiteFiles).set({ removedAt: now }).where(eq(offsiteFiles.key, key)).run();
    tx.insert(offsiteQueue).values({ key, action: "delete", nextAttemptAt: now, createdAt: now }).run();
  });
}

/** The copies due now, oldest first (by the index on next_attempt_at). */
export function dueCopies(db: Db, now: Date, limit: number): OffsiteCopy[] {
  return db
    .select()
    .from(offsiteQueue)
    .where(lte(offsiteQueue.nextAttemptAt, now))
    .orderBy(asc(offsiteQueue.nextAttemptAt), asc(offsiteQueue.id))
    .limit(limit)
    .all();
}

export const fileRow = (db: Db, key: string) => db.select().from(offsiteFiles).where(eq(offsiteFiles.key, key)).get();

/** A copy done: the queue row goes, the file's row says when, with the object's ETag and version. */
export function copyDone(
  db: Db,
  copy: OffsiteCopy,
  object: { etag: string | null; versionId: string | null } | null,
  now = new Date(),
) {
  db.transaction((tx) => {
    tx.delete(offsiteQueue).where(eq(offsiteQueue.id, copy.id)).run();
    if (copy.action === "put" && object) {
      tx.update(offsiteFiles)
        .set({ copiedAt: now, etag: object.etag, versionId: object.versionId })
        .where(eq(offsiteFiles.key, copy.key))
        .run();
    }
  });
}

/** A copy that failed (the store down, a wrong secret): tried again later; the error is what the panel shows. */
export function copyFailed(db: Db, copy: OffsiteCopy, error: string, now = new Date()) {
  const attempts = copy.attempts + 1;
  db.update(offsiteQueue)
    .set({ attempts, lastError: error, nextAttemptAt: new Date(now.getTime() + copyBackoffMs(attempts)) })
    .where(eq(offsiteQueue.id, copy.id))
    .run();
  recordError(db, error, now);
}

/** A copy whose file is still being written: looked at again in a minute (no error: nothing failed). */
export function copyLater(db: Db, copy: OffsiteCopy, now = new Date()) {
  db.update(offsiteQueue)
    .set({ nextAttemptAt: new Date(now.getTime() + 60_000) })
    .where(eq(offsiteQueue.id, copy.id))
    .run();
}

/** A queued copy with nothing to send (its file was removed, or its write failed a day ago): dropped. */
export function dropCopy(db: Db, copy: OffsiteCopy) {
  db.delete(offsiteQueue).where(eq(offsiteQueue.id, copy.id)).run();
}

/** Retry every waiting copy now (the store is back, or an admin asks). */
export function retryCopiesNow(db: Db, now = new Date()) {
  db.update(offsiteQueue).set({ nextAttemptAt: now }).run();
}

function status(db: DbOrTx) {
  const row = db.select().from(offsiteStatus).where(eq(offsiteStatus.id, 1)).get();
  if (row) return row;
  db.insert(offsiteStatus).values({ id: 1 }).onConflictDoNothing().run();
  return db.select().from(offsiteStatus).where(eq(offsiteStatus.id, 1)).get()!;
}

export function recordError(db: DbOrTx, error: string, now = new Date()) {
  status(db);
  db.update(offsiteStatus)
    .set({ lastError: error.slice(0, 500), lastErrorAt: now })
    .where(eq(offsiteStatus.id, 1))
    .run();
}

export function recordSnapshot(db: Db, snapshot: { key: string; bytes: number; at: Date }) {
  status(db);
  db.update(offsiteStatus)
    .set({ lastSnapshotAt: snapshot.at, lastSnapshotKey: snapshot.key, lastSnapshotBytes: snapshot.bytes })
    .where(eq(offsiteStatus.id, 1))
    .run();
}

export function recordVersioning(db: Db, versioning: string) {
  status(db);
  db.update(offsiteStatus).set({ versioning }).where(eq(offsiteStatus.id, 1)).run();
}

export function backfillDone(db: Db) {
  return status(db).backfilledAt !== null;
}

export function recordBackfill(db: Db, now = new Date()) {
  status(db);
  db.update(offsiteStatus).set({ backfilledAt: now }).where(eq(offsiteStatus.id, 1)).run();
}

/**
 * What the Backups panel and the dashboard read: the queue (count, oldest), the last snapshot and error, and the
 * database's replication (`replication`, read by app/infra/litestream.server.ts `currentReplication`; null: none).
 */
export function offsiteOverview(db: Db, now = new Date(), replication: ReplicationStatus | null = null) {
  const row = status(db);
  const queue = db
    .select({ waiting: count(), oldest: min(offsiteQueue.createdAt) })
    .from(offsiteQueue)
    .get();
  const oldest = queue?.oldest ? new Date(queue.oldest as unknown as number) : null;
  const intervalMs = env().backupIntervalHours * 3600_000;
  const problems: string[] = [];
  const waiting = oldest && now.getTime() - oldest.getTime() > COPY_WAIT_ALARM_MS;
  if (waiting) problems.push(`A copy to the S3 store has waited since ${formatDateTime(oldest)}`);
  const snapshotDue = row.lastSnapshotAt ?? row.backfilledAt;
  const late = intervalMs > 0 && snapshotDue && now.getTime() - snapshotDue.getTime() > 2 * intervalMs;
  if (late) {
    problems.push(
      row.lastSnapshotAt
        ? `The last database snapshot is from ${formatDateTime(row.lastSnapshotAt)}`
        : "No database snapshot has reached the S3 store yet",
    );
  }
  const replicationIssue = replicationProblem(replication);
  if (replicationIssue) problems.push(replicationIssue);
  const alarm = backupAlarm({
    ...(replicationIssue ? { replication: replicationIssue } : {}),
    ...(late ? { lateSnapshot: row.lastSnapshotAt ? formatDateTime(row.lastSnapshotAt) : null } : {}),
    ...(waiting ? { waitingSince: formatDateTime(oldest) } : {}),
    intervalHours: env().backupIntervalHours,
    lastError: row.lastError,
  });
  return {
    configured: env().s3 !== null,
    bucket: env().s3 ? `${env().s3!.bucket}/${env().s3!.prefix}` : null,
    waiting: queue?.waiting ?? 0,
    oldestWaiting: oldest,
    lastSnapshot: row.lastSnapshotAt
      ? { at: row.lastSnapshotAt, key: row.lastSnapshotKey, bytes: row.lastSnapshotBytes ?? 0 }
      : null,
    lastError: row.lastError ? { message: row.lastError, at: row.lastErrorAt } : null,
    versioning: row.versioning,
    intervalHours: env().backupIntervalHours,
    problems,
    /** The banner's sentence: what is failing and what to check (app/lib/backup-alarm.ts); null when all is well. */
    alarm,
    incidentSince: row.incidentSince,
    replication,
  };
}

/**
 * Opens or closes the incident by what the overview says: the admins get one e-mail when it opens and one
 * when it is over (app/infra/offsite-copier.server.ts calls this each round). Returns what changed.
 */
export function checkIncident(
  db: Db,
  now = new Date(),
  replication: ReplicationStatus | null = null,
): "opened" | "closed" | null {
  const overview = offsiteOverview(db, now, replication);
  if (!overview.configured) return null;
  const open = overview.problems.length > 0;
  const row = status(db);
  if (open === (row.incidentSince !== null)) return null;
  return db.transaction((tx) => {
    tx.update(offsiteStatus)
      .set({ incidentSince: open ? now : null, incidentReason: open ? overview.problems.join("; ") : null })
      .where(eq(offsiteStatus.id, 1))
      .run();
    const subject = open ? "Backups: copies off the host are failing" : "Backups: copies off the host are back";
    const lines = open
      ? [
          overview.alarm ?? `${overview.problems.join(". ")}.`,
          overview.lastError ? `The last error: ${overview.lastError.message}` : "",
          "The site goes on and the copies wait; they are sent as soon as the store answers. Check the S3 settings.",
        ].filter(Boolean)
      : [
          `Everything waiting has reached the S3 store again (the problem began ${formatDateTime(row.incidentSince!)}).`,
        ];
    const settings = env().mail;
    const action = { label: "Open the backups", url: `${settings.appUrl}/admin/settings#backups` };
    for (const to of adminRecipients(tx)) queuePlainEmail(tx, { kind: "backup", to, subject, lines, action }, now);
    return open ? "opened" : "closed";
  });
}

/**
 * Writes the time on the status row: Litestream, behind after the store was unreachable, retries only when the
 * database changes (app/infra/litestream.server.ts calls this every 5 s while behind). A write of the same value
 * would not do: SQLite leaves an unchanged row unwritten.
 */
export function nudgeReplication(db: Db, now = new Date()) {
  status(db);
  db.update(offsiteStatus).set({ replicationNudgedAt: now }).where(eq(offsiteStatus.id, 1)).run();
}
