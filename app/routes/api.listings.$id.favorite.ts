import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { favoriteSchema } from "~/lib/saved-home-schema";
import { setFavorite, toSavedHomeJson } from "~/models/saved-home.server";

/** A GET (or HEAD) on this action-only route: 405 with Allow. */
export async function loader() {
  return methodNotAllowed(["PATCH"]);
}

/** PATCH /api/listings/{id}/favorite {isFavorite}: the user's own listing only. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const parsed = favoriteSchema.safeParse(await readJson(request));
  if (!parsed.success) return validationError(parsed.error);
  return Response.json(toSavedHomeJson(modelCall(() => setFavorite(getDb(), user, id, parsed.data.isFavorite))));
}
