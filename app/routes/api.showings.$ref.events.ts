/**
 * POST /api/showings/{id}/events `{ type: "approve" | "decline" | "propose" | "cancel", start?, note? }`:
 * the seller and staff answer a showing → 200 with it; a move its status does not allow, or an approval over
 * another approved showing, 409; anyone else 404, anonymous 401.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { showingEventSchema } from "~/lib/showing-schema";
import { showingEvent, toShowingJson } from "~/models/showing.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request);
  const id = idParam(params.ref);
  const input = parseBody(showingEventSchema, await readJson(request));
  return Response.json(toShowingJson(modelCall(() => showingEvent(getDb(), user, id, input))));
}
