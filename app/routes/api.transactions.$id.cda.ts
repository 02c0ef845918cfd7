/**
 * The commission disbursement authorization (docs/payouts.md; admins, anyone else 404).
 * GET → the figures as of today (`{ ready: true, agent, gross, referralFee, brokerage, agentShare, fee, lines, ... }`
 * in dollars, or `{ ready: false, missing }`), the terms (`referral`, `escrowEmail`, `payout`), and the approved
 * `versions` (newest first), whether the current one no longer matches (`stale`) and what keeps it from approval
 * (`blockers`).
 * POST `{ escrowEmail? }` → 201 the version approved, sealed and e-mailed to escrow; 409 without an accepted offer,
 * with the file incomplete up to it, with figures missing, or when nothing changed; 400 without an escrow e-mail.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { cdaPaper } from "~/infra/cda-pdf.server";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, modelCallAsync, parseBody, readJson } from "~/infra/http.server";
import { cdaApproveSchema } from "~/lib/admin-schemas";
import { approveCda, cdaState, toCdaJson } from "~/models/cda.server";
import { toCommissionJson, transactionCommission } from "~/models/commission.server";
import { getTransactionAsAdmin } from "~/models/permissions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  const db = getDb();
  const commission = modelCall(() => transactionCommission(db, user, id));
  const state = modelCall(() => cdaState(db, user, id, commission.figures));
  return Response.json({
    ...toCommissionJson(commission),
    versions: state.versions.map(toCdaJson),
    stale: state.stale,
    blockers: state.blockers,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  // Who may act first (app/models/permissions.server.ts): not theirs 404, its client or agent 403; then the body.
  modelCall(() => getTransactionAsAdmin(getDb(), user, id));
  const input = parseBody(cdaApproveSchema, await readJson(request));
  const cda = await modelCallAsync(() => approveCda(getDb(), user, cdaPaper(), id, input));
  return Response.json(toCdaJson(cda), { status: 201 });
}
