/**
 * The portal's proof (docs/proof.md): "May we show your sale?" (the client's answer, taken back at any
 * time), "How did we do?" (a review of a completed transaction, without the e-mailed link), and the client's own
 * reviews (change or remove). Shown whatever transaction is active: they are about completed ones.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { idField } from "~/lib/form-values";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { proofIntents } from "~/lib/intents";
import { defaultDisplayName, reviewEditSchema, reviewFormSchema, soldConsentSchema } from "~/lib/proof-schema";
import { listPublicAgents } from "~/models/agent-profile.server";
import {
  defaultAgentSlug,
  editReview,
  openRequestOf,
  openRequestsOf,
  removeReview,
  reviewsOf,
  submitReview,
} from "~/models/review.server";
import { answerSoldConsent, soldConsentsOf } from "~/models/sold-home.server";
import { formatMoney } from "~/lib/money";
import { backTo, type Section } from "~/sections/page-sections.server";

export type ProofActionData = {
  intent: typeof proofIntents.review | typeof proofIntents.editReview;
  /** The form's transaction (a review) or review (a change). */
  id: number;
  result: SubmissionResult<string[]>;
  refusal?: Refusal;
};

/** What the portal shows of the proof: the sales asked about, the open requests, the client's reviews. */
export function proofData(db: Db, user: User) {
  const requests = openRequestsOf(db, user);
  const agents = requests.length ? listPublicAgents(db).map((a) => ({ slug: a.slug, name: a.name })) : [];
  return {
    sales: soldConsentsOf(db, user.id).map((s) => ({
      transactionId: s.transactionId,
      address: s.address,
      neighbourhood: s.zip ? `${s.neighbourhood}, ${s.zip}` : s.neighbourhood,
      side: s.side,
      fee: `${formatMoney(s.feeCents)}${s.feeBasis === "estimated" ? ", estimated" : ""}`,
      saved: formatMoney(s.savedCents),
      answered: s.answeredAt !== null,
      shown: s.shown,
      detail: s.detail,
      photo: s.photo,
    })),
    requests: requests.map((r) => ({
      transactionId: r.transactionId,
      defaults: { agentSlug: defaultAgentSlug(db, r.transactionId), displayName: defaultDisplayName(r.name) },
    })),
    agents,
    reviews: reviewsOf(db, user).map((r) => ({
      id: r.id,
      rating: r.rating,
      text: r.text,
      displayName: r.displayName,
      hiddenReason: r.hiddenReason,
      reply: r.reply,
    })),
  };
}
export type PortalProof = ReturnType<typeof proofData>;

const idOf = (formData: FormData, name: string) => {
  const parsed = idField.safeParse(formData.get(name));
  if (!parsed.success) throw new InvalidInputError("Invalid id");
  return parsed.data;
};

export const proofSection: Section<typeof proofIntents> = {
  intents: proofIntents,
  async act(ctx, intent, formData) {
    if (intent === proofIntents.soldConsent) {
      const back = backTo(ctx, "sold-consent");
      const parsed = soldConsentSchema.safeParse(Object.fromEntries(formData));
      try {
        if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]?.message ?? "Choose yes or no");
        const row = answerSoldConsent(ctx.db, ctx.actor, idOf(formData, "transactionId"), parsed.data);
        return redirectWithToast(back, {
          description: row.shown ? "Thank you! Your home is shown on our site." : "Your home is not shown on our site.",
        });
      } catch (error) {
        return refuse(error, { back });
      }
    }
    if (intent === proofIntents.removeReview) {
      const back = backTo(ctx, "your-reviews");
      try {
        removeReview(ctx.db, ctx.actor, idOf(formData, "reviewId"));
      } catch (error) {
        return refuse(error, { back });
      }
      return redirectWithToast(back, { description: "Your review is removed." });
    }
    if (intent === proofIntents.editReview) {
      const id = Number(formData.get("reviewId"));
      const submission = parseWithZod(formData, { schema: reviewEditSchema });
      if (submission.status !== "success") {
        return data<ProofActionData>({ intent, id, result: submission.reply() }, { status: 400 });
      }
      try {
        editReview(ctx.db, ctx.actor, idOf(formData, "reviewId"), submission.value);
      } catch (error) {
        return refuse(error, { data: { intent, id, result: submission.reply() } });
      }
      return redirectWithToast(backTo(ctx, "your-reviews"), { description: "Your review is saved." });
    }
    const transactionId = Number(formData.get("transactionId"));
    const submission = parseWithZod(formData, { schema: reviewFormSchema });
    if (submission.status !== "success") {
      return data<ProofActionData>({ intent, id: transactionId, result: submission.reply() }, { status: 400 });
    }
    try {
      const request = openRequestOf(ctx.db, ctx.actor, idOf(formData, "transactionId"));
      if (!request) throw new NotFoundError("Review request not found");
      submitReview(ctx.db, ctx.actor, request, submission.value);
    } catch (error) {
      return refuse(error, { data: { intent, id: transactionId, result: submission.reply() } });
    }
    return redirectWithToast(backTo(ctx, "your-reviews"), {
      title: "Thank you!",
      description: "Your review is published.",
    });
  },
};
