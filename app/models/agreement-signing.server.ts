/**
 * Signing an agreement: consent under E-SIGN, opening the PDF, the signature in turn, a decline, staff's void,
 * and the signing page's state. The last signature hands the agreement to its seal (agreement-seal.server.ts).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { agreements, agreementSigners, users, type Agreement, type AgreementSigner } from "~/db/schema";
import { outOfTurn, typedNameMatches } from "~/lib/agreement-rules";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { todayIn } from "~/lib/plain-date";
import { type Actor } from "~/models/actor.server";
import { mailAgreementEvent, mailSignRequest } from "~/models/agreement-mail.server";
import { recordAudit, requestClient } from "~/models/audit-log.server";
import {
  NOT_FOUND,
  signersOf,
  signerFor,
  visibleAgreement,
  assertOpen,
  type SignerKey,
  type AgreementPaper,
} from "~/models/agreement-access.server";
import { getAgreement, viewOf, type AgreementView } from "~/models/agreement-view.server";
import { completeAgreement } from "~/models/agreement-seal.server";

/** Whether this signer must also acknowledge the agency disclosure (a client's first agreement). */
export function needsAgencyDisclosure(db: DbOrTx, signer: Pick<AgreementSigner, "role" | "userId">): boolean {
  if (signer.role !== "client" || !signer.userId) return false;
  const user = db.select({ at: users.agencyDisclosureAt }).from(users).where(eq(users.id, signer.userId)).get();
  return !user?.at;
}

/** Records a signer's consent to sign electronically (time, address, browser), and a client's agency disclosure. */
export function consentToSign(
  db: Db,
  key: SignerKey,
  id: number,
  input: { agencyDisclosure?: boolean },
  now = new Date(),
): void {
  db.transaction((tx) => {
    const { agreement, signer, actor } = signerFor(tx, key, id, now);
    assertOpen(agreement, now);
    if (signer.signedAt) throw new ConflictError("You have signed this agreement already");
    if (needsAgencyDisclosure(tx, signer)) {
      if (input.agencyDisclosure !== true) {
        throw new InvalidInputError("Acknowledge the agency disclosure first", {
          agencyDisclosure: ["Acknowledge that you have read the agency disclosure"],
        });
      }
      tx.update(users).set({ agencyDisclosureAt: now }).where(eq(users.id, signer.userId!)).run();
    }
    const client = requestClient();
    tx.update(agreementSigners)
      .set({ consentedAt: now, consentIp: client.ip, consentBrowser: client.browser })
      .where(eq(agreementSigners.id, signer.id))
      .run();
    recordAudit(tx, actor, {
      action: "agreement.consent",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      changes: { signer: signer.email, browser: client.browser },
      at: now,
    });
  });
}

/**
 * The PDF a person may open: the unsigned one, the sealed one once signed. A signer's first opening is their
 * view in the certificate; every opening is in the audit.
 */
export function agreementFile(db: Db, key: SignerKey, id: number, now = new Date()): { key: string; name: string } {
  return db.transaction((tx) => {
    let agreement: Agreement;
    let signer: AgreementSigner | undefined;
    let actor: Actor | null = null;
    if ("token" in key) {
      ({ agreement, signer } = signerFor(tx, key, id, now));
    } else {
      actor = key.actor;
      agreement = visibleAgreement(tx, key.actor, id).agreement;
      signer = signersOf(tx, id).find((s) => s.userId === key.actor.id);
    }
    if (signer && !signer.viewedAt && !signer.signedAt) {
      tx.update(agreementSigners)
        .set({ viewedAt: now, viewIp: requestClient().ip })
        .where(eq(agreementSigners.id, signer.id))
        .run();
    }
    recordAudit(tx, actor, {
      action: "agreement.view",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      changes: { by: signer?.email ?? null, signed: agreement.status === "signed" },
      at: now,
    });
    const signed = agreement.status === "signed" && agreement.signedKey;
    return {
      key: signed ? agreement.signedKey! : agreement.unsignedKey,
      name: `${agreement.title}${signed ? " (signed)" : ""}.pdf`,
    };
  });
}

/**
 * A signature: out of turn 409 (checked first), twice 409, before consenting 400 naming the consent; the
 * typed name must be the signer's name and "I agree" ticked. The last one completes the agreement.
 */
export async function signAgreement(
  db: Db,
  paper: AgreementPaper,
  key: SignerKey,
  id: number,
  input: { typedName: string; agree: boolean },
  now = new Date(),
): Promise<{ completed: boolean }> {
  const completed = db.transaction((tx) => {
    const { agreement, signer, actor } = signerFor(tx, key, id, now);
    const signers = signersOf(tx, id);
    const turn = outOfTurn(signers, signer);
    if (turn) throw new ConflictError(turn);
    if (signer.signedAt) throw new ConflictError("You have signed this agreement already");
    assertOpen(agreement, now);
    if (!signer.consentedAt) {
      throw new InvalidInputError("Consent to sign electronically first", {
        consent: ["Consent to sign electronically first"],
      });
    }
    if (!input.agree) throw new InvalidInputError("Tick the box to agree", { agree: ["Tick the box to agree"] });
    if (!typedNameMatches(input.typedName, signer.name)) {
      throw new InvalidInputError(`Type your full name: ${signer.name}`, {
        typedName: [`Type your full name as the agreement names you: ${signer.name}`],
      });
    }
    const client = requestClient();
    tx.update(agreementSigners)
      .set({
        signedAt: now,
        signIp: client.ip,
        signBrowser: client.browser,
        typedName: input.typedName.trim(),
        signedBy: actor?.id ?? null,
        viewedAt: signer.viewedAt ?? now,
        ...("token" in key ? { linkUsedAt: now } : {}),
      })
      .where(eq(agreementSigners.id, signer.id))
      .run();
    recordAudit(tx, actor, {
      action: "agreement.sign",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      changes: { signer: signer.email, role: signer.role, typedName: input.typedName.trim() },
      at: now,
    });
    const rest = signers.filter((s) => s.id !== signer.id && !s.signedAt);
    if (rest.length > 0 && rest.every((s) => s.role === "agent")) {
      for (const s of rest) mailSignRequest(tx, agreement, s, null, now);
    }
    return rest.length === 0;
  });
  if (completed) await completeAgreement(db, paper, id, now);
  return { completed };
}

/** A signer declines with a reason: the agreement ends, and everyone on it is told. */
export function declineAgreement(db: Db, key: SignerKey, id: number, reason: string, now = new Date()): void {
  db.transaction((tx) => {
    const { agreement, signer, actor } = signerFor(tx, key, id, now);
    if (signer.signedAt) throw new ConflictError("You have signed this agreement already");
    assertOpen(agreement, now);
    tx.update(agreements)
      .set({ status: "declined", declineReason: reason, closedAt: now })
      .where(eq(agreements.id, id))
      .run();
    tx.update(agreementSigners).set({ declinedAt: now }).where(eq(agreementSigners.id, signer.id)).run();
    recordAudit(tx, actor, {
      action: "agreement.decline",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      changes: { signer: signer.email, reason },
      at: now,
    });
    for (const s of signersOf(tx, id)) {
      mailAgreementEvent(tx, agreement, s, "declined", { by: signer.name, reason }, now);
    }
  });
}

/** Staff void an agreement that is not fully signed: it can no longer be signed, and its signers are told. */
export function voidAgreement(db: Db, actor: Actor, id: number, now = new Date()): AgreementView {
  db.transaction((tx) => {
    const { agreement, staff } = visibleAgreement(tx, actor, id);
    if (!staff) throw new NotFoundError(NOT_FOUND);
    if (agreement.status === "signed") throw new ConflictError("A signed agreement cannot be voided");
    if (agreement.status === "voided" || agreement.status === "declined") {
      throw new ConflictError(`This agreement was ${agreement.status} already`);
    }
    tx.update(agreements).set({ status: "voided", closedAt: now }).where(eq(agreements.id, id)).run();
    tx.update(agreementSigners)
      .set({ linkExpiresAt: now })
      .where(and(eq(agreementSigners.agreementId, id), isNull(agreementSigners.linkUsedAt)))
      .run();
    recordAudit(tx, actor, {
      action: "agreement.void",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      at: now,
    });
    if (agreement.status === "sent") {
      for (const s of signersOf(tx, id)) mailAgreementEvent(tx, agreement, s, "voided", {}, now);
    }
  });
  return getAgreement(db, actor, id, now);
}

/** The signing page's state for the one acting: the agreement, their row, what they must do next. */
export function signingState(db: Db, key: SignerKey, id: number, now = new Date()) {
  const { agreement, signer } = signerFor(db, key, id, now);
  const signers = signersOf(db, id);
  return {
    agreement: viewOf(db, agreement, signers, todayIn(now)),
    signer: { id: signer.id, name: signer.name, email: signer.email, role: signer.role },
    consented: signer.consentedAt !== null,
    signed: signer.signedAt !== null,
    needsDisclosure: needsAgencyDisclosure(db, signer),
    waitingFor: outOfTurn(signers, signer),
  };
}
