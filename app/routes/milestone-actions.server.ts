/**
 * The Initialize Milestones form's answer, shared by the two pages that show it:
 * the client portal (an admin's own transaction) and the admin's Manage page.
 */
import type { Db } from "~/db/client.server";
import { ForbiddenError, NotFoundError } from "~/lib/errors";
import { redirectWithToast } from "~/infra/flash-toast.server";
import type { Actor } from "~/models/actor.server";
import { initializeMilestones } from "~/models/milestone.server";

export async function initializeMilestonesAndRedirect(db: Db, actor: Actor, transactionId: number, back: string) {
  try {
    const created = initializeMilestones(db, actor, transactionId);
    return redirectWithToast(
      back,
      created
        ? { title: "Success", description: "Transaction milestones initialized successfully!" }
        : { title: "Already set up", description: "This transaction already has its milestones; nothing was changed." },
    );
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof ForbiddenError)
      console.info("[milestones] initialize refused:", error.message);
    else console.error("[milestones] initialize failed:", error);
    return redirectWithToast(back, {
      title: "Error",
      description: "Failed to initialize milestones",
      variant: "destructive",
    });
  }
}
