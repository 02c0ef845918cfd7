/**
 * PATCH /api/team/{id}/profile { slug?, title?, bio?, languages?, areas?, fairHousingReason? } (the bio checked for fair housing): the person themself or an
 * admin; another agent 404. Returns the profile and whether the site shows it.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { profilePatchSchema } from "~/lib/proof-schema";
import { getProfileForEdit, saveProfile } from "~/models/agent-profile.server";

export async function loader() {
  return methodNotAllowed(["PATCH"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const actor = await requireStaff(request);
  const body = parseBody(profilePatchSchema, await readJson(request));
  const db = getDb();
  const userId = params.id ?? "";
  modelCall(() => saveProfile(db, actor, userId, body));
  const edit = getProfileForEdit(db, actor, userId);
  return Response.json({
    ...edit.profile,
    photo: edit.photo,
    shown: edit.shown,
    notShownBecause: edit.notShownBecause,
  });
}
