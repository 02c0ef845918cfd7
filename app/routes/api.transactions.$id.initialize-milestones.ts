import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { idParam, methodNotAllowed, modelErrorResponse, validationError } from "~/lib/api.server";
import { initializeSchema } from "~/lib/admin-schemas";
import { requireApiAdmin } from "~/lib/auth.server";
import { jsonError, readJson } from "~/lib/http.server";
import { getTransaction, initializeMilestones, listMilestones, toMilestoneJson } from "~/models/transaction.server";

/** POST /api/transactions/{id}/initialize-milestones {type}: the standard steps, once (admins). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id);
  const body = initializeSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  const db = getDb();
  try {
    const transaction = getTransaction(db, admin, id);
    if (body.data.type && body.data.type !== transaction.type) {
      return jsonError(400, `This is a ${transaction.type} transaction`, { errors: { type: ["Does not match the transaction"] } });
    }
    const created = initializeMilestones(db, admin, id);
    const milestones = listMilestones(db, admin, id).map(toMilestoneJson);
    return Response.json(
      { created, message: created ? "Transaction milestones initialized successfully!" : "Milestones already exist", milestones },
      { status: created ? 201 : 200 },
    );
  } catch (error) {
    return modelErrorResponse(error);
  }
}
