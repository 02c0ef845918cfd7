/**
 * Whether the public sees a sale's listing page, one rule (docs/listings.md; NAR's Clear Cooperation policy, the
 * seller's consent): `live` when the seller said yes, a listing agreement is in force (signed in the portal or
 * recorded from paper, not past its end date), the MLS date is reached (San Diego's day) and the sale is active;
 * `sold` once completed, only when it was live and its seller said yes to showing the sale on /sold with its street
 * address (a sale shown by its neighbourhood only keeps its page down: the page names the street); `hidden` (404)
 * otherwise. Pure: app/models/listing-state.server.ts reads the inputs and keeps the result.
 */
import { formatDayWords, type PlainDate } from "~/lib/plain-date";

export type ListingState = "live" | "sold" | "hidden";

export type ListingInputs = {
  /** The seller said yes in the portal ("Show my home on your site"). */
  sellerYes: boolean;
  /** A listing agreement with every signature in, not past its end date on `today`. */
  agreementInForce: boolean;
  /** The day the listing entered the MLS, as staff wrote it (a future day is accepted). */
  mlsEnteredOn: PlainDate | null;
  status: "active" | "completed" | "cancelled";
  /** It was live once (its page has been public). */
  wasLive: boolean;
  /** The seller said yes to showing the sale on /sold with its street address (the proof's consent). */
  soldShown: boolean;
  today: PlainDate;
};

export function listingState(i: ListingInputs): ListingState {
  if (i.status === "completed") return i.wasLive && i.soldShown ? "sold" : "hidden";
  const live =
    i.status === "active" && i.sellerYes && i.agreementInForce && i.mlsEnteredOn !== null && i.mlsEnteredOn <= i.today;
  return live ? "live" : "hidden";
}

/** Why a listing is not live, in words for staff and the seller (null when it is, or when it is sold). */
export function notLiveBecause(i: ListingInputs): string | null {
  if (listingState(i) !== "hidden") return null;
  if (i.status === "completed")
    return "The sale closed: its page shows only with the seller's yes to show the sale with its address";
  if (i.status !== "active") return "The sale is not active";
  if (!i.sellerYes) return "The seller has not said yes in their portal";
  if (!i.agreementInForce) return "No listing agreement is in force (signed, and not past its end date)";
  if (!i.mlsEnteredOn) return "The MLS date is not entered";
  return `It goes live on the MLS date, ${formatDayWords(i.mlsEnteredOn)}`;
}
