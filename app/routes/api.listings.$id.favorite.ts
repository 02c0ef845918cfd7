import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { idParam, methodNotAllowed, modelErrorResponse, validationError } from "~/lib/api.server";
import { requireApiUser } from "~/lib/auth.server";
import { readJson } from "~/lib/http.server";
import { favoriteSchema } from "~/lib/listing-schema";
import { setFavorite, toListingJson } from "~/models/listing.server";

/** PATCH /api/listings/{id}/favorite {isFavorite}: the user's own listing only. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const user = await requireApiUser(request);
  const id = idParam(params.id);
  const parsed = favoriteSchema.safeParse(await readJson(request));
  if (!parsed.success) return validationError(parsed.error);
  try {
    return Response.json(toListingJson(setFavorite(getDb(), user, id, parsed.data.isFavorite)));
  } catch (error) {
    return modelErrorResponse(error);
  }
}
