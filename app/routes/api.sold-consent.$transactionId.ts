/**
 * PUT /api/sold-consent/{transactionId} { show, detail: "address" | "neighbourhood", photo }: the
 * transaction's client's answer to "May we show your sale?"; anyone else 404. A no takes it off the site at once.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { soldConsentSchema } from "~/lib/proof-schema";
import { answerSoldConsent } from "~/models/sold-home.server";

export async function loader() {
  return methodNotAllowed(["PUT"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const user = await requireUser(request);
  const id = idParam(params.transactionId);
  const body = parseBody(soldConsentSchema.strict(), await readJson(request));
  const row = modelCall(() => answerSoldConsent(getDb(), user, id, body));
  return Response.json({ transactionId: row.transactionId, show: row.shown, detail: row.detail, photo: row.photo });
}
