/**
 * GET /api/backups/status (admins; docs/backups.md) → `{ configured, replication: { running, lagSeconds,
 * lastSyncAt, generation, bytesToday } | null, files: { waiting, oldestWaiting, lastError, versioning },
 * archives: { lastAt, lastKey, bytes, intervalHours }, problems }`: what the Backups panel shows. `replication` is
 * null without S3 (nothing is replicated). Anyone else 401 / 403.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { methodNotAllowed } from "~/infra/http.server";
import { currentReplication } from "~/infra/litestream.server";
import { offsiteOverview } from "~/models/offsite.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const o = offsiteOverview(getDb(), new Date(), currentReplication());
  return Response.json({
    configured: o.configured,
    replication: o.replication
      ? {
          running: o.replication.running,
          lagSeconds: o.replication.lagSeconds,
          lastSyncAt: o.replication.lastSyncAt,
          generation: o.replication.generation,
          bytesToday: o.replication.bytesToday,
          error: o.replication.error,
        }
      : null,
    files: {
      waiting: o.waiting,
      oldestWaiting: o.oldestWaiting?.toISOString() ?? null,
      lastError: o.lastError?.message ?? null,
      versioning: o.versioning,
    },
    archives: {
      lastAt: o.lastSnapshot?.at.toISOString() ?? null,
      lastKey: o.lastSnapshot?.key ?? null,
      bytes: o.lastSnapshot?.bytes ?? null,
      intervalHours: o.intervalHours,
    },
    problems: o.problems,
  });
}

export const action = () => methodNotAllowed(["GET"]);
