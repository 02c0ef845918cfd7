/** GET /api/agreement-templates (staff): the newest version of each template → [{ id, kind, name, version }]. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { modelCall } from "~/infra/http.server";
import { listTemplates } from "~/models/agreement-template.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const templates = modelCall(() => listTemplates(getDb(), staff));
  return Response.json(templates.map((t) => ({ id: t.id, kind: t.kind, name: t.name, version: t.version })));
}
