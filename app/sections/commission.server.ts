/**
 * The Money tab's "Commission" section (docs/payouts.md; admins): the referring broker and the escrow
 * officer's e-mail; the CDA's approval, sent to escrow (app/models/cda.server.ts). Comes back to the section (#commission) with a toast, or a toast naming what was wrong.
 */
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse } from "~/infra/page-action.server";
import {
  escrowEmailSchema,
  escrowNumberSchema,
  licenseOverrideSchema,
  partyNamesSchema,
  referralSchema,
} from "~/lib/admin-schemas";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { commissionIntents } from "~/lib/intents";
import { approveCda, setCommissionTerms } from "~/models/cda.server";
import { cdaPaper } from "~/infra/cda-pdf.server";
import { backTo, type Section } from "~/sections/page-sections.server";

const text = (formData: FormData, name: string) => String(formData.get(name) ?? "").trim();

export const commissionSection: Section<typeof commissionIntents> = {
  intents: commissionIntents,
  async act(ctx, intent, formData) {
    if (intent === commissionIntents.approveCda) {
      try {
        if (ctx.transactionId === undefined) throw new NotFoundError("Transaction not found");
        const override = licenseOverrideSchema.safeParse(formData.get("override") ?? "");
        if (!override.success) throw new InvalidInputError(override.error.issues[0]!.message);
        const cda = await approveCda(ctx.db, ctx.actor, cdaPaper(), ctx.transactionId, { override: override.data });
        return redirectWithToast(backTo(ctx, "commission"), {
          description: `CDA version ${cda.version} approved and sent to ${cda.escrowEmail}.`,
        });
      } catch (error) {
        return refuse(error, { back: backTo(ctx, "commission") });
      }
    }
    try {
      if (ctx.transactionId === undefined) throw new NotFoundError("Transaction not found");
      const broker = text(formData, "referralBroker");
      const referral = referralSchema.safeParse(
        broker || text(formData, "referralLicense") || text(formData, "referralPercent")
          ? { broker, license: text(formData, "referralLicense"), percent: text(formData, "referralPercent") }
          : null,
      );
      if (!referral.success) throw new InvalidInputError(referral.error.issues[0]!.message);
      const field = <T>(
        schema: {
          safeParse(
            v: unknown,
          ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
        },
        name: string,
      ): T => {
        const parsed = schema.safeParse(formData.get(name) ?? "");
        if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]!.message);
        return parsed.data;
      };
      setCommissionTerms(ctx.db, ctx.actor, ctx.transactionId, {
        referral: referral.data,
        escrowEmail: field(escrowEmailSchema, "escrowEmail"),
        escrowNumber: field(escrowNumberSchema, "escrowNumber"),
        sellerNames: field(partyNamesSchema, "sellerNames"),
        buyerNames: field(partyNamesSchema, "buyerNames"),
      });
    } catch (error) {
      return refuse(error, { back: backTo(ctx, "commission") });
    }
    return redirectWithToast(backTo(ctx, "commission"), { description: "Commission terms saved." });
  },
};
