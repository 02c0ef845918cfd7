/**
 * GET /api/offers/{id} → the offer with its rounds, history, documents and (a sale) net: staff, or its
 * transaction's client when it is shared with them; anyone else 404, anonymous 401.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall } from "~/infra/http.server";
import { getOffer, toOfferJson } from "~/models/offer.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(toOfferJson(modelCall(() => getOffer(getDb(), user, id))));
}

export const action = () => methodNotAllowed(["GET"]);
