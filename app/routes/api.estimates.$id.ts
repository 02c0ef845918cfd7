/**
 * A saved estimate: GET (its transaction's client and admins), PATCH { name?, inputs? } (the same: computed
 * again with today's schedule and rates), DELETE → 204. Another client's estimate 404, anonymous 401.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { deleteEstimate, getEstimate, toSavedEstimateJson, updateEstimate } from "~/models/estimate.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(toSavedEstimateJson(modelCall(() => getEstimate(getDb(), user, id))));
}

const patchSchema = z
  .object({ name: z.unknown().optional(), inputs: z.record(z.unknown()).optional() })
  .strict()
  .refine((v) => v.name !== undefined || v.inputs !== undefined, "Send a name or inputs");

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  if (request.method === "DELETE") {
    modelCall(() => deleteEstimate(getDb(), user, id));
    return new Response(null, { status: 204 });
  }
  const body = patchSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  return Response.json(toSavedEstimateJson(modelCall(() => updateEstimate(getDb(), user, id, body.data))));
}
