/**
 * /admin/audit.csv (admins): the audit under /admin/audit's filter, every matching event newest first,
 * streamed 500 at a time (millions of rows never sit in memory).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { auditFilterOf, auditQueryOf } from "~/lib/audit-filter";
import { AUDIT_CSV_HEADER, auditCsvLine, eachAudit } from "~/models/audit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const events = eachAudit(getDb(), admin, auditFilterOf(auditQueryOf(new URL(request.url).searchParams)));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(AUDIT_CSV_HEADER));
    },
    pull(controller) {
      let chunk = "";
      for (let i = 0; i < 500; i += 1) {
        const next = events.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += auditCsvLine(next.value);
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="audit.csv"',
      "cache-control": "private, no-store",
    },
  });
}
