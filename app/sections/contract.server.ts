/**
 * The Contract section's forms (the workspace): the contract's dates and day counts, saved with the
 * deadlines they give; a deadline's Mark done, Waive and Reopen. Both come back to the section (#contract).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { contractSchema, deadlineFormSchema } from "~/lib/contract-schema";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { contractIntents } from "~/lib/intents";
import { saveContract, setDeadlineStatus } from "~/models/contract.server";
import { backTo, type Section, type SectionContext } from "~/sections/page-sections.server";

export type ContractActionData = {
  intent: typeof contractIntents.save;
  result: SubmissionResult<string[]>;
  refusal?: Refusal;
};

const STATUS_TOASTS = { done: "Marked done.", waived: "Waived.", open: "Reopened." } as const;

export const contractSection: Section<typeof contractIntents> = {
  intents: contractIntents,
  act: (ctx, intent, formData) => (intent === contractIntents.save ? save(ctx, formData) : setStatus(ctx, formData)),
};

async function save(ctx: SectionContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: contractSchema });
  if (submission.status !== "success") {
    return data<ContractActionData>({ intent: contractIntents.save, result: submission.reply() }, { status: 400 });
  }
  try {
    if (ctx.transactionId === undefined) throw new NotFoundError("Transaction not found");
    saveContract(ctx.db, ctx.actor, ctx.transactionId, submission.value);
  } catch (error) {
    return refuse(error, { data: { intent: contractIntents.save, result: submission.reply() } });
  }
  return redirectWithToast(backTo(ctx, "contract"), { description: "Contract saved. The key dates are set." });
}

/** Mark done, Waive or Reopen a deadline. */
async function setStatus(ctx: SectionContext, formData: FormData) {
  const back = backTo(ctx, "contract");
  const parsed = deadlineFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose a deadline"), { back });
  try {
    setDeadlineStatus(ctx.db, ctx.actor, parsed.data.deadlineId, parsed.data.status);
  } catch (error) {
    return refuse(error, { back });
  }
  return redirectWithToast(back, { description: STATUS_TOASTS[parsed.data.status] });
}
