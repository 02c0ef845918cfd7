/** GET /api/agents/{slug} (public): one shown agent with their average and count; anyone else 404. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { methodNotAllowed, modelCall } from "~/infra/http.server";
import { getPublicAgent, toAgentJson } from "~/models/agent-profile.server";
import { reviewStats } from "~/models/review.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const db = getDb();
  const agent = modelCall(() => getPublicAgent(db, params.slug ?? ""));
  return Response.json({ ...toAgentJson(agent, env().site), reviews: reviewStats(db, agent.id) });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
