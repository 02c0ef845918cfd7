/** The Initialize Milestones form's answer, shared by the portal and the admin's Manage page. */
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { redirectWithToast } from "~/lib/toast.server";
import { initializeMilestones } from "~/models/transaction.server";

export async function initializeMilestonesAndRedirect(db: Db, actor: User, transactionId: number, back: string) {
  try {
    const created = initializeMilestones(db, actor, transactionId);
    return redirectWithToast(
      back,
      created
        ? { title: "Success", description: "Transaction milestones initialized successfully!" }
        : { title: "Already set up", description: "This transaction already has its milestones; nothing was changed." },
    );
  } catch (error) {
    console.error("[milestones] initialize failed:", error);
    return redirectWithToast(back, { title: "Error", description: "Failed to initialize milestones", variant: "destructive" });
  }
}
