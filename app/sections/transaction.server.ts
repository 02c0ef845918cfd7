/**
 * The Manage page's "Transaction details" form: the address, the home value and the status (admins).
 * Comes back to the form (#details), or shows it again with its field errors.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { editTransactionSchema } from "~/lib/admin-schemas";
import { NotFoundError } from "~/lib/errors";
import { transactionIntents } from "~/lib/intents";
import { updateTransaction } from "~/models/transaction-edit.server";
import { backTo, type Section } from "~/sections/page-sections.server";

export type TransactionActionData = {
  intent: typeof transactionIntents.edit;
  result: SubmissionResult<string[]>;
  refusal?: Refusal;
};

export const transactionSection: Section<typeof transactionIntents> = {
  intents: transactionIntents,
  async act(ctx, _intent, formData) {
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
