/**
 * A purchase's tours: GET → the latest 20 `[{ id, slots, note, stops: [{ listingId, address,
 * position, status, start, end, rating, note }] }]`; POST `{ listingIds, slots: [{ start }], note? }` → 201
 * with the tour, or 409 `{ error, link }` without a buyer agreement in force. The client and staff; anyone
 * else and a sale 404, anonymous 401.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { tourRequestSchema } from "~/lib/tour-schema";
import { listTours, requestTour, toTourJson } from "~/models/tour.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(modelCall(() => listTours(getDb(), user, id)).map(toTourJson));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  modelCall(() => listTours(getDb(), user, id));
  const input = parseBody(tourRequestSchema, await readJson(request));
  return Response.json(toTourJson(modelCall(() => requestTour(getDb(), user, id, input))), { status: 201 });
}
