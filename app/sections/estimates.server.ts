/**
 * The Estimates section's forms (the portal and the workspace): save an estimate (a new one, or changes
 * to one: its name and inputs, computed again) and delete one. The transaction's client and admins; the
 * model refuses anyone else. A refused save shows the form again with each field's message; a stored one
 * comes back to the estimate (#estimates).
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { idField } from "~/lib/form-values";
import { estimateIntents } from "~/lib/intents";
import { createEstimate, deleteEstimate, updateEstimate } from "~/models/estimate.server";
import { backTo, type Section, type SectionContext } from "~/sections/page-sections.server";

export type EstimateActionData = {
  intent: typeof estimateIntents.save;
  /** The estimate being edited ("new" for a new one). */
  estimate: string;
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
  refusal?: Refusal;
};

const formSchema = z.object({ intent: z.string(), estimateId: idField.optional() }).passthrough();

export const estimateSection: Section<typeof estimateIntents> = {
  intents: estimateIntents,
  act: (ctx, intent, formData) => (intent === estimateIntents.save ? save(ctx, formData) : remove(ctx, formData)),
};

async function save(ctx: SectionContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: formSchema, disableAutoCoercion: true });
  const payload = (submission.payload ?? {}) as Record<string, unknown>;
  const { intent: _intent, estimateId: rawId, name, ...inputs } = payload;
  const estimateId = submission.status === "success" ? submission.value.estimateId : undefined;
  const answer = (errors: Record<string, string[]>, status: number) =>
    data<EstimateActionData>(
      { intent: estimateIntents.save, estimate: estimateId ? String(estimateId) : "new", values: payload, errors },
      { status },
    );
  if (rawId !== undefined && rawId !== "" && estimateId === undefined)
    return answer({ estimateId: ["Invalid id"] }, 400);
  try {
    if (ctx.transactionId === undefined) throw new NotFoundError("You have no active transaction to estimate.");
    const saved = estimateId
      ? updateEstimate(ctx.db, ctx.actor, estimateId, { name, inputs })
      : createEstimate(ctx.db, ctx.actor, ctx.transactionId, { name, inputs });
    return redirectWithToast(
      ctx.asPage === false ? `${ctx.back}?estimate=${saved.id}` : `${ctx.back}?estimate=${saved.id}#estimates`,
      { description: estimateId ? "Estimate saved." : "Estimate added." },
    );
  } catch (error) {
    if (error instanceof InvalidInputError) return answer(error.fieldErrors, 400);
    return refuse(error, {
      data: {
        intent: estimateIntents.save,
        estimate: estimateId ? String(estimateId) : "new",
        values: payload,
        errors: {},
      },
    });
  }
}

async function remove(ctx: SectionContext, formData: FormData) {
  const back = backTo(ctx, "estimates");
  const parsed = z.object({ estimateId: idField }).safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose an estimate"), { back });
  try {
    deleteEstimate(ctx.db, ctx.actor, parsed.data.estimateId);
  } catch (error) {
    return refuse(error, { back });
  }
  return redirectWithToast(back, { description: "Estimate deleted." });
}
