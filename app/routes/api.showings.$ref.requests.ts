/**
 * POST /api/showings/{token}/requests (public, rate-limited like the contact form): a buyer's agent asks for a
 * showing `{ agentName, brokerage, licenseNumber, phone, email, slots: [{ start }], people }` → 201
 * `{ id, status: "requested" | "approved", start, end }`; a slot the rules refuse 400 naming the rule;
 * an unknown or reset token 404.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { enforceRateLimit } from "~/infra/rate-limit.server";
import { showingRequestSchema } from "~/lib/showing-schema";
import { requestShowing, showingPage, toShowingJson } from "~/models/showing.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const db = getDb();
  const token = params.ref ?? "";
  modelCall(() => showingPage(db, token));
  const input = parseBody(showingRequestSchema, await readJson(request));
  await enforceRateLimit("contact", context, { json: true });
  const showing = modelCall(() => requestShowing(db, token, input));
  const { id, status, start, end } = toShowingJson(showing);
  return Response.json({ id, status, start, end }, { status: 201 });
}
