/**
 * GET /api/agreements/{id} → the agreement (docs/agreements.md): its status, dates, compensation, source
 * ("portal" or "recorded"), each signer with their steps and `agencyDisclosure: { version, acknowledgedAt }`, and a
 * listing's `protection: { days, list, listSentOn }`. Its transaction's client and staff only: anyone else 404,
 * anonymous 401. Its steps are POSTs to /api/agreements/{id}/{step}.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall } from "~/infra/http.server";
import { getAgreement, toAgreementJson } from "~/models/agreement-view.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(toAgreementJson(modelCall(() => getAgreement(getDb(), user, id))));
}

export const action = () => methodNotAllowed(["GET"]);
