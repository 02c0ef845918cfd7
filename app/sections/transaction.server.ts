/**
 * The workspace overview's "Transaction details" form: the address, the home value and the status (admins), and the
 * client's legal name corrected (admins, app/models/client-name.server.ts). Comes back to the form (#details), or
 * shows it again with its field errors.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { editTransactionSchema } from "~/lib/admin-schemas";
import { NotFoundError } from "~/lib/errors";
import { transactionIntents } from "~/lib/intents";
import { accountNameSchema } from "~/lib/saved-home-schema";
import { correctClientName } from "~/models/client-name.server";
import { updateTransaction } from "~/models/transaction-edit.server";
import { backTo, type Section, type SectionContext } from "~/sections/page-sections.server";

export type TransactionActionData = {
  intent: (typeof transactionIntents)[keyof typeof transactionIntents];
  result: SubmissionResult<string[]>;
  refusal?: Refusal;
};

export const transactionSection: Section<typeof transactionIntents> = {
  intents: transactionIntents,
  async act(ctx, intent, formData) {
    if (intent === transactionIntents.clientName) return correctName(ctx, formData);
    const submission = parseWithZod(formData, { schema: editTransactionSchema });
    if (submission.status !== "success") {
      return data<TransactionActionData>(
        { intent: transactionIntents.edit, result: submission.reply() },
        { status: 400 },
      );
    }
    try {
      if (ctx.transactionId === undefined) throw new NotFoundError("Transaction not found");
      // A year built emptied on the form is unknown again (Conform reads an empty field as absent).
      const yearBuilt = formData.get("yearBuilt") === "" ? null : submission.value.yearBuilt;
      updateTransaction(ctx.db, ctx.actor, ctx.transactionId, { ...submission.value, yearBuilt });
    } catch (error) {
      return refuse(error, { data: { intent: transactionIntents.edit, result: submission.reply() } });
    }
    return redirectWithToast(backTo(ctx, "details"), { title: "Success", description: "Transaction updated." });
  },
};

async function correctName(ctx: SectionContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: accountNameSchema });
  if (submission.status !== "success") {
    return data<TransactionActionData>(
      { intent: transactionIntents.clientName, result: submission.reply() },
      { status: 400 },
    );
  }
  try {
    if (ctx.transactionId === undefined) throw new NotFoundError("Transaction not found");
    correctClientName(ctx.db, ctx.actor, ctx.transactionId, submission.value);
  } catch (error) {
    return refuse(error, { data: { intent: transactionIntents.clientName, result: submission.reply() } });
  }
  return redirectWithToast(backTo(ctx, "client-name"), {
    title: "Success",
    description: "The client's legal name is corrected. They were told by e-mail.",
  });
}
