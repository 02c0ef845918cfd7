/**
 * A sale's showing rules: GET → { hours, noticeHours, slotMinutes, blockedDates, autoApprove,
 * accessInstructions, token }; PUT the same fields (without the token) → 200. The seller and staff; anyone
 * else and a purchase 404, anonymous 401, a bad field 400 naming it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { showingRulesSchema } from "~/lib/showing-schema";
import { getShowingRules, saveShowingRules } from "~/models/showing.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(modelCall(() => getShowingRules(getDb(), user, id)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  modelCall(() => getShowingRules(getDb(), user, id));
  const input = parseBody(showingRulesSchema, await readJson(request));
  return Response.json(modelCall(() => saveShowingRules(getDb(), user, id, input)));
}
