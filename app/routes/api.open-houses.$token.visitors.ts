/**
 * POST /api/open-houses/{token}/visitors (public, the door's tablet) `{ name, email?, phone?, hasAgent,
 * agentName?, wantsSimilar }` → 201 `{ id }`: one of e-mail or phone required (400); a wrong or closed token 404;
 * 20 a minute per token (429).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { jsonError, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { consumeRateLimit, retryAfterHeaders } from "~/infra/rate-limit.server";
import { visitorSchema } from "~/lib/home-listing-schema";
import { openHouseAtDoor, signInVisitor } from "~/models/open-house.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const token = params.token ?? "";
  const db = getDb();
  modelCall(() => openHouseAtDoor(db, token));
  const input = parseBody(visitorSchema, await readJson(request));
  const limit = await consumeRateLimit("openHouse", null, { key: token });
  if (!limit.ok) {
    return Response.json(
      { message: "Too many sign-ins at once: wait a moment" },
      { status: 429, headers: retryAfterHeaders(limit) },
    );
  }
  const visitor = modelCall(() => signInVisitor(db, token, input));
  return visitor ? Response.json({ id: visitor.id }, { status: 201 }) : jsonError(404, "Open house not found");
}
