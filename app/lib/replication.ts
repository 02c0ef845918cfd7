/**
 * The database's continuous replication as the Backups panel, the dashboard's banner, the incident and
 * `GET /api/backups/status` read it (app/infra/litestream.server.ts writes it; docs/backups.md). Pure.
 */

export type ReplicationStatus = {
  running: boolean;
  /** Seconds the replica is behind the database's last change (0 when caught up). */
  lagSeconds: number;
  /** When the last WAL segment reached the bucket (ISO). */
  lastSyncAt: string | null;
  generation: string | null;
  /** Bytes sent to the bucket since San Diego's midnight, or since the server started if later. */
  bytesToday: number;
  /** When this status was written (ISO). */
  at: string;
  /** Why it is not running, when it is not. */
  error: string | null;
};

/** A replica further behind than this, or not running, opens the backups' incident. */
export const LAG_ALARM_SECONDS = 60;

/** What is wrong with the replication, in a sentence, or null. */
export function replicationProblem(status: ReplicationStatus | null): string | null {
  if (!status) return null;
  if (!status.running) {
    return `The database's replication is not running${status.error ? ` (${status.error})` : ""}`;
  }
  if (status.lagSeconds > LAG_ALARM_SECONDS) {
    return `The database's replication is ${Math.round(status.lagSeconds)} s behind`;
  }
  return null;
}
