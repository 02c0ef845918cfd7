/**
 * The rules of an offer and its counters, in one place (California's C.A.R. forms; docs/domain.md, "The money
 * and the offer"; docs/decisions/029-offers.md, 031-the-deals-rules.md): who may make each move, which move
 * each status allows, what it leads to, and the sentence that refuses a move the rules forbid (the API's 409,
 * or 403 for a move that is not the person's to make). Pure: the model (app/models/offer-moves.server.ts)
 * stores what `decide` says, and the Offers section shows the forms `allowedMoves` lists.
 *
 * - A counter rejects what it answers: only the latest round can be accepted, and a side never counters
 *   or accepts its own round.
 * - An offer or a counter has a time to answer (the C.A.R. forms' default: 5:00 PM San Diego time on the third
 *   calendar day after it was made); once it has passed, it can no longer be accepted or countered, whether
 *   or not the background tick has marked it expired yet.
 * - A seller's multiple counter binds only when a buyer accepts it and the seller signs it again: a buyer's
 *   acceptance of one always makes the offer `awaiting_final_signature` (from a backup too), where it waits
 *   without expiring until the seller signs (`accepted`) or the buyer withdraws.
 * - One accepted offer a transaction: accepting another waits until it is cancelled. A backup exists only
 *   behind an accepted offer.
 * - Staff record what was signed; the client answers a shared offer with a wish, and withdraws an offer they
 *   requested that was not made yet.
 */
import { TZDate } from "@date-fns/tz";
import {
  OFFER_MOVES,
  OPEN_OFFER_STATUSES,
  type OfferMove,
  type Party,
  type OfferStatus,
  type TransactionType,
} from "~/domain/enums";
import { addDaysTo, AGENCY_TIME_ZONE, todayIn } from "~/lib/plain-date";

export type RoundLike = { id: number; number: number; by: Party; multiple: boolean };
export type OfferLike = {
  status: OfferStatus;
  rounds: RoundLike[];
  /** The accepted offer that rejected this one, if one did (it may then go to backup). */
  rejectedByOfferId: number | null;
  /** When the latest round's time to answer ends (null: it has none, or it no longer runs). */
  expiresAt: Date | null;
  shared: boolean;
  createdBy: string | null;
};

/** Who asks: staff on the transaction (an admin, its agent or a collaborator), or its client. */
export type MoveActor = { id: string; staff: boolean };

export type MoveContext = {
  /** Another offer of the transaction is accepted. */
  acceptedExists: boolean;
  now: Date;
};

export type MoveRequest =
  | { type: "counter"; by: Party; multiple: boolean }
  | { type: "accept"; roundId?: number; by?: Party }
  | { type: Exclude<OfferMove, "counter" | "accept"> };

/** The new status, or why not: `forbidden` when the move is not this person's to make (403), else a 409. */
export type Verdict = { ok: true; status: OfferStatus } | { ok: false; forbidden?: true; message: string };

export const isOpen = (status: OfferStatus) => (OPEN_OFFER_STATUSES as readonly OfferStatus[]).includes(status);

/** The side that answers a round of `party`. */
export const otherParty = (party: Party): Party => (party === "buyer" ? "seller" : "buyer");

/** The time to answer an offer or counter made at `made` when none is written: 5:00 PM San Diego time, 3 days on. */
export function defaultExpiry(made: Date): Date {
  const [y, m, d] = addDaysTo(todayIn(made), 3).split("-").map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, 17, 0, 0, AGENCY_TIME_ZONE).getTime());
}

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

/** The moves whose time to answer must not have passed. */
const TIMED: readonly OfferMove[] = ["accept", "counter", "final_signature"];

const refuse = (message: string): Verdict => ({ ok: false, message });
const ACCEPTED_EXISTS = "This transaction already has an accepted offer: cancel it before accepting another.";
const timeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

/** Whether this person may make this kind of move at all (the client: a wish, or withdrawing their request). */
function whoMay(offer: OfferLike, type: OfferMove, actor: MoveActor): Verdict | null {
  if (actor.staff) {
    return type === "wish"
      ? { ok: false, forbidden: true, message: "A wish is the client's answer: record what was signed." }
      : null;
  }
  if (type === "wish") return null;
  if (type === "withdraw" && offer.status === "requested" && offer.createdBy === actor.id) return null;
  return { ok: false, forbidden: true, message: "Your agent records this: tell them with Accept, Counter or Decline." };
}

/** What a move does to an offer: its new status, or the sentence that refuses it. */
export function decide(offer: OfferLike, move: MoveRequest, actor: MoveActor, context: MoveContext): Verdict {
  const denied = whoMay(offer, move.type, actor);
  if (denied) return denied;
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
  if (TIMED.includes(move.type) && offer.expiresAt && offer.expiresAt.getTime() <= context.now.getTime()) {
    return refuse(
      `This offer's time to answer ended ${timeFormat.format(offer.expiresAt)} (San Diego): it can no longer be ${MOVE_WORDS[move.type as "accept"]}.`,
    );
  }
  switch (move.type) {
    case "counter":
      if (latest && latest.by === move.by) {
        return refuse(`The ${move.by} cannot counter their own round: the ${otherParty(move.by)} answers it.`);
      }
      return { ok: true, status: "countered" };
    case "accept": {
      if (!latest) return refuse("This offer has no terms to accept.");
      if (move.roundId !== undefined && move.roundId !== latest.id) {
        return refuse(
          `That round was answered by a counter, which rejected it: only the latest round (round ${latest.number}) can be accepted.`,
        );
      }
      const by = move.by ?? otherParty(latest.by);
      if (by === latest.by) return refuse(`The ${by} cannot accept their own round: the ${otherParty(by)} answers it.`);
      // A multiple counter binds nobody until the seller signs again, wherever the acceptance comes from.
      if (latest.multiple) return { ok: true, status: "awaiting_final_signature" };
      if (context.acceptedExists) return refuse(ACCEPTED_EXISTS);
      return { ok: true, status: "accepted" };
    }
    case "final_signature":
      if (context.acceptedExists) return refuse(ACCEPTED_EXISTS);
      return { ok: true, status: "accepted" };
    case "backup":
      if (!context.acceptedExists) {
        return refuse(`This offer ${STATUS_WORDS[offer.status]}: it cannot be a backup while no offer is accepted.`);
      }
      return { ok: true, status: "backup" };
    case "submit":
      return { ok: true, status: "submitted" };
    case "reject":
      return { ok: true, status: "rejected" };
    case "withdraw":
      return { ok: true, status: "withdrawn" };
    case "cancel":
      return { ok: true, status: "cancelled" };
    case "wish":
      return { ok: true, status: offer.status };
  }
}

/** A move as the forms make it: a counter by the side that answers the latest round, an acceptance of it. */
export function requestFor(offer: Pick<OfferLike, "rounds">, type: OfferMove): MoveRequest {
  if (type === "counter") return { type, by: otherParty(offer.rounds.at(-1)?.by ?? "buyer"), multiple: false };
  return { type };
}

/** The moves this person may make on this offer now: the forms the Offers section shows them. */
export function allowedMoves(offer: OfferLike, actor: MoveActor, context: MoveContext): OfferMove[] {
  return OFFER_MOVES.filter((type) => {
    if (type === "share") return actor.staff && !offer.shared;
    if (type === "unshare") return actor.staff && offer.shared;
    return decide(offer, requestFor(offer, type), actor, context).ok;
  });
}

/**
 * What becomes of a transaction's other open offers when one is accepted: on a sale they are rejected
 * (the seller accepted another; a backup stays a backup); on a purchase they stay open, because the buyer's
 * other offers are withdrawn only when the withdrawal is delivered (staff record each one).
 */
export const rejectsOthersOnAcceptance = (type: TransactionType) => type === "selling";

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
