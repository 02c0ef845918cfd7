import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall } from "~/infra/http.server";
import { removeDocument } from "~/models/document.server";

/** A GET (or HEAD) on this action-only route: 405 with Allow (the file itself is /documents/{id}). */
export async function loader() {
  return methodNotAllowed(["DELETE"]);
}

/** DELETE /api/documents/{id}: 204. Admins remove any document, a client only their own uploads (403 for others they see). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  modelCall(() => removeDocument(getDb(), user, id));
  return new Response(null, { status: 204 });
}
