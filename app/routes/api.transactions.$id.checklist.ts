/**
 * GET /api/transactions/{id}/checklist → `{ items: [{ id, name, required, dueBy, dueByTitle, state, documents:
 * [{ id, name }], review: { by, at, decision, comment, sha256: [...] } | null }], complete, missing, returned,
 * waiting }` (docs/file-review.md). Staff on the transaction; its client and anyone else 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall } from "~/infra/http.server";
import { getChecklist } from "~/models/file-review.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  const { transaction: _t, ...file } = modelCall(() => getChecklist(getDb(), user, id));
  return Response.json(file);
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
