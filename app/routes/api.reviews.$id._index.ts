/**
 * PATCH /api/reviews/{id} { rating, text, displayName? } and DELETE /api/reviews/{id}: the writer's own
 * change or removal, signed in. Staff cannot change a client's words (403); anyone else 404.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { reviewEditSchema } from "~/lib/proof-schema";
import { editReview, publicReview, removeReview, toReviewJson } from "~/models/review.server";

export async function loader() {
  return methodNotAllowed(["PATCH", "DELETE"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  const db = getDb();
  if (request.method === "DELETE") {
    modelCall(() => removeReview(db, user, id));
    return new Response(null, { status: 204 });
  }
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH", "DELETE"]);
  const body = parseBody(reviewEditSchema.strict(), await readJson(request));
  modelCall(() => editReview(db, user, id, body));
  return Response.json(toReviewJson(publicReview(db, id)));
}
