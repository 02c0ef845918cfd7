/**
 * POST /api/checklist-items/{id}/events { type: "attach" | "detach" | "ready" | "approve" | "return", documentId?,
 * comment? } → the item (docs/file-review.md). Staff on its transaction attach, detach and mark ready; an admin
 * approves or returns (with a comment; the agents are e-mailed). A client or a stranger 404; an agent approving 403;
 * a move the item's state refuses 409.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { checklistEventSchema } from "~/lib/checklist-schema";
import { checklistEvent } from "~/models/file-review.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const body = checklistEventSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  return Response.json(modelCall(() => checklistEvent(getDb(), user, id, body.data)));
}
