/**
 * An agreement's steps (app/models/agreement-*.server.ts), each POST → 200 with the agreement:
 * `send`, `void`, `resend` ({ signerId }: a co-signer's new link), `retry-seal` and `protection-list` ({ names }:
 * a listing's buyers given to the seller within three days after its term) (staff);
 * `consent` ({ consent: true }; anything else 400; `agencyDisclosure: true` with it also acknowledges the agency
 * disclosure in force), `agency-disclosure` ({ acknowledge: true }: a client or co-signer of a listing or buyer
 * agreement, after consenting, acknowledges the version in force: GET /api/legal-texts/agency_disclosure gives it),
 * `withdraw-consent`, `sign` ({ typedName, agree: true }: the
 * signer's full legal name, after GET /agreements/{id}.pdf), `decline` ({ reason }). Signing twice or out of
 * turn 409 (the turn is checked first), a buyer agreement ending more than three months after today 409, before
 * consenting or opening the PDF 400 naming it; anyone not on its transaction 404, anonymous 401.
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
import {
  agencyAckSchema,
  consentSchema,
  declineSchema,
  protectionListSchema,
  resendSchema,
  signSchema,
} from "~/lib/agreement-schema";
import { sendProtectionList } from "~/models/agreement-record.server";
import { resendSigningLink, sendAgreement } from "~/models/agreement-prepare.server";
import { retrySeal } from "~/models/agreement-seal.server";
import {
  acknowledgeAgencyDisclosure,
  consentToSign,
  declineAgreement,
  signAgreement,
  voidAgreement,
  withdrawConsent,
} from "~/models/agreement-signing.server";
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
    case "agency-disclosure": {
      parseBody(agencyAckSchema, body);
      modelCall(() => acknowledgeAgencyDisclosure(db, key, id));
      break;
    }
    case "sign": {
      const input = parseBody(signSchema, body);
      await modelCallAsync(() => signAgreement(db, agreementPaper(), key, id, input));
      break;
    }
    case "withdraw-consent":
      modelCall(() => withdrawConsent(db, key, id));
      break;
    case "resend": {
      const input = parseBody(resendSchema, body);
      modelCall(() => resendSigningLink(db, user, id, input.signerId));
      break;
    }
    case "protection-list": {
      const input = parseBody(protectionListSchema, body);
      modelCall(() => sendProtectionList(db, user, id, input.names));
      break;
    }
    case "retry-seal":
      await modelCallAsync(() => retrySeal(db, user, agreementPaper(), id));
      break;
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
