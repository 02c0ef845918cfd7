/**
 * A listing photo: PATCH `{ position, alt }` → 200 the photo (its place: the others move); DELETE → 204.
 * Staff on the sale and its seller; anyone else 404.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { assertSameOrigin, idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { photoPatchSchema } from "~/lib/photo-schema";
import { removeListingPhoto, updateListingPhoto } from "~/models/listing-photo.server";
import { toPhotoJson } from "~/sections/listing-photos.server";

export async function loader() {
  return methodNotAllowed(["PATCH", "DELETE"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  if (request.method === "DELETE") {
    assertSameOrigin(request);
    modelCall(() => removeListingPhoto(getDb(), user, id));
    return new Response(null, { status: 204 });
  }
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH", "DELETE"]);
  const input = parseBody(photoPatchSchema, await readJson(request));
  return Response.json(toPhotoJson(modelCall(() => updateListingPhoto(getDb(), user, id, input))));
}
