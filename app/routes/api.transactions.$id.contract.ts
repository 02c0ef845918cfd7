import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireStaff, requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { contractSchema } from "~/lib/contract-schema";
import { getContract, saveContract, toContractJson } from "~/models/contract.server";

/** GET /api/transactions/{id}/contract: its dates and deadlines (the transaction's client and admins). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(toContractJson(modelCall(() => getContract(getDb(), user, id))));
}

/**
 * PUT /api/transactions/{id}/contract {acceptedOn, closingOn?, days?: {key: 0-120}}: 200 with
 * {acceptedOn, closingOn, deadlines}. Admins only (a client 403, anonymous 401); 400 with field errors.
 * Day counts not sent keep their earlier values.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const staff = await requireStaff(request);
  const id = idParam(params.id);
  const body = contractSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  return Response.json(toContractJson(modelCall(() => saveContract(getDb(), staff, id, body.data))));
}
