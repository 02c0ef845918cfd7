/**
 * POST /api/tours/{id}/events `{ type: "confirm" | "cancel" | "rate", listingId, start?, rating?, note? }`:
 * the agent confirms a home's time (staff on the purchase), either side cancels it, the client rates it once
 * seen → 200 with the tour; a move its status does not allow 409; anyone else 404, anonymous 401.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { tourEventSchema } from "~/lib/tour-schema";
import { toTourJson, tourEvent } from "~/models/tour.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const input = parseBody(tourEventSchema, await readJson(request));
  return Response.json(toTourJson(modelCall(() => tourEvent(getDb(), user, id, input))));
}
