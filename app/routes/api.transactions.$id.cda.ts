/**
 * GET /api/transactions/{id}/cda (admins; anyone else 404) → the commission disbursement authorization's figures
 * as of today (issue 46, docs/payouts.md): `{ ready: true, agent, gross, referralFee, brokerage, agentShare, fee, lines,
 * referral, escrowEmail, payout }` in dollars, or `{ ready: false, missing: [...] }` naming what it needs.
 * Approving it and sending it to escrow is not built yet (docs/payouts.md).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall } from "~/infra/http.server";
import { toCommissionJson, transactionCommission } from "~/models/commission.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(toCommissionJson(modelCall(() => transactionCommission(getDb(), user, id))));
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
