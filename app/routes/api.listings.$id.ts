import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall } from "~/infra/http.server";
import { deleteSavedHome } from "~/models/saved-home.server";

/** A GET (or HEAD) on this action-only route: 405 with Allow. */
export async function loader() {
  return methodNotAllowed(["DELETE"]);
}

/** DELETE /api/listings/{id}: the user's own listing; another user's is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  modelCall(() => deleteSavedHome(getDb(), user, id));
  return new Response(null, { status: 204 });
}
