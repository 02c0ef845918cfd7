/**
 * GET /api/reviews?agent=&page= (public): the published reviews, newest first, 24 a page.
 * POST /api/reviews { token, rating, text, agentSlug?, displayName? } → 201 the review: a used, expired or
 * altered token 404; a bad field 400 naming it; a member of our staff 403.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { enforceRateLimit } from "~/infra/rate-limit.server";
import { jsonError, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { reviewApiSchema } from "~/lib/proof-schema";
import { shownAgentIdBySlug } from "~/models/agent-profile.server";
import { listReviews, publicReview, requestByToken, submitReview, toReviewJson } from "~/models/review.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const raw = query.get("page") ?? "1";
  const page = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  const db = getDb();
  const slug = query.get("agent");
  let agentId: string | undefined;
  if (slug) {
    const id = shownAgentIdBySlug(db, slug);
    if (!id) return jsonError(404, "Agent not found");
    agentId = id;
  }
  const list = listReviews(db, { agentId, page });
  return Response.json({ items: list.items.map(toReviewJson), page: list.page, total: list.total });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await enforceRateLimit("token", context, { json: true });
  const body = parseBody(reviewApiSchema, await readJson(request));
  const db = getDb();
  const review = modelCall(() => {
    const reviewRequest = requestByToken(db, body.token);
    return submitReview(db, null, reviewRequest, body);
  });
  return Response.json(toReviewJson(publicReview(db, review.id)), { status: 201 });
}
