/**
 * POST /api/reviews/{id}/hide { reason } (admins; a reason of the content policy, else 400; audited; the writer
 * e-mailed), POST /api/reviews/{id}/unhide (admins), POST /api/reviews/{id}/reply { text } (staff on it, once;
 * a second 409). None of them changes a review's words.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { idParam, jsonError, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { hideReviewSchema, replyReviewSchema } from "~/lib/proof-schema";
import { hideReview, replyToReview, unhideReview } from "~/models/review.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

const toStaffJson = (r: { id: number; hiddenAt: Date | null; hiddenReason: string | null; reply: string | null }) => ({
  id: r.id,
  hidden: r.hiddenAt !== null,
  hiddenReason: r.hiddenReason,
  hiddenAt: r.hiddenAt?.toISOString() ?? null,
  reply: r.reply,
});

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const actor = await requireStaff(request);
  const id = idParam(params.id);
  const db = getDb();
  const body = await readJson(request);
  switch (params.move) {
    case "hide": {
      const { reason } = parseBody(hideReviewSchema.strict(), body);
      return Response.json(toStaffJson(modelCall(() => hideReview(db, actor, id, reason))));
    }
    case "unhide":
      return Response.json(toStaffJson(modelCall(() => unhideReview(db, actor, id))));
    case "reply": {
      const { text } = parseBody(replyReviewSchema.strict(), body);
      return Response.json(toStaffJson(modelCall(() => replyToReview(db, actor, id, text))));
    }
    default:
      return jsonError(404, "Not found");
  }
}
