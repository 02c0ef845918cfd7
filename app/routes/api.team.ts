/**
 * The team (admins): GET → [person] in the team's order; POST { email, firstName, lastName, role: "admin" |
 * "agent", phone?, licenseNumber? } → 201 with the person (they get the role when they sign in with that
 * address). A bad field 400 with it named, someone already on the team 409, anyone else 403 (401 signed out).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { newStaffSchema } from "~/lib/team-schema";
import { addStaff, listTeam, teamMember, toStaffJson } from "~/models/team.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return Response.json(listTeam(getDb(), admin).map(toStaffJson));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const admin = await requireAdmin(request);
  const body = newStaffSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  const db = getDb();
  const person = modelCall(() => addStaff(db, admin, body.data));
  return Response.json(toStaffJson(teamMember(db, admin, person.id)), { status: 201 });
}
