/**
 * GET /api/audit?transactionId=&actorId=&action=&from=&to=&before= (admins) → the newest 50 events under
 * the filter: [{ id, actor: { id, name, role }, action, subject: { type, id }, transactionId, at, ip,
 * changes }]; the next page's `before` is the last id (header `X-Next-Before` when there is one).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { modelCall } from "~/infra/http.server";
import { auditFilterOf, auditQueryOf } from "~/lib/audit-filter";
import { listAudit, toAuditJson } from "~/models/audit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const page = modelCall(() =>
    listAudit(getDb(), admin, auditFilterOf(auditQueryOf(new URL(request.url).searchParams))),
  );
  return Response.json(page.events.map(toAuditJson), {
    headers: page.next ? { "x-next-before": String(page.next) } : {},
  });
}
