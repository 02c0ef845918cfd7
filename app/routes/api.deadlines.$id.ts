import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { deadlineStatusSchema } from "~/lib/contract-schema";
import { setDeadlineStatus, toDeadlineJson } from "~/models/contract.server";

/** A GET (or HEAD) on this action-only route: 405 with Allow. */
export async function loader() {
  return methodNotAllowed(["PATCH"]);
}

/** PATCH /api/deadlines/{id} {status: open|done|waived}: 200 with the deadline; admins only. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const staff = await requireStaff(request);
  const id = idParam(params.id);
  const body = deadlineStatusSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  return Response.json(toDeadlineJson(modelCall(() => setDeadlineStatus(getDb(), staff, id, body.data.status))));
}
