import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { initializeSchema } from "~/lib/admin-schemas";
import { requireStaff } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { initializeMilestones, listMilestones, toMilestoneJson } from "~/models/milestone.server";

/** A GET (or HEAD) on this action-only route: 405 with Allow. */
export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/transactions/{id}/initialize-milestones {type}: the standard steps, once (admins). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const staff = await requireStaff(request);
  const id = idParam(params.id);
  const body = initializeSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  const db = getDb();
  const created = modelCall(() => initializeMilestones(db, staff, id, { type: body.data.type }));
  const milestones = listMilestones(db, staff, id).map(toMilestoneJson);
  return Response.json(
    {
      created,
      message: created ? "Transaction milestones initialized successfully!" : "Milestones already exist",
      milestones,
    },
    { status: created ? 201 : 200 },
  );
}
