/**
 * A transaction's saved estimates: GET → [estimate], newest first; POST { name, inputs } → 201 with the
 * estimate (its side is the transaction's: a sale's net sheet, a purchase's cash to close). The
 * transaction's client and admins; another client 404, anonymous 401; a bad field 400 with it named.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { createEstimate, listEstimates, toSavedEstimateJson } from "~/models/estimate.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(modelCall(() => listEstimates(getDb(), user, id)).map(toSavedEstimateJson));
}

const postSchema = z.object({ name: z.unknown(), inputs: z.record(z.unknown()) }).strict();

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const body = postSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  return Response.json(
    toSavedEstimateJson(
      modelCall(() => createEstimate(getDb(), user, id, { name: body.data.name, inputs: body.data.inputs })),
    ),
    {
      status: 201,
    },
  );
}
