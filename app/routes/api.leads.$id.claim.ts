/**
 * POST /api/leads/{id}/claim (an agent taking leads, offered it by first-to-claim routing) → 200
 * { id, assignedAgentId }; 409 once another agent has it (naming them) or its time ran out; 403 for
 * anyone not taking part in routing.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall } from "~/infra/http.server";
import { claimLead } from "~/models/routing.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const agent = await requireStaff(request);
  const lead = modelCall(() => claimLead(getDb(), agent, idParam(params.id)));
  return Response.json({ id: lead.id, assignedAgentId: lead.assignedAgentId });
}
