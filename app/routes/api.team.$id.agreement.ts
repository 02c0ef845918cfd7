/**
 * POST /api/team/{id}/agreement (admins; no body) → 201 the agreement (as `GET /api/transactions/{id}/agreements`
 * gives one), sent for signature: the broker–agent agreement from the newest template, the agent first, then the
 * broker (docs/roster.md). Not on the team 404; one out for signature or signed already, or no license
 * number, 409.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { methodNotAllowed, modelCallAsync } from "~/infra/http.server";
import { toAgreementJson } from "~/models/agreement-view.server";
import { sendBrokerAgentAgreement } from "~/models/broker-agent-agreement.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(request);
  const agreement = await modelCallAsync(() =>
    sendBrokerAgentAgreement(getDb(), admin, agreementPaper(), params.id ?? ""),
  );
  return Response.json(toAgreementJson(agreement), { status: 201 });
}
