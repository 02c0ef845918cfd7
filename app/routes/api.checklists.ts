/**
 * GET /api/checklists (admins): each kind's current checklist, `{ selling, buying }`, each
 * `{ kind, version, createdAt, items: [{ name, required, dueBy, dueByTitle, agreementKind }] }` (docs/file-review.md).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { methodNotAllowed, modelCall } from "~/infra/http.server";
import { currentChecklists, toChecklistJson } from "~/models/file-review.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { selling, buying } = modelCall(() => currentChecklists(getDb(), admin));
  return Response.json({ selling: toChecklistJson(selling), buying: toChecklistJson(buying) });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
