import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { milestoneUpdateSchema } from "~/lib/admin-schemas";
import { requireStaff } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { toMilestoneJson, updateMilestone } from "~/models/milestone.server";

/** A GET (or HEAD) on this action-only route: 405 with Allow. */
export async function loader() {
  return methodNotAllowed(["PATCH"]);
}

/** PATCH /api/milestones/{id} {status, adminNotes, documentUrl}: admins only. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const staff = await requireStaff(request);
  const milestoneId = idParam(params.id);
  const body = milestoneUpdateSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  return Response.json(toMilestoneJson(modelCall(() => updateMilestone(getDb(), staff, { milestoneId }, body.data))));
}
