import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { methodNotAllowed, readJson, validationError } from "~/infra/http.server";
import { savedHomeSchema } from "~/lib/saved-home-schema";
import { createSavedHome, listSavedHomes, toSavedHomeJson } from "~/models/saved-home.server";

/** GET /api/listings: the user's own listings, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return Response.json(listSavedHomes(getDb(), user).map(toSavedHomeJson));
}

/** POST /api/listings: adds a listing; 201 with it, 400 with field errors. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const parsed = savedHomeSchema.safeParse(await readJson(request));
  if (!parsed.success) return validationError(parsed.error);
  return Response.json(toSavedHomeJson(createSavedHome(getDb(), user, parsed.data)), { status: 201 });
}
