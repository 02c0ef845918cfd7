/**
 * Which moves a showing allows from where it stands, one rule for each side (docs/showings.md): the seller's side
 * (the seller or staff) approves one of the times asked for, declines, proposes another or cancels; the buyer's
 * agent, on their own page, accepts a time the seller proposed or cancels. The model and the agent's page both
 * read it.
 */
import type { ShowingStatus } from "~/domain/enums";

export type ShowingMove = "approve" | "decline" | "propose" | "cancel";

const SELLER_SIDE: Record<ShowingMove, readonly ShowingStatus[]> = {
  approve: ["requested", "proposed"],
  decline: ["requested", "proposed"],
  propose: ["requested", "proposed"],
  cancel: ["requested", "approved", "proposed"],
};

const BUYER_AGENT: Record<"approve" | "cancel", readonly ShowingStatus[]> = {
  approve: ["proposed"],
  cancel: ["requested", "approved", "proposed"],
};

/** Whether `by` may make this move on a showing in this status. */
export function mayMove(by: "seller" | "agent", move: ShowingMove, status: ShowingStatus): boolean {
  if (by === "seller") return SELLER_SIDE[move].includes(status);
  return move === "approve" || move === "cancel" ? BUYER_AGENT[move].includes(status) : false;
}
