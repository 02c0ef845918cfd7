/**
 * POST /api/transactions/{id}/agreements/record (staff) `{ documentId, kind: "listing" | "buyer", startsOn, endsOn,
 * compensation: { type: "amount" | "percent", value, cap? }, buyerEntity?, protectionDays?, signers: [{ name,
 * email? }] }` → 201 the agreement (`source: "recorded"`, `status: "signed"`): an uploaded document of the
 * transaction, signed on paper, recorded as its listing or buyer agreement in force (app/models/agreement-record.server.ts).
 * The same answers as preparing where the rules fail: 400 naming the field (a person's buyer agreement over three
 * months: endsOn; a compensation as text: compensation), 409 a document already recorded; a client 403; anyone
 * else 404; anonymous 401.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, parseBody, readJson } from "~/infra/http.server";
import { recordAgreementSchema } from "~/lib/agreement-schema";
import { recordAgreement } from "~/models/agreement-record.server";
import { toAgreementJson } from "~/models/agreement-view.server";
import { getTransactionAsStaff } from "~/models/permissions.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const db = getDb();
  // Who may act comes first: anyone not staff on the transaction is answered before the body is read.
  modelCall(() => getTransactionAsStaff(db, user, id));
  const input = parseBody(recordAgreementSchema, await readJson(request));
  return Response.json(toAgreementJson(modelCall(() => recordAgreement(db, user, id, input))), { status: 201 });
}
