/**
 * A transaction's agreements (app/models/agreement-view.server.ts, agreement-prepare.server.ts): GET → [agreement] for its client and staff;
 * POST (staff) { templateId | documentId, startsOn?, endsOn?, fields?, signers: [{ name, email, role }] } →
 * 201 { id, kind, status: "draft", startsOn, endsOn, signers, documentId, signedDocumentId, createdAt }.
 * Anyone else 404, anonymous 401, a bad field 400 naming it (a buyer agreement over three months: endsOn).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, modelCallAsync, parseBody, readJson } from "~/infra/http.server";
import { prepareAgreementSchema } from "~/lib/agreement-schema";
import { prepareAgreement } from "~/models/agreement-prepare.server";
import { listAgreements, toAgreementJson } from "~/models/agreement-view.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(modelCall(() => listAgreements(getDb(), user, id)).map(toAgreementJson));
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const input = parseBody(prepareAgreementSchema, await readJson(request));
  const agreement = await modelCallAsync(() => prepareAgreement(getDb(), user, agreementPaper(), id, input));
  return Response.json(toAgreementJson(agreement), { status: 201 });
}
