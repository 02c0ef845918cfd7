/**
 * PUT /api/checklists/{kind} { items: [{ name, required, dueBy, agreementKind? }] } (admins; kind "selling" or
 * "buying") → the new version (the same items: the current one). Files already open keep the version they began
 * with. A kind that is neither 404; a bad body 400 naming each field.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { TRANSACTION_TYPES } from "~/domain/enums";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { jsonError, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { checklistPutSchema } from "~/lib/checklist-schema";
import { saveChecklist, toChecklistJson } from "~/models/file-review.server";

export async function loader() {
  return methodNotAllowed(["PUT"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const admin = await requireAdmin(request);
  const kind = TRANSACTION_TYPES.find((k) => k === params.kind);
  if (!kind) return jsonError(404, "No such checklist");
  const body = checklistPutSchema(kind).safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  return Response.json(toChecklistJson(modelCall(() => saveChecklist(getDb(), admin, kind, body.data.items))));
}
