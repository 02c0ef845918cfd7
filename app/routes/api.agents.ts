/** GET /api/agents?page= (public): the agents the site shows, in the team's order, 24 a page. */
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { methodNotAllowed } from "~/infra/http.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PROOF_PAGE_SIZE } from "~/lib/proof-schema";
import { pagePublicAgents, toAgentJson } from "~/models/agent-profile.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const list = pagePublicAgents(getDb(), /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1, PROOF_PAGE_SIZE);
  return Response.json({
    items: list.items.map((a) => toAgentJson(a, env().site)),
    page: list.page,
    total: list.total,
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
