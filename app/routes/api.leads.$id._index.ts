/**
 * PATCH /api/leads/{id} { assignedAgentId } (admins) → { id, assignedAgentId }: the lead to an agent, or
 * back to the admins (null), closing any claim still open. An inactive or unknown agent 400; an agent
 * without a DRE license number 409, naming it.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { assignmentSchema } from "~/lib/team-schema";
import { assignLead } from "~/models/team.server";

export async function loader() {
  return methodNotAllowed(["PATCH"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const body = assignmentSchema
    .omit({ collaboratorIds: true })
    .strict()
    .safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  const lead = modelCall(() => assignLead(getDb(), admin, id, body.data.assignedAgentId));
  return Response.json({ id: lead.id, assignedAgentId: lead.assignedAgentId });
}
