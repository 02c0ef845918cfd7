/**
 * The rules of signing an agreement (docs/agreements.md), pure: its status on a day (`expired` is read
 * from its end date), whose turn it is (clients and co-signers first, in any order; the agent or broker
 * last), and what a signature must carry.
 */
import type { AgreementStatus, SignerRole, StoredAgreementStatus } from "~/domain/enums";
import { buyerAgreementLastDay, heldToThreeMonths } from "~/lib/agreement-template";
import { AGENCY_TIME_ZONE, formatDayWords } from "~/lib/plain-date";

/** A signed or pending agreement past its end date is expired; what was declined or voided stays so. */
export function agreementStatus(
  a: { status: StoredAgreementStatus; endsOn: string | null },
  today: string,
): AgreementStatus {
  if (a.status !== "declined" && a.status !== "voided" && a.endsOn && a.endsOn < today) {
    return "expired";
  }
  return a.status;
}

/** In force on `today`: signed by everyone (sealed, or its seal being made), started, not ended. */
export const inForce = (
  a: { status: StoredAgreementStatus; startsOn: string | null; endsOn: string | null },
  today: string,
) =>
  (a.status === "signed" || a.status === "sealing") &&
  (!a.startsOn || a.startsOn <= today) &&
  (!a.endsOn || today <= a.endsOn);

type Turn = { role: SignerRole; name: string; signedAt: Date | null };

/** Why this signer may not sign yet (the others sign before the agent or broker), or null when it is their turn. */
export function outOfTurn(signers: Turn[], signer: Turn): string | null {
  if (signer.role !== "agent") return null;
  const waiting = signers.filter((s) => s.role !== "agent" && !s.signedAt).map((s) => s.name);
  return waiting.length ? `The clients sign first: waiting for ${waiting.join(" and ")}` : null;
}

const normName = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** Whether a typed name is the signer's full name (case, spacing and accents aside). */
export function typedNameMatches(typed: string, name: string): boolean {
  return normName(typed) !== "" && normName(typed) === normName(name);
}

/** A full legal name: at least two words (a given name and a family name). */
export const isLegalName = (name: string | null | undefined): name is string =>
  !!name && name.trim().split(/\s+/).length >= 2;

/**
 * Why a typed name cannot be a signature, or null. `expected`: the legal name the record already holds (the
 * agreement's, else the account's); it must be typed as it is. Without one, the first name the account holds
 * (if any) starts it, and it has at least two words: it then becomes the account's full name.
 */
export function legalNameError(typed: string, expected: string | null, firstName: string | null): string | null {
  if (expected) return typedNameMatches(typed, expected) ? null : `Type your full legal name: ${expected}`;
  if (!isLegalName(typed)) return "Type your full legal name: your given name and your family name";
  if (firstName && !normName(typed).startsWith(`${normName(firstName)} `)) {
    return `Type your full legal name, beginning with ${firstName.trim()}`;
  }
  return null;
}

/** A typed legal name as an account's first and last names: the first name it holds, and the rest. */
export function splitLegalName(typed: string, firstName: string | null): { firstName: string; lastName: string } {
  const words = typed.trim().split(/\s+/);
  const given = firstName ? firstName.trim().split(/\s+/).length : 1;
  return { firstName: words.slice(0, given).join(" "), lastName: words.slice(given).join(" ") };
}

/** Who a signer is, in words (the signing page, the certificate). */
export const SIGNER_ROLE_LABELS = { client: "Client", cosigner: "Co-signer", agent: "Agent or broker" } as const;

/**
 * Civil Code §1670.50: a buyer agreement lasts at most three months from the day it is made. Why a client may not
 * sign it on `today` (its end is more than three months away), or null.
 */
export function buyerTermError(
  a: { kind: string; endsOn: string | null; buyerEntity?: string | null },
  today: string,
): string | null {
  if (a.kind !== "buyer" || !a.endsOn || a.endsOn <= buyerAgreementLastDay(today)) return null;
  // A corporation, an LLC or a partnership is not held to the three months (§1670.50(d)(1)).
  if (!heldToThreeMonths(a.buyerEntity ?? "person")) return null;
  return (
    `This buyer agreement ends on ${formatDayWords(a.endsOn)}, more than three months after today (Civil Code §1670.50 voids ` +
    "it): ask your agent for a new one"
  );
}

/** How long a co-signer's e-mailed link is good for. */
export const SIGNING_LINK_DAYS = 7;
/** How long the link to a signed copy (sent to a co-signer without an account) is good for. */
export const COPY_LINK_DAYS = 30;

/** The words a signer ticks. */
export const AGREE_LABEL = "I agree to sign this document electronically";

/** An agreement's status in words, as a signer or staff read it (never an internal value such as "sent"). */
export const AGREEMENT_STATUS_WORDS: Record<AgreementStatus, string> = {
  draft: "Draft, not sent yet",
  sent: "Waiting for signatures",
  sealing: "Signed, sealing the copy",
  signed: "Signed",
  declined: "Declined",
  voided: "Voided",
  expired: "Ended",
};

/** What a buying client reads when their signed agreement waits for the countersignature (the pages and the 409). */
export const WAITING_FOR_BROKER = "Your agreement is waiting for the broker's signature; we have been told";

const shortDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: AGENCY_TIME_ZONE });

/**
 * Where an agreement stands, in words, for the one reading it (`viewer`: their signer row, if any; `staff`):
 * "Waiting for your signature", "Waiting for the broker", "Waiting for Robin Lee", "Signed on March 3", or the
 * status in words. Never an internal value such as "sent".
 */
export function agreementState(a: {
  status: AgreementStatus;
  completedAt?: Date | string | null;
  signers: Array<{
    name: string;
    role: SignerRole;
    forBroker?: boolean;
    signedAt: Date | string | null;
    mine?: boolean;
  }>;
}): string {
  if (a.status === "signed" && a.completedAt) return `Signed on ${shortDate.format(new Date(a.completedAt))}`;
  if (a.status !== "sent") return AGREEMENT_STATUS_WORDS[a.status];
  const next = a.signers.find((s) => !s.signedAt && s.role !== "agent") ?? a.signers.find((s) => !s.signedAt);
  if (!next) return AGREEMENT_STATUS_WORDS.sealing;
  if (next.mine) return "Waiting for your signature";
  if (next.role === "agent")
    return next.forBroker ? "Waiting for the broker" : `Waiting for ${next.name || "your agent"}`;
  return `Waiting for ${next.name || "the client"}`;
}
