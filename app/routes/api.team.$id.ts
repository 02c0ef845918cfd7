/**
 * PATCH /api/team/{id} { role?, takesLeads?, active?, licenseNumber?, licenseKind?, licenseExpiresOn?, phone?,
 * firstName?, lastName?, ... }
 * (admins) → the person. Not on the team 404; an admin removing their own role or deactivating themself 409.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { staffPatchSchema } from "~/lib/team-schema";
import { teamMember, toStaffJson, updateStaff } from "~/models/team.server";

export async function loader() {
  return methodNotAllowed(["PATCH"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const admin = await requireAdmin(request);
  const body = staffPatchSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  const db = getDb();
  const person = modelCall(() => updateStaff(db, admin, params.id ?? "", body.data));
  return Response.json(toStaffJson(teamMember(db, admin, person.id)));
}
