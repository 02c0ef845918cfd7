import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { idParam, methodNotAllowed, modelErrorResponse, validationError } from "~/lib/api.server";
import { milestoneUpdateSchema } from "~/lib/admin-schemas";
import { requireApiAdmin } from "~/lib/auth.server";
import { readJson } from "~/lib/http.server";
import { toMilestoneJson, updateMilestone } from "~/models/transaction.server";

/** PATCH /api/milestones/{id} {status, adminNotes, documentUrl}: admins only. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id);
  const body = milestoneUpdateSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  try {
    return Response.json(toMilestoneJson(updateMilestone(getDb(), admin, id, body.data)));
  } catch (error) {
    return modelErrorResponse(error);
  }
}
