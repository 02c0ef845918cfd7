import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, modelErrorResponse } from "~/infra/http.server";
import { uploadOf } from "~/infra/upload.server";
import { listDocuments, toDocumentJson, uploadDocuments } from "~/models/document.server";

/** GET /api/transactions/{id}/documents: the transaction's client and admins; others 404, anonymous 401. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(modelCall(() => listDocuments(getDb(), user, id)).map(toDocumentJson));
}

/**
 * POST /api/transactions/{id}/documents (multipart: `file`, one or more; optional `milestoneId`): 201 with
 * the documents created; 400 (a type not accepted, no file, too many), 413 (too large), 415 (not
 * multipart), 404, 401. Nothing is stored unless everything is.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  try {
    const created = await uploadDocuments(getDb(), user, id, uploadOf(request));
    return Response.json(created.map(toDocumentJson), { status: 201 });
  } catch (error) {
    return modelErrorResponse(error);
  }
}
