import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { idParam, methodNotAllowed, modelErrorResponse } from "~/lib/api.server";
import { requireApiUser } from "~/lib/auth.server";
import { deleteListing } from "~/models/listing.server";

/** DELETE /api/listings/{id}: the user's own listing; another user's is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const user = await requireApiUser(request);
  try {
    deleteListing(getDb(), user, idParam(params.id));
    return new Response(null, { status: 204 });
  } catch (error) {
    return modelErrorResponse(error);
  }
}
