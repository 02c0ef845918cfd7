/**
 * One transaction: GET → the transaction with its assignment and its compensation (`{ amount, basis }`: the signed
 * agreement's, else `estimated` from the tier table; null when it cannot be worked out) (its client, its staff;
 * others 404);
 * PATCH (app/models/transaction-edit.server.ts) any of { propertyAddress, homeValue, type, status } (staff on it,
 * the workspace's rules: a sale that ends closes its showings) and { assignedAgentId, collaboratorIds } (admins:
 * the agent who has it, null for the admins only, and the collaborators, every one replaced when given) → the
 * transaction with its collaborators. An unknown field 400; an inactive or unknown agent 400; an agent without a
 * DRE license number 409, naming it; a type change once steps, offers or agreements exist 409.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { transactionPatchSchema } from "~/lib/admin-schemas";
import { compensationOf, toCompensationJson } from "~/models/compensation.server";
import { patchTransaction } from "~/models/transaction-edit.server";
import { collaboratorIds, toTransactionJson } from "~/models/transaction.server";
import { getTransaction } from "~/models/permissions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const transaction = modelCall(() => getTransaction(db, user, idParam(params.id)));
  return Response.json({
    ...toTransactionJson(transaction),
    compensation: toCompensationJson(compensationOf(db, transaction)),
    collaboratorIds: collaboratorIds(db, transaction.id),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const db = getDb();
  // Who may act comes first: anyone not on the transaction is told "not found" whatever the body.
  modelCall(() => getTransaction(db, user, id));
  const patch = parseBody(transactionPatchSchema, await readJson(request));
  return Response.json(modelCall(() => patchTransaction(db, user, id, patch)));
}
