/**
 * The workspace overview's Team section: the transaction's agent and collaborators (admins). Comes back to the
 * section (#team) with a toast, or a toast saying what was wrong (an agent no longer active).
 */
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse } from "~/infra/page-action.server";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { assignmentIntents } from "~/lib/intents";
import { assignmentOfForm } from "~/lib/team-schema";
import { assignTransaction } from "~/models/team.server";
import { backTo, type Section } from "~/sections/page-sections.server";

export const assignmentSection: Section<typeof assignmentIntents> = {
  intents: assignmentIntents,
  async act(ctx, _intent, formData) {
    try {
      if (ctx.transactionId === undefined) throw new NotFoundError("Transaction not found");
      const assignment = assignmentOfForm(formData);
      if (!assignment.success) throw new InvalidInputError(assignment.error.issues[0]?.message ?? "Choose an agent");
      assignTransaction(ctx.db, ctx.actor, ctx.transactionId, assignment.data);
    } catch (error) {
      return refuse(error, { back: backTo(ctx, "team") });
    }
    return redirectWithToast(backTo(ctx, "team"), { description: "Assignment saved." });
  },
};
