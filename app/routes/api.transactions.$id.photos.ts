/**
 * A sale's listing photos (docs/listings.md): GET → `[{ id, position, src, srcSet, alt }]` in order;
 * POST (multipart, `photos`: up to 10 files a request, JPEG/PNG/WebP/HEIC by their bytes, 25 MB each, 50 in all) → 201
 * the photos added. Staff on the sale and its seller; anyone else 404; a wrong type 400, too large 413, the 51st 409.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { assertSameOrigin, idParam, methodNotAllowed, modelCall, modelCallAsync } from "~/infra/http.server";
import { uploadOf } from "~/infra/upload.server";
import { uploadListingPhotos } from "~/models/listing-photo.server";
import { photosData, photoStore, toPhotoJson } from "~/sections/listing-photos.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(modelCall(() => photosData(getDb(), user, id)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  assertSameOrigin(request);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const db = getDb();
  const added = await modelCallAsync(() => uploadListingPhotos(db, user, id, uploadOf(request), photoStore(db, user)));
  return Response.json(added.map(toPhotoJson), { status: 201 });
}
