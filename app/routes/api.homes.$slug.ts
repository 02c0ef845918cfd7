/**
 * GET /api/homes/{slug} (public): a shown listing's page as data (the facts, the price and its changes,
 * photos, open houses to come, the showing page's address, the agent, its JSON-LD); hidden or unknown 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { jsonError, methodNotAllowed } from "~/infra/http.server";
import { homePageData } from "~/sections/home-page.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const home = homePageData(getDb(), params.slug ?? "");
  if (!home) return jsonError(404, "Listing not found");
  const { transactionId: _t, agentId: _a, ...shown } = home;
  return Response.json(shown);
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
