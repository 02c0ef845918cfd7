/**
 * POST /api/fair-housing-reviews/{id} `{ decision: "approve" | "return", comment? }` (the responsible broker, or a
 * licensee they named to approve files; another admin 403 naming the duty; anyone else 404): the broker's decision on
 * a fair-housing exception (docs/listings.md). Approved, the text is saved where it belongs; returned, a comment is
 * required (400 without). Decided already: 409. → the exception.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { fairHousingDecisionSchema } from "~/lib/checklist-schema";
import { decideException } from "~/models/fair-housing-review.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const body = parseBody(fairHousingDecisionSchema.omit({ id: true }), await readJson(request));
  const decided = modelCall(() => decideException(getDb(), user, id, body));
  return Response.json({
    id: decided.id,
    decision: decided.decision,
    comment: decided.comment,
    decidedAt: decided.decidedAt?.toISOString() ?? null,
  });
}
