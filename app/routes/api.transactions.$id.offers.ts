/**
 * A transaction's offers: GET → [offer] (staff: every one; its client: the shared ones), oldest first;
 * POST → 201 with the offer: staff record a received offer (a sale: `buyerName` and the terms) or a
 * submitted one (a purchase: `listingId`, one of the client's saved homes); a buying client requests one
 * on a saved home (`requested`). Terms: app/lib/offer-schema.ts. Another client 404, anonymous 401, a bad
 * field 400 with it named, a second open offer on a home 409.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson } from "~/infra/http.server";
import { createOffer, listOffers, toOfferJson } from "~/models/offer.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(modelCall(() => listOffers(getDb(), user, id)).map((o) => toOfferJson(o)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const body = await readJson(request);
  return Response.json(toOfferJson(modelCall(() => createOffer(getDb(), user, id, body))), { status: 201 });
}
