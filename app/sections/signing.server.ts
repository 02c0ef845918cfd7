/**
 * The signing page's data and forms (app/components/signing-panel.tsx), for a signed-in signer
 * (/agreements/{id}/sign) and a co-signer's link (/sign/{token}): consent (and withdraw it), sign, decline. Each
 * comes back to the page with a toast, or shows the form again with its message. Someone who is not on the
 * agreement gets its 404 page, whatever they post.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SigningView } from "~/components/signing-panel";
import type { Db } from "~/db/client.server";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { modelErrorResponse, readForm } from "~/infra/http.server";
import { intentOf, unknownIntent } from "~/infra/page-action.server";
import { agencyAckSchema, consentSchema, declineSchema, signSchema } from "~/lib/agreement-schema";
import { statusOf } from "~/lib/errors";
import { signingIntents } from "~/lib/intents";
import { type SignerKey } from "~/models/agreement-access.server";
import {
  acknowledgeAgencyDisclosure,
  consentToSign,
  declineAgreement,
  signAgreement,
  signingState,
  withdrawConsent,
} from "~/models/agreement-signing.server";

/** `backFor`: where the signer goes next, from the agreement's transaction (null: nowhere, a co-signer's link). */
export function signingView(
  db: Db,
  key: SignerKey,
  id: number,
  pdfUrl: string,
  backFor: (transactionId: number | null) => string | null,
): SigningView {
  const state = signingState(db, key, id);
  return {
    ...state,
    agreement: {
      title: state.agreement.title,
      kind: state.agreement.kind,
      status: state.agreement.status,
      endsOn: state.agreement.endsOn,
      transactionId: state.agreement.transactionId,
      signers: state.agreement.signers.map((s) => ({
        name: s.name,
        role: s.role,
        forBroker: s.forBroker,
        seatOpen: s.seatOpen,
        signedAt: s.signedAt?.toISOString() ?? null,
      })),
    },
    pdfUrl,
    back: backFor(state.agreement.transactionId),
  };
}

type Answer = { result: SubmissionResult<string[]> | null; error: string | null };
type Reply = (options: { fieldErrors: Record<string, string[]>; formErrors: string[] }) => SubmissionResult<string[]>;

/** A model's refusal shown on the form (its message, each field's error); "not found" is the 404 page. */
function refused(error: unknown, reply?: Reply) {
  const status = statusOf(error);
  if (status === null) throw error;
  if (status === 404) throw modelErrorResponse(error);
  const message = (error as Error).message;
  const fieldErrors = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
  return data<Answer>(
    { result: reply ? reply({ fieldErrors, formErrors: [message] }) : null, error: message },
    { status },
  );
}

/**
 * `done`: where a signer goes once they signed or declined, when it is not back to the page (a co-signer's
 * link works once: it goes to /sign/done).
 */
export async function signingAction(request: Request, db: Db, key: SignerKey, id: number, back: string, done = back) {
  const formData = await readForm(request);
  const intent = intentOf(formData, signingIntents);
  /** A form that does not parse: who may act comes first (a stranger's post is a 404 whatever it holds), then 400. */
  const invalid = (result: SubmissionResult<string[]>) => {
    try {
      signingState(db, key, id);
    } catch (error) {
      return refused(error);
    }
    return data<Answer>({ result, error: null }, { status: 400 });
  };
  if (intent === signingIntents.consent) {
    const submission = parseWithZod(formData, { schema: consentSchema });
    if (submission.status !== "success") return invalid(submission.reply());
    try {
      consentToSign(db, key, id, submission.value);
    } catch (error) {
      return refused(error, (o) => submission.reply(o));
    }
    return redirectWithToast(back, {
      title: "Thank you",
      description: "Your consent is recorded. You can go on to the next step.",
    });
  }
  if (intent === signingIntents.agency) {
    const submission = parseWithZod(formData, { schema: agencyAckSchema });
    if (submission.status !== "success") return invalid(submission.reply());
    try {
      acknowledgeAgencyDisclosure(db, key, id);
    } catch (error) {
      return refused(error, (o) => submission.reply(o));
    }
    return redirectWithToast(back, {
      title: "Thank you",
      description: "Your acknowledgment is recorded. Now open the agreement and sign it.",
    });
  }
  if (intent === signingIntents.withdraw) {
    try {
      withdrawConsent(db, key, id);
    } catch (error) {
      return refused(error);
    }
    return redirectWithToast(back, {
      title: "Consent withdrawn",
      description: "Your agent is told and will offer you the agreement on paper.",
    });
  }
  if (intent === signingIntents.sign) {
    const submission = parseWithZod(formData, { schema: signSchema });
    if (submission.status !== "success") return invalid(submission.reply());
    try {
      const { completed, sealing } = await signAgreement(db, agreementPaper(), key, id, submission.value);
      return redirectWithToast(done, {
        title: "Signed",
        description: sealing
          ? "Your signature is saved. The sealed copy follows: we e-mail it as soon as it is ready."
          : completed
            ? "Everyone has signed: the sealed copy is ready."
            : "Your signature is recorded.",
      });
    } catch (error) {
      return refused(error, (o) => submission.reply(o));
    }
  }
  if (intent === signingIntents.decline) {
    const submission = parseWithZod(formData, { schema: declineSchema });
    if (submission.status !== "success") return invalid(submission.reply());
    try {
      declineAgreement(db, key, id, submission.value.reason);
    } catch (error) {
      return refused(error, (o) => submission.reply(o));
    }
    return redirectWithToast(done, { title: "Declined", description: "Everyone on the agreement is told." });
  }
  return unknownIntent();
}
