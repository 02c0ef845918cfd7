/**
 * The signing page's data and forms (app/components/signing-panel.tsx), for a signed-in signer
 * (/agreements/{id}/sign) and a co-signer's link (/sign/{token}): consent, sign, decline. Each comes back to
 * the page with a toast, or shows the form again with its message.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SigningView } from "~/components/signing-panel";
import type { Db } from "~/db/client.server";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { readForm } from "~/infra/http.server";
import { intentOf, unknownIntent } from "~/infra/page-action.server";
import { consentSchema, declineSchema, signSchema } from "~/lib/agreement-schema";
import { statusOf } from "~/lib/errors";
import { signingIntents } from "~/lib/intents";
import { type SignerKey } from "~/models/agreement-access.server";
import { consentToSign, declineAgreement, signAgreement, signingState } from "~/models/agreement-signing.server";

export function signingView(db: Db, key: SignerKey, id: number, pdfUrl: string): SigningView {
  const state = signingState(db, key, id);
  return {
    ...state,
    agreement: {
      title: state.agreement.title,
      status: state.agreement.status,
      endsOn: state.agreement.endsOn,
      signers: state.agreement.signers.map((s) => ({
        name: s.name,
        role: s.role,
        signedAt: s.signedAt?.toISOString() ?? null,
      })),
    },
    pdfUrl,
  };
}

/**
 * `done`: where a signer goes once they signed or declined, when it is not back to the page (a co-signer's
 * link works once: it goes to /sign/done).
 */
export async function signingAction(request: Request, db: Db, key: SignerKey, id: number, back: string, done = back) {
  const formData = await readForm(request);
  const intent = intentOf(formData, signingIntents);
  try {
    if (intent === signingIntents.consent) {
      const parsed = consentSchema.parse(Object.fromEntries(formData));
      consentToSign(db, key, id, { agencyDisclosure: parsed.agencyDisclosure });
      return redirectWithToast(back, {
        title: "Thank you",
        description: "Your consent is recorded. You can now sign.",
      });
    }
    if (intent === signingIntents.sign) {
      const submission = parseWithZod(formData, { schema: signSchema });
      if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
      try {
        const { completed } = await signAgreement(db, agreementPaper(), key, id, submission.value);
        return redirectWithToast(done, {
          title: "Signed",
          description: completed ? "Everyone has signed: the sealed copy is ready." : "Your signature is recorded.",
        });
      } catch (error) {
        const status = statusOf(error);
        if (status === null || status === 404) throw error;
        const fieldErrors = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors;
        return data(
          {
            result: submission.reply({ fieldErrors: fieldErrors ?? {}, formErrors: [(error as Error).message] }),
            error: (error as Error).message,
          },
          { status },
        );
      }
    }
    if (intent === signingIntents.decline) {
      const submission = parseWithZod(formData, { schema: declineSchema });
      if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
      declineAgreement(db, key, id, submission.value.reason);
      return redirectWithToast(done, { title: "Declined", description: "Everyone on the agreement is told." });
    }
    return unknownIntent();
  } catch (error) {
    const status = statusOf(error);
    if (status === null || status === 404) throw error;
    return data({ result: null, error: (error as Error).message }, { status });
  }
}
