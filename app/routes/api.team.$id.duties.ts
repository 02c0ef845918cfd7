/**
 * PUT /api/team/{id}/duties `{ duties: ["countersign" | "approveFiles" | "approveCda", ...] }` (the responsible
 * broker only; anyone else 403) → the person, with the duties they now perform for the broker (docs/roster.md; 10 CCR
 * 2725). Those left out are revoked; each grant and revocation audited. Not on the team 404; a delegate who is not an
 * admin, or who may not act for the brokerage today (no license, no expiry, expired), 409 naming why.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { dutiesSchema } from "~/lib/team-schema";
import { setDuties } from "~/models/broker-duties.server";
import { teamMember, toStaffJson } from "~/models/team.server";

export async function loader() {
  return methodNotAllowed(["PUT"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const admin = await requireAdmin(request);
  const body = dutiesSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  const db = getDb();
  modelCall(() => setDuties(db, admin, params.id ?? "", body.data.duties));
  return Response.json(toStaffJson(teamMember(db, admin, params.id ?? "")));
}
