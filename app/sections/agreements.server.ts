/**
 * A transaction's agreements on its two pages (docs/agreements.md): the list with each one's signers, and
 * on the Manage page the staff's forms: prepare one from a template (its fields prefilled from the
 * transaction) or from a PDF of the transaction, send it, void it. Signing is on the agreement's own page
 * (app/routes/agreements.$id.sign.tsx). A refusal (a date past the three months, a co-signer without an
 * address) comes back as a toast naming it, and nothing is prepared.
 */
import type { Db } from "~/db/client.server";
import type { Transaction, User } from "~/db/schema";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse } from "~/infra/page-action.server";
import { prepareAgreementSchema, prepareFromForm } from "~/lib/agreement-schema";
import { NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { agreementIntents } from "~/lib/intents";
import { isStaff } from "~/models/actor.server";
import { agreementPdfPath, signingPath } from "~/models/agreement-access.server";
import { prefilledFields, prepareAgreement, resendSigningLink, sendAgreement } from "~/models/agreement-prepare.server";
import { retrySeal } from "~/models/agreement-seal.server";
import { voidAgreement } from "~/models/agreement-signing.server";
import { listAgreements, type AgreementView } from "~/models/agreement-view.server";
import { listTemplates } from "~/models/agreement-template.server";
import { getTransaction } from "~/models/transaction.server";
import { getUserById } from "~/models/user.server";
import { backTo, parseSectionForm, type Section } from "~/sections/page-sections.server";

/** An agreement as the section lists it (the Manage page's, the portal's). */
export function listedAgreement(a: AgreementView) {
  return {
    id: a.id,
    kind: a.kind,
    title: a.title,
    status: a.status,
    endsOn: a.endsOn,
    sealError: a.sealError,
    signers: a.signers.map((s) => ({
      id: s.id,
      name: s.seatOpen ? "An admin for the broker" : s.name || "The client",
      role: s.role,
      signedAt: s.signedAt?.toISOString() ?? null,
      consentWithdrawn: s.consentWithdrawnAt !== null,
    })),
    pdf: agreementPdfPath(a.id),
    sign: signingPath(a.id),
  };
}

/** The section's data: each agreement as the page lists it; for staff, the templates and the PDFs to sign. */
export function agreementsData(
  db: Db,
  actor: User,
  transaction: Transaction,
  pdfs: Array<{ id: number; name: string }> = [],
) {
  const list = listAgreements(db, actor, transaction.id).map(listedAgreement);
  if (!isStaff(actor)) return { list, templates: [], pdfs: [] };
  return {
    list,
    templates: listTemplates(db, actor).map((t) => ({ id: t.id, name: t.name, kind: t.kind, version: t.version })),
    pdfs,
    prefilled: prefilledFields(db, transaction),
  };
}

export const agreementSection: Section<typeof agreementIntents> = {
  intents: agreementIntents,
  async act(ctx, intent, formData) {
    try {
      if (ctx.transactionId === undefined) throw new NotFoundError("Transaction not found");
      if (intent === agreementIntents.prepare) {
        const client = getUserById(ctx.db, getTransaction(ctx.db, ctx.actor, ctx.transactionId).userId)!;
        const input = parseSectionForm(
          prepareAgreementSchema,
          prepareFromForm(formData, { name: fullName(client), email: client.email }),
        );
        const prepared = await prepareAgreement(ctx.db, ctx.actor, agreementPaper(), ctx.transactionId, input);
        return redirectWithToast(backTo(ctx, "agreements"), {
          title: "Prepared",
          description: `"${prepared.title}" is ready to send.`,
        });
      }
      const id = Number(formData.get("agreementId"));
      if (!Number.isInteger(id) || id <= 0) throw new NotFoundError("Agreement not found");
      if (intent === agreementIntents.resend) {
        const signerId = Number(formData.get("signerId"));
        if (!Number.isInteger(signerId) || signerId <= 0)
          throw new NotFoundError("No such co-signer on this agreement");
        resendSigningLink(ctx.db, ctx.actor, id, signerId);
        return redirectWithToast(backTo(ctx, "agreements"), {
          title: "Sent",
          description: "The co-signer is e-mailed a new link; the old one no longer works.",
        });
      }
      if (intent === agreementIntents.retrySeal) {
        const sealed = await retrySeal(ctx.db, ctx.actor, agreementPaper(), id);
        return redirectWithToast(backTo(ctx, "agreements"), {
          title: sealed ? "Sealed" : "Still not sealed",
          description: sealed
            ? "The signed copy is made and e-mailed to everyone."
            : "The seal failed again; the server keeps trying.",
          ...(sealed ? {} : { variant: "destructive" as const }),
        });
      }
      if (intent === agreementIntents.send) {
        sendAgreement(ctx.db, ctx.actor, id);
        return redirectWithToast(backTo(ctx, "agreements"), {
          title: "Sent",
          description: "The signers are e-mailed.",
        });
      }
      voidAgreement(ctx.db, ctx.actor, id);
      return redirectWithToast(backTo(ctx, "agreements"), {
        title: "Voided",
        description: "It can no longer be signed.",
      });
    } catch (error) {
      return refuse(error, { back: backTo(ctx, "agreements") });
    }
  },
};
