/**
 * The rules of an offer and its counters (California's C.A.R. forms; docs/domain.md, "The money and the
 * offer"; docs/decisions/029-offers.md): which move each status allows, what it leads to, and the
 * sentence that refuses a move the rules forbid (the API's 409). Pure: the model
 * (app/models/offer-moves.server.ts) stores what this decides.
 *
 * - A counter rejects what it answers: only the latest round can be accepted, and a side never counters
 *   or accepts its own round.
 * - A seller's multiple counter binds only when a buyer accepts it and the seller signs it again: the
 *   buyer's acceptance makes the offer `awaiting_final_signature`, the final signature `accepted`.
 * - One accepted offer a transaction: accepting another waits until it is cancelled.
 */
import {
  OPEN_OFFER_STATUSES,
  type OfferMove,
  type OfferParty,
  type OfferStatus,
  type TransactionType,
} from "~/domain/enums";

export type RoundLike = { id: number; number: number; by: OfferParty; multiple: boolean };
export type OfferLike = {
  status: OfferStatus;
  rounds: RoundLike[];
  /** The accepted offer that rejected this one, if one did (it may then go to backup). */
  rejectedByOfferId: number | null;
};

export type MoveRequest =
  | { type: "counter"; by: OfferParty; multiple: boolean }
  | { type: "accept"; roundId?: number; by?: OfferParty }
  | { type: Exclude<OfferMove, "counter" | "accept"> };

export type Verdict = { ok: true; status: OfferStatus } | { ok: false; message: string };

export const isOpen = (status: OfferStatus) => (OPEN_OFFER_STATUSES as readonly OfferStatus[]).includes(status);

/** The statuses each move starts from (share, unshare: any). */
const FROM: Record<Exclude<OfferMove, "share" | "unshare">, readonly OfferStatus[]> = {
  submit: ["requested"],
  counter: ["submitted", "received", "countered"],
  accept: ["submitted", "received", "countered", "backup"],
  final_signature: ["awaiting_final_signature"],
  reject: ["submitted", "received", "countered", "awaiting_final_signature", "backup"],
  withdraw: ["requested", "submitted", "received", "countered", "awaiting_final_signature", "backup"],
  backup: ["submitted", "received", "countered", "awaiting_final_signature"],
  cancel: ["accepted"],
  wish: ["submitted", "received", "countered", "awaiting_final_signature"],
};

/** "This offer was rejected" / "This offer is countered". */
const STATUS_WORDS: Record<OfferStatus, string> = {
  requested: "is requested and not yet made",
  submitted: "is waiting for the seller",
  received: "is waiting for the seller's answer",
  countered: "is countered",
  awaiting_final_signature: "is awaiting the seller's final signature",
  accepted: "was accepted",
  rejected: "was rejected",
  withdrawn: "was withdrawn",
  expired: "expired",
  backup: "is a backup offer",
  cancelled: "was cancelled",
};

const MOVE_WORDS: Record<Exclude<OfferMove, "share" | "unshare">, string> = {
  submit: "submitted",
  counter: "countered",
  accept: "accepted",
  final_signature: "signed",
  reject: "rejected",
  withdraw: "withdrawn",
  backup: "put in backup",
  cancel: "cancelled",
  wish: "answered",
};

const other = (party: OfferParty): OfferParty => (party === "buyer" ? "seller" : "buyer");

/**
 * What a move does to an offer: its new status, or the sentence that refuses it. `acceptedExists`: the
 * transaction has an accepted offer (another one, since this one is not accepted when it is asked).
 */
export function decide(offer: OfferLike, move: MoveRequest, context: { acceptedExists: boolean }): Verdict {
  if (move.type === "share" || move.type === "unshare") return { ok: true, status: offer.status };
  const latest = offer.rounds.at(-1);
  if (move.type === "accept" && offer.status === "awaiting_final_signature") {
    return refuse("The buyer accepted the seller's multiple counter: it binds only with the seller's final signature.");
  }
  const fromRejected = move.type === "backup" && offer.status === "rejected" && offer.rejectedByOfferId !== null;
  if (!FROM[move.type].includes(offer.status) && !fromRejected) {
    const ended = !isOpen(offer.status) && offer.status !== "backup";
    return refuse(
      `This offer ${STATUS_WORDS[offer.status]}: it ${ended ? "can no longer" : "cannot"} be ${MOVE_WORDS[move.type]}.`,
    );
  }
  switch (move.type) {
    case "counter":
      if (latest && latest.by === move.by) {
        return refuse(`The ${move.by} cannot counter their own round: the ${other(move.by)} answers it.`);
      }
      return { ok: true, status: "countered" };
    case "accept": {
      if (!latest) return refuse("This offer has no terms to accept.");
      if (move.roundId !== undefined && move.roundId !== latest.id) {
        return refuse(
          `That round was answered by a counter, which rejected it: only the latest round (round ${latest.number}) can be accepted.`,
        );
      }
      const by = move.by ?? other(latest.by);
      if (by === latest.by) return refuse(`The ${by} cannot accept their own round: the ${other(by)} answers it.`);
      if (latest.multiple && offer.status !== "backup") return { ok: true, status: "awaiting_final_signature" };
      if (context.acceptedExists) return refuse(ACCEPTED_EXISTS);
      return { ok: true, status: "accepted" };
    }
    case "final_signature":
      if (context.acceptedExists) return refuse(ACCEPTED_EXISTS);
      return { ok: true, status: "accepted" };
    case "submit":
      return { ok: true, status: "submitted" };
    case "reject":
      return { ok: true, status: "rejected" };
    case "withdraw":
      return { ok: true, status: "withdrawn" };
    case "backup":
      return { ok: true, status: "backup" };
    case "cancel":
      return { ok: true, status: "cancelled" };
    case "wish":
      return { ok: true, status: offer.status };
  }
}

const ACCEPTED_EXISTS = "This transaction already has an accepted offer: cancel it before accepting another.";
const refuse = (message: string): Verdict => ({ ok: false, message });

/**
 * What becomes of the other open offers when one is accepted: a sale's are rejected, a purchase's
 * withdrawn (the buyer takes back their other offers); a backup stays a backup.
 */
export const displacedStatus = (type: TransactionType): OfferStatus => (type === "selling" ? "rejected" : "withdrawn");

/** The status a newly recorded offer starts in: received (a sale), submitted (a purchase, made by staff). */
export const recordedStatus = (type: TransactionType): OfferStatus => (type === "selling" ? "received" : "submitted");

/** Words for a status, as a page shows it. */
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  requested: "Requested",
  submitted: "Submitted",
  received: "Received",
  countered: "Countered",
  awaiting_final_signature: "Awaiting final signature",
  accepted: "Accepted",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  expired: "Expired",
  backup: "Backup",
  cancelled: "Cancelled",
};
