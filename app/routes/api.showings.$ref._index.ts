/**
 * GET /api/showings/{token} (public): a listing's showing page as JSON: the address, the rules (never the
 * access instructions) and the free slots of the next 14 days. An unknown or reset token 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { modelCall } from "~/infra/http.server";
import { showingPage } from "~/models/showing.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const { scope: _scope, ...page } = modelCall(() => showingPage(getDb(), params.ref ?? ""));
  return Response.json(
    { ...page, freeSlots: page.freeSlots.map((s) => s.toISOString()) },
    { headers: { "cache-control": "no-store" } },
  );
}
