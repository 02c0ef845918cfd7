import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, modelCall } from "~/infra/http.server";
import { listMilestones, toMilestoneJson } from "~/models/milestone.server";

/** GET /api/transactions/{id}/milestones: owner or admin; another client's is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(modelCall(() => listMilestones(getDb(), user, id)).map(toMilestoneJson));
}
