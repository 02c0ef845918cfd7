/** DELETE /api/open-houses/{id}: staff on the sale or its seller cancel an open house → 204; else 404. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { assertSameOrigin, idParam, methodNotAllowed, modelCall } from "~/infra/http.server";
import { cancelOpenHouse } from "~/models/open-house.server";

export async function loader() {
  return methodNotAllowed(["DELETE"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  assertSameOrigin(request);
  const user = await requireUser(request);
  const id = idParam(params.id);
  modelCall(() => cancelOpenHouse(getDb(), user, id));
  return new Response(null, { status: 204 });
}
