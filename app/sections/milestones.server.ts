/**
 * The progress panel's forms: Initialize Milestones (an admin, on the portal of their own transaction or
 * the workspace) and the Update Milestone dialog (the workspace). Initialize comes back to the panel;
 * an update comes back to its milestone, or shows the dialog again with the field errors.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { milestoneFormSchema } from "~/lib/admin-schemas";
import { NotFoundError } from "~/lib/errors";
import { idField } from "~/lib/form-values";
import { milestoneIntents } from "~/lib/intents";
import { initializeMilestones, updateMilestone } from "~/models/milestone.server";
import { backTo, type Section, type SectionContext } from "~/sections/page-sections.server";

export type MilestoneActionData = {
  intent: typeof milestoneIntents.update;
  milestoneId: number;
  result: SubmissionResult<string[]>;
  refusal?: Refusal;
};

const INITIALIZE_FAILED = {
  title: "Error",
  description: "Failed to initialize milestones",
  variant: "destructive",
} as const;

const UPDATE_FAILED = { title: "Error", description: "Failed to update milestone", variant: "destructive" } as const;

export const milestoneSection: Section<typeof milestoneIntents> = {
  intents: milestoneIntents,
  act: (ctx, intent, formData) => (intent === milestoneIntents.initialize ? initialize(ctx) : update(ctx, formData)),
};

async function initialize(ctx: SectionContext) {
  const back = backTo(ctx, "progress");
  let created: number;
  try {
    if (ctx.transactionId === undefined) throw new NotFoundError("Transaction not found");
    created = initializeMilestones(ctx.db, ctx.actor, ctx.transactionId);
  } catch (error) {
    return refuse(error, { back, toast: INITIALIZE_FAILED });
  }
  return redirectWithToast(
    back,
    created
      ? { title: "Success", description: "Transaction milestones initialized successfully!" }
      : { title: "Already set up", description: "This transaction already has its milestones; nothing was changed." },
  );
}

async function update(ctx: SectionContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: milestoneFormSchema });
  if (submission.status !== "success") {
    const milestoneId = idField.safeParse(formData.get("milestoneId")).data ?? 0;
    return data<MilestoneActionData>(
      { intent: milestoneIntents.update, milestoneId, result: submission.reply() },
      { status: 400 },
    );
  }
  const { milestoneId, ...changes } = submission.value;
  try {
    if (ctx.transactionId === undefined) throw new NotFoundError("Milestone not found");
    updateMilestone(ctx.db, ctx.actor, { transactionId: ctx.transactionId, milestoneId }, changes);
  } catch (error) {
    return refuse(error, {
      toast: UPDATE_FAILED,
      data: { intent: milestoneIntents.update, milestoneId, result: submission.reply() },
    });
  }
  return redirectWithToast(backTo(ctx, `milestone-${milestoneId}`), {
    title: "Success",
    description: "Milestone updated successfully!",
  });
}
