/**
 * The Initialize Milestones form's answer, shared by the two pages that show it: the client portal (an
 * admin's own transaction) and the admin's Manage page.
 */
import type { Db } from "~/db/client.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse } from "~/infra/page-action.server";
import type { Actor } from "~/models/actor.server";
import { initializeMilestones } from "~/models/milestone.server";

export const INITIALIZE_FAILED = {
  title: "Error",
  description: "Failed to initialize milestones",
  variant: "destructive",
} as const;

export async function initializeMilestonesAndRedirect(db: Db, actor: Actor, transactionId: number, back: string) {
  let created: number;
  try {
    created = initializeMilestones(db, actor, transactionId);
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
