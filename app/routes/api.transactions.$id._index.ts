/**
 * One transaction: GET → the transaction with its assignment (its client, its staff; others 404);
 * PATCH { assignedAgentId, collaboratorIds? } (admins) → the assignment: the agent who has it (null: the
 * admins only) and the collaborators (every one replaced when given). An inactive or unknown agent 400; an
 * agent without a DRE license number 409, naming it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireAdmin, requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { assignmentSchema } from "~/lib/team-schema";
import { assignTransaction } from "~/models/team.server";
import { collaboratorIds, getTransaction, toTransactionJson } from "~/models/transaction.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const transaction = modelCall(() => getTransaction(db, user, idParam(params.id)));
  return Response.json({ ...toTransactionJson(transaction), collaboratorIds: collaboratorIds(db, transaction.id) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const body = assignmentSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  return Response.json(modelCall(() => assignTransaction(getDb(), admin, id, body.data)));
}
