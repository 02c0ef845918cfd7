import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { idParam, modelErrorResponse } from "~/lib/api.server";
import { requireApiUser } from "~/lib/auth.server";
import { listMilestones, toMilestoneJson } from "~/models/transaction.server";

/** GET /api/transactions/{id}/milestones: owner or admin; another client's is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  try {
    return Response.json(listMilestones(getDb(), user, idParam(params.id)).map(toMilestoneJson));
  } catch (error) {
    return modelErrorResponse(error);
  }
}
