/**
 * POST /api/offers/{id}/events { type, roundId?, by?, multiple?, terms?, acceptedOn?, note?, wish?,
 * documentIds? } → 200 with the offer (app/models/offer-moves.server.ts). A move the rules forbid 409 with
 * the sentence saying why; a bad field 400 with it named. Clients send only `wish` (and `withdraw` of an
 * offer they requested that was not made yet): 403 otherwise; another client 404, anonymous 401.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson } from "~/infra/http.server";
import { applyOfferEvent } from "~/models/offer-moves.server";
import { toOfferJson } from "~/models/offer.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const body = await readJson(request);
  return Response.json(toOfferJson(modelCall(() => applyOfferEvent(getDb(), user, id, body))));
}
