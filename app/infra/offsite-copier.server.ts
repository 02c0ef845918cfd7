/**
 * The copier off the host (docs/backups.md), in the one process that runs the jobs: every few
 * seconds it sends the due copies of the queue (app/models/offsite.server.ts) to the bucket, a few at a time,
 * each file read from the disk and sent with its SHA-256; a store that does not answer or refuses (a wrong
 * secret) leaves them waiting with backoff, and the site goes on. Every BACKUP_INTERVAL_HOURS it takes a
 * database snapshot (snapshot.server.ts) and applies the retention. At start it turns the bucket's versioning
 * on (when the credentials may) and queues the files stored before the copies began. Each round opens or
 * closes the incident that the dashboard's banner and the admins' e-mails tell of.
 */
import path from "node:path";
import type { Db } from "~/db/client.server";
import type { LocalStore } from "~/infra/offsite-store.server";
import { s3ErrorText, type ObjectStore } from "~/infra/s3.server";
import { applyRetention, takeSnapshot } from "~/infra/snapshot.server";
import {
  backfillDone,
  checkIncident,
  copyDone,
  copyFailed,
  copyLater,
  dropCopy,
  dueCopies,
  fileRow,
  queueCopy,
  recordBackfill,
  recordError,
  recordSnapshot,
  recordStored,
  recordVersioning,
} from "~/models/offsite.server";
import { currentReplication } from "~/infra/litestream.server";

/** Copies sent at once. */
const PARALLEL = 4;
/** A queued copy whose file never came is dropped after this (its write failed). */
const ORPHAN_MS = 24 * 3600_000;

/**
 * One round of copies: at most `limit` due ones, PARALLEL at a time. Stops at the first failure (the store is
 * down or refuses: the rest wait for the next round). Returns how many were done.
 */
export async function copyRound(db: Db, local: LocalStore, bucket: ObjectStore, now = () => new Date(), limit = 200) {
  const due = dueCopies(db, now(), limit);
  let done = 0;
  for (let i = 0; i < due.length; i += PARALLEL) {
    const results = await Promise.all(
      due.slice(i, i + PARALLEL).map(async (copy) => {
        try {
          if (copy.action === "delete") {
            await bucket.purge(copy.key);
            copyDone(db, copy, null, now());
            return true;
          }
          const row = fileRow(db, copy.key);
          const body = local.getLocal(copy.key);
          if (!row || !body) {
            body?.destroy();
            // Removed already (a refused upload's file, a purge): nothing to copy. Else it is still being
            // written (a large upload) or its write failed: look again in a minute, drop it after a day.
            if (row?.removedAt || now().getTime() - copy.createdAt.getTime() > ORPHAN_MS) dropCopy(db, copy);
            else copyLater(db, copy, now());
            return null;
          }
          const object = await bucket.put(copy.key, body, { sha256: row.sha256 });
          copyDone(db, copy, object, now());
          return true;
        } catch (error) {
          copyFailed(db, copy, s3ErrorText(error), now());
          return false;
        }
      }),
    );
    done += results.filter((r) => r === true).length;
    if (results.includes(false)) break;
  }
  return done;
}

/** Files on the disk that have no row yet (stored before the copies began): recorded and queued, once. */
export async function backfill(
  db: Db,
  local: LocalStore,
  hashOf: (key: string) => Promise<{ sha256: string; size: number }>,
) {
  if (backfillDone(db)) return 0;
  let queued = 0;
  for (const folder of ["documents", "images", "agreements"]) {
    for await (const { key } of local.list(folder)) {
      if (fileRow(db, key)) continue;
      const { sha256, size } = await hashOf(key);
      db.transaction((tx) => {
        queueCopy(tx, key);
        recordStored(tx, { key, sha256, size });
      });
      queued += 1;
    }
  }
  recordBackfill(db);
  return queued;
}

export type Copier = { stop(): void; round(): Promise<void>; snapshot(): Promise<void> };

/** Starts the copier: versioning and backfill now, a round every `tickMs`, a snapshot every `intervalHours`. */
export function startCopier(
  db: () => Db,
  local: LocalStore,
  bucket: ObjectStore,
  options: {
    tickMs: number;
    intervalHours: number;
    tmpDir: string;
    hashOf: (key: string) => Promise<{ sha256: string; size: number }>;
  },
): Copier {
  let busy = false;
  let snapshotting = false;
  const round = async () => {
    if (busy) return;
    busy = true;
    try {
      await copyRound(db(), local, bucket);
      checkIncident(db(), new Date(), currentReplication());
    } catch (error) {
      console.error("[backups] a round of copies failed:", error);
    } finally {
      busy = false;
    }
  };
  const snapshot = async () => {
    if (snapshotting) return;
    snapshotting = true;
    try {
      const manifest = await takeSnapshot(db(), bucket, { tmpDir: options.tmpDir });
      recordSnapshot(db(), { key: manifest.key, bytes: manifest.bytes, at: new Date(manifest.takenAt) });
      const removed = await applyRetention(bucket);
      console.log(
        `[backups] snapshot ${manifest.key} sent (${(manifest.bytes / 1024 / 1024).toFixed(1)} MB)` +
          (removed.length ? `; the retention removed ${removed.length / 2} older one(s)` : ""),
      );
    } catch (error) {
      recordError(db(), `Snapshot: ${s3ErrorText(error)}`);
      console.error("[backups] the snapshot failed:", s3ErrorText(error));
    } finally {
      snapshotting = false;
      checkIncident(db(), new Date(), currentReplication());
    }
  };
  void (async () => {
    try {
      recordVersioning(db(), await bucket.ensureVersioning());
    } catch (error) {
      recordError(db(), `Versioning: ${s3ErrorText(error)}`);
      console.error("[backups] could not read the bucket's versioning:", s3ErrorText(error));
    }
    try {
      const queued = await backfill(db(), local, options.hashOf);
      if (queued) console.log(`[backups] ${queued} file(s) stored before the copies began are queued`);
    } catch (error) {
      console.error("[backups] could not queue the earlier files:", error);
    }
    void round();
    if (options.intervalHours > 0) void snapshot();
  })();
  const ticker = setInterval(() => void round(), options.tickMs).unref();
  const snapshots =
    options.intervalHours > 0
      ? setInterval(() => void snapshot(), options.intervalHours * 3600_000).unref()
      : undefined;
  return {
    stop() {
      clearInterval(ticker);
      if (snapshots) clearInterval(snapshots);
    },
    round,
    snapshot,
  };
}

export const snapshotTmpDir = (databaseFile: string) =>
  path.join(path.dirname(path.resolve(databaseFile)), "snapshots");
