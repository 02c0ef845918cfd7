/**
 * The rules of signing an agreement (docs/agreements.md), pure: its status on a day (`expired` is read
 * from its end date), whose turn it is (clients and co-signers first, in any order; the agent or broker
 * last), and what a signature must carry.
 */
import type { AgreementStatus, SignerRole, StoredAgreementStatus } from "~/domain/enums";

/** A signed or pending agreement past its end date is expired; what was declined or voided stays so. */
export function agreementStatus(
  a: { status: StoredAgreementStatus; endsOn: string | null },
  today: string,
): AgreementStatus {
  if ((a.status === "signed" || a.status === "sent" || a.status === "draft") && a.endsOn && a.endsOn < today) {
    return "expired";
  }
  return a.status;
}

/** In force on `today`: signed, started, not ended. */
export const inForce = (
  a: { status: StoredAgreementStatus; startsOn: string | null; endsOn: string | null },
  today: string,
) => a.status === "signed" && (!a.startsOn || a.startsOn <= today) && (!a.endsOn || today <= a.endsOn);

type Turn = { role: SignerRole; name: string; signedAt: Date | null };

/** Why this signer may not sign yet (the others sign before the agent or broker), or null when it is their turn. */
export function outOfTurn(signers: Turn[], signer: Turn): string | null {
  if (signer.role !== "agent") return null;
  const waiting = signers.filter((s) => s.role !== "agent" && !s.signedAt).map((s) => s.name);
  return waiting.length ? `The clients sign first: waiting for ${waiting.join(" and ")}` : null;
}

/** Whether a typed name is the signer's full name (case, spacing and accents aside). */
export function typedNameMatches(typed: string, name: string): boolean {
  const norm = (s: string) =>
    s
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase();
  return norm(typed) !== "" && norm(typed) === norm(name);
}

/** How long a co-signer's e-mailed link is good for. */
export const SIGNING_LINK_DAYS = 7;
/** How long the link to a signed copy (sent to a co-signer without an account) is good for. */
export const COPY_LINK_DAYS = 30;

/** The words a signer ticks. */
export const AGREE_LABEL = "I agree to sign this document electronically";
