/**
 * POST /api/estimates { side: "seller" | "buyer", ...inputs } → 200 { side, lines: [{ key, label, amount,
 * payer, note }], totals, notes, schedule: { name, effectiveDate }, escrow: { base, perThousand } }: anyone
 * may ask (RATE_LIMIT_ESTIMATE per client); money as dollars with two decimals; a bad field is a 400 that
 * names it (app/lib/estimate-schema.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { methodNotAllowed, readJson, validationError } from "~/infra/http.server";
import { enforceRateLimit } from "~/infra/rate-limit.server";
import { estimateInputsSchema } from "~/lib/estimate-schema";
import { todayIn } from "~/lib/plain-date";
import { computeEstimate, toEstimateResultJson } from "~/models/estimate.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await enforceRateLimit("estimate", context, { json: true });
  const body = estimateInputsSchema(todayIn(new Date())).safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  return Response.json(toEstimateResultJson(computeEstimate(getDb(), body.data)));
}
