/**
 * An agreement's steps (app/models/agreement.server.ts), each POST → 200 with the agreement:
 * `send` and `void` (staff), `consent` ({ agencyDisclosure: true } as well for a client's first agreement),
 * `sign` ({ typedName, agree: true }), `decline` ({ reason }). Signing twice or out of turn 409 (the turn is
 * checked first), before consenting 400 naming the consent; anyone not on its transaction 404, anonymous 401.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import {
  idParam,
  jsonError,
  methodNotAllowed,
  modelCall,
  modelCallAsync,
  parseBody,
  readJson,
} from "~/infra/http.server";
import { consentSchema, declineSchema, signSchema } from "~/lib/agreement-schema";
import { sendAgreement } from "~/models/agreement-prepare.server";
import { consentToSign, declineAgreement, signAgreement, voidAgreement } from "~/models/agreement-signing.server";
import { getAgreement, toAgreementJson } from "~/models/agreement-view.server";

export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const db = getDb();
  // Who may act comes first: anyone not on the agreement is told "not found" whatever the body.
  modelCall(() => getAgreement(db, user, id));
  const body = await readJson(request);
  const key = { actor: user };
  switch (params.step) {
    case "send":
      modelCall(() => sendAgreement(db, user, id));
      break;
    case "void":
      modelCall(() => voidAgreement(db, user, id));
      break;
    case "consent": {
      const input = parseBody(consentSchema, body);
      modelCall(() => consentToSign(db, key, id, input));
      break;
    }
    case "sign": {
      const input = parseBody(signSchema, body);
      await modelCallAsync(() => signAgreement(db, agreementPaper(), key, id, input));
      break;
    }
    case "decline": {
      const input = parseBody(declineSchema, body);
      modelCall(() => declineAgreement(db, key, id, input.reason));
      break;
    }
    default:
      return jsonError(404, "Not found");
  }
  return Response.json(toAgreementJson(modelCall(() => getAgreement(db, user, id))));
}
