/**
 * POST /api/team/{id}/photo (multipart, its file in `photo`): the profile's photo, JPEG, PNG, WebP or
 * HEIC by its bytes, at most 10 MB; the person themself or an admin (another agent 404).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { readPhotoForm } from "~/infra/blog-images.server";
import { requireStaff } from "~/infra/guards.server";
import { jsonError, methodNotAllowed, modelCall, modelCallAsync } from "~/infra/http.server";
import { assertMayEditProfile, getProfileForEdit } from "~/models/agent-profile.server";
import { storeProfilePhoto } from "~/sections/profile.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const actor = await requireStaff(request);
  const userId = params.id ?? "";
  const db = getDb();
  // Who may is checked before the upload is read.
  modelCall(() => assertMayEditProfile(db, actor, userId));
  const form = await readPhotoForm(request);
  const stored = await modelCallAsync(() => storeProfilePhoto(actor, userId, form));
  if (!stored) return jsonError(400, "Attach the photo as `photo`", { errors: { photo: ["Attach a photo"] } });
  const edit = getProfileForEdit(db, actor, userId);
  return Response.json({ photo: edit.photo }, { status: 201 });
}
