/**
 * Signing an agreement: consent under E-SIGN, opening the PDF, the signature in turn, a decline, staff's void,
 * and the signing page's state. The last signature hands the agreement to its seal (agreement-seal.server.ts).
 */
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { agreements, agreementSigners, users, type Agreement, type AgreementSigner, type LegalText } from "~/db/schema";
import {
  buyerTermError,
  isLegalName,
  legalNameError,
  outOfTurn,
  splitLegalName,
  typedNameMatches,
} from "~/lib/agreement-rules";
import { env } from "~/config/env.server";
import { fullName } from "~/lib/format";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { todayIn } from "~/lib/plain-date";
import { type Actor } from "~/models/actor.server";
import { mailAgreementEvent, mailAgreementStaff, mailSignRequest } from "~/models/agreement-mail.server";
import { currentDisclosure } from "~/models/consent-disclosure.server";
import { currentLegalText } from "~/models/legal-text.server";
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
import { sealOrRetryLater } from "~/models/agreement-seal.server";
import { mayPerform } from "~/models/broker-duties.server";
import { refreshListing } from "~/models/listing-state.server";

/**
 * Whether this kind of agreement asks its signer for the agency disclosure (Civil Code §§2079.14, 2079.16): every
 * client and co-signer of a listing or buyer agreement (not an agent signing their broker–agent agreement, not a
 * document).
 */
const asksAgencyDisclosure = (agreement: Pick<Agreement, "kind">, signer: Pick<AgreementSigner, "role">) =>
  (agreement.kind === "listing" || agreement.kind === "buyer") && signer.role !== "agent";

/**
 * The acknowledgment this signer gave of the version in force on another agreement of the same transaction (by
 * their e-mail address), if any: they are not asked again; a new version is asked at their next agreement.
 */
function earlierAcknowledgment(
  tx: DbOrTx,
  agreement: Pick<Agreement, "id" | "transactionId">,
  signer: Pick<AgreementSigner, "email">,
  versionId: number,
): { agencyDisclosureAt: Date; agencyDisclosureId: number } | null {
  if (agreement.transactionId === null) return null;
  const row = tx
    .select({ at: agreementSigners.agencyDisclosureAt, id: agreementSigners.agencyDisclosureId })
    .from(agreementSigners)
    .innerJoin(agreements, eq(agreements.id, agreementSigners.agreementId))
    .where(
      and(
        eq(agreements.transactionId, agreement.transactionId),
        ne(agreements.id, agreement.id),
        eq(agreementSigners.email, signer.email),
        eq(agreementSigners.agencyDisclosureId, versionId),
      ),
    )
    .orderBy(asc(agreementSigners.agencyDisclosureAt))
    .limit(1)
    .get();
  return row?.at && row.id ? { agencyDisclosureAt: row.at, agencyDisclosureId: row.id } : null;
}

/**
 * Where this signer stands with the agency disclosure: `due` (they must read the version in force and acknowledge
 * it before signing), or `carry` (they acknowledged it on another agreement of the transaction: written on this
 * one when they act), or nothing to do.
 */
export function agencyDisclosureStep(
  tx: DbOrTx,
  agreement: Pick<Agreement, "id" | "kind" | "transactionId">,
  signer: Pick<AgreementSigner, "role" | "email" | "agencyDisclosureAt">,
): { due: boolean; carry: { agencyDisclosureAt: Date; agencyDisclosureId: number } | null; current: LegalText } {
  const current = currentLegalText(tx, "agency_disclosure");
  if (!asksAgencyDisclosure(agreement, signer) || signer.agencyDisclosureAt)
    return { due: false, carry: null, current };
  const carry = earlierAcknowledgment(tx, agreement, signer, current.id);
  return { due: carry === null, carry, current };
}

/** An acknowledgment given on another agreement of the transaction, written on this one (before a signature). */
function carryAcknowledgment(tx: DbOrTx, agreement: Agreement, signer: AgreementSigner): AgreementSigner {
  const step = agencyDisclosureStep(tx, agreement, signer);
  if (!step.carry) return signer;
  tx.update(agreementSigners).set(step.carry).where(eq(agreementSigners.id, signer.id)).run();
  return { ...signer, ...step.carry };
}

/** Whether this signer must still read and acknowledge the agency disclosure before signing. */
export const needsAgencyDisclosure = (tx: DbOrTx, agreement: Agreement, signer: AgreementSigner) =>
  agencyDisclosureStep(tx, agreement, signer).due;

/** Whether a signer's consent to sign electronically stands (given, and not withdrawn since). */
export const consentStands = (signer: Pick<AgreementSigner, "consentedAt" | "consentWithdrawnAt">) =>
  signer.consentedAt !== null && signer.consentWithdrawnAt === null;

/**
 * Records a signer's consent to sign electronically (time, address, browser, and the version of the disclosure
 * they read). Only a consent given counts (`consent: true`: the schema refuses anything else); a second one changes
 * nothing, the first time and address stay. After a withdrawal, a new consent is a new record. The API's shorthand
 * `agencyDisclosure: true` also acknowledges the agency disclosure in force (the page asks it as its next step).
 */
export function consentToSign(
  db: Db,
  key: SignerKey,
  id: number,
  input: { consent: true; agencyDisclosure?: boolean },
  now = new Date(),
): void {
  db.transaction((tx) => {
    const { agreement, signer, actor } = signerFor(tx, key, id, now, true);
    assertOpen(agreement, now);
    if (signer.signedAt) throw new ConflictError("You have signed this agreement already");
    const client = requestClient();
    if (!consentStands(signer)) {
      tx.update(agreementSigners)
        .set({
          consentedAt: now,
          consentIp: client.ip,
          consentBrowser: client.browser,
          consentDisclosureId: currentDisclosure(tx).id,
          consentWithdrawnAt: null,
        })
        .where(eq(agreementSigners.id, signer.id))
        .run();
      recordAudit(tx, actor, {
        action: "agreement.consent",
        subject: { type: "agreement", id },
        transactionId: agreement.transactionId,
        changes: { signer: signer.email, browser: client.browser, disclosureVersion: currentDisclosure(tx).version },
        at: now,
      });
    }
    const current = carryAcknowledgment(tx, agreement, signer);
    if (input.agencyDisclosure === true && agencyDisclosureStep(tx, agreement, current).due) {
      acknowledge(tx, agreement, current, actor, now);
    }
  });
}

/**
 * A signer acknowledges the agency disclosure shown to them in full (Civil Code §2079.14: its receipt acknowledged
 * before the agreement is signed): after their consent to sign electronically, before the agreement; the version in
 * force, with the time. Once is enough (a second one changes nothing); not asked of an agent or on a document.
 */
export function acknowledgeAgencyDisclosure(db: Db, key: SignerKey, id: number, now = new Date()): void {
  db.transaction((tx) => {
    const { agreement, signer, actor } = signerFor(tx, key, id, now, true);
    assertOpen(agreement, now);
    if (signer.signedAt) throw new ConflictError("You have signed this agreement already");
    if (!consentStands(signer)) {
      throw new InvalidInputError("Consent to sign electronically first", {
        consent: ["Consent to sign electronically first"],
      });
    }
    const current = carryAcknowledgment(tx, agreement, signer);
    if (!agencyDisclosureStep(tx, agreement, current).due) return;
    acknowledge(tx, agreement, current, actor, now);
  });
}

function acknowledge(tx: DbOrTx, agreement: Agreement, signer: AgreementSigner, actor: Actor | null, now: Date) {
  const version = currentLegalText(tx, "agency_disclosure");
  tx.update(agreementSigners)
    .set({ agencyDisclosureAt: now, agencyDisclosureId: version.id })
    .where(eq(agreementSigners.id, signer.id))
    .run();
  recordAudit(tx, actor, {
    action: "agreement.agency_disclosure",
    subject: { type: "agreement", id: agreement.id },
    transactionId: agreement.transactionId,
    changes: { signer: signer.email, version: version.version },
    at: now,
  });
}

/**
 * A signer withdraws their consent to sign electronically (E-SIGN §7001(c)(1)(B)): the agreement waits for them
 * (they may consent again, or sign on paper), a signature already given stays, and staff are told.
 */
export function withdrawConsent(db: Db, key: SignerKey, id: number, now = new Date()): void {
  db.transaction((tx) => {
    const { agreement, signer, actor } = signerFor(tx, key, id, now);
    if (!consentStands(signer)) throw new ConflictError("You have not consented to sign electronically");
    tx.update(agreementSigners).set({ consentWithdrawnAt: now }).where(eq(agreementSigners.id, signer.id)).run();
    recordAudit(tx, actor, {
      action: "agreement.consent_withdraw",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      changes: { signer: signer.email, signed: signer.signedAt !== null },
      at: now,
    });
    mailAgreementStaff(
      tx,
      agreement,
      `Consent withdrawn: ${agreement.title}`,
      [
        `${signer.name || signer.email} withdrew their consent to sign "${agreement.title}" electronically.`,
        signer.signedAt
          ? "Their signature, given before, stays. Send them the records on paper from now on."
          : "The agreement waits for them: offer it on paper, or they may consent again on the signing page.",
      ],
      now,
    );
  });
}

/**
 * The PDF a person may open: the unsigned one, the sealed one once signed. A signer's first opening (a real GET
 * of it) is their view in the certificate, with its time, address and browser; every opening is in the audit.
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
      const mine = signersOf(tx, id).find((s) => s.userId === key.actor.id);
      // An admin opening an agreement whose broker's seat waits opens it as the one who will sign it.
      const seat =
        key.actor.isAdmin && !mine && agreement.status === "sent" && mayPerform(tx, key.actor, "countersign", now);
      signer = mine ?? (seat ? tryTakeSeat(tx, key, id, now) : undefined);
    }
    if (signer && !signer.viewedAt && !signer.signedAt) {
      const client = requestClient();
      tx.update(agreementSigners)
        .set({ viewedAt: now, viewIp: client.ip, viewBrowser: client.browser })
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

/** The broker's seat taken by the admin opening the PDF, if it still waits for someone; else undefined. */
function tryTakeSeat(tx: DbOrTx, key: SignerKey, id: number, now: Date): AgreementSigner | undefined {
  try {
    return signerFor(tx, key, id, now, true).signer;
  } catch (error) {
    if (error instanceof ConflictError) return undefined;
    throw error;
  }
}

/**
 * Why a signature cannot be given yet, in the order a signer meets them: 400 naming the step (consent, the
 * agency disclosure, opening the PDF, the box, the legal name), or null. The typed name is the signer's full
 * legal name: the one the record holds (the agreement's, else the account's); where it holds only a first name,
 * two words or more beginning with it.
 */
function signatureError(
  agreement: Agreement,
  signer: AgreementSigner,
  agencyDue: boolean,
  account: { firstName: string | null; lastName: string | null } | undefined,
  input: { typedName: string; agree: boolean },
): InvalidInputError | null {
  if (!consentStands(signer)) {
    return new InvalidInputError("Consent to sign electronically first", {
      consent: ["Consent to sign electronically first"],
    });
  }
  if (agencyDue) {
    return new InvalidInputError("Read and acknowledge the agency disclosure first", {
      agencyDisclosure: ["Acknowledge that you have read the agency disclosure"],
    });
  }
  if (!signer.viewedAt) {
    // The step missing is the PDF, not the name: the name field is not marked.
    return new InvalidInputError("Open the PDF and read it before you sign", {
      viewed: ["Open the PDF (the button above) and read it before you sign"],
    });
  }
  if (!input.agree) return new InvalidInputError("Tick the box to agree", { agree: ["Tick the box to agree"] });
  // In the broker's seat an admin signs in their own name: the broker's is theirs only if their account says so.
  const broker = env().site.broker;
  if (signer.forBroker && typedNameMatches(input.typedName, broker) && !typedNameMatches(fullName(account), broker)) {
    const message = `Type your own full legal name: you sign for ${env().site.name} in your name, not ${broker}'s`;
    return new InvalidInputError(message, { typedName: [message] });
  }
  const nameError = legalNameError(input.typedName, expectedName(signer, account), firstNameOf(signer, account));
  return nameError ? new InvalidInputError(nameError, { typedName: [nameError] }) : null;
}

/** The legal name a signer's signature must be: the agreement's when it is one, else their account's. */
function expectedName(
  signer: Pick<AgreementSigner, "name">,
  account: { firstName: string | null; lastName: string | null } | undefined,
): string | null {
  if (isLegalName(signer.name)) return signer.name;
  const held = fullName(account);
  return isLegalName(held) ? held : null;
}

const firstNameOf = (
  signer: Pick<AgreementSigner, "name">,
  account: { firstName: string | null } | undefined,
): string | null => account?.firstName?.trim() || signer.name.trim() || null;

/**
 * A signature: out of turn 409 (checked first), twice 409, a buyer agreement whose end is more than three
 * months away 409 (Civil Code §1670.50 counts from the day it is made); then the steps before it (400 naming
 * each: consent, the agency disclosure, the PDF opened, "I agree", the full legal name). A first legal name
 * typed where the account held only a first name becomes the account's full name (in the audit). The last
 * signature hands the agreement to its seal; if the seal fails, the signature stays and the copy follows
 * (`sealing`: the jobs process retries).
 */
export async function signAgreement(
  db: Db,
  paper: AgreementPaper,
  key: SignerKey,
  id: number,
  input: { typedName: string; agree: boolean },
  now = new Date(),
): Promise<{ completed: boolean; sealing: boolean }> {
  const completed = db.transaction((tx) => {
    const { agreement, signer, actor } = signerFor(tx, key, id, now, true);
    const signers = signersOf(tx, id);
    const turn = outOfTurn(signers, signer);
    if (turn) throw new ConflictError(turn);
    if (signer.signedAt) throw new ConflictError("You have signed this agreement already");
    assertOpen(agreement, now);
    const term = buyerTermError(agreement, todayIn(now));
    if (term) throw new ConflictError(term);
    const account = signer.userId ? tx.select().from(users).where(eq(users.id, signer.userId)).get() : undefined;
    const acknowledged = carryAcknowledgment(tx, agreement, signer);
    const refused = signatureError(
      agreement,
      acknowledged,
      agencyDisclosureStep(tx, agreement, acknowledged).due,
      account,
      input,
    );
    if (refused) throw refused;
    const typed = input.typedName.trim().replace(/\s+/g, " ");
    if (account && !isLegalName(fullName(account)) && !isLegalName(signer.name)) {
      const names = splitLegalName(typed, account.firstName);
      tx.update(users)
        .set({ ...names, updatedAt: now })
        .where(eq(users.id, account.id))
        .run();
      recordAudit(tx, actor, {
        action: "user.legal_name",
        subject: { type: "user", id: account.id },
        changes: { from: fullName(account) || null, to: typed, agreementId: id },
        at: now,
      });
    }
    const client = requestClient();
    tx.update(agreementSigners)
      .set({
        name: isLegalName(signer.name) ? signer.name : typed,
        signedAt: now,
        signIp: client.ip,
        signBrowser: client.browser,
        typedName: typed,
        signedBy: actor?.id ?? null,
        ...("token" in key ? { linkUsedAt: now } : {}),
      })
      .where(eq(agreementSigners.id, signer.id))
      .run();
    recordAudit(tx, actor, {
      action: "agreement.sign",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      changes: { signer: signer.email, role: signer.role, typedName: typed, forBroker: signer.forBroker },
      at: now,
    });
    const rest = signers.filter((s) => s.id !== signer.id && !s.signedAt);
    if (rest.length > 0 && rest.every((s) => s.role === "agent")) {
      for (const s of rest) mailSignRequest(tx, agreement, s, null, now);
    }
    if (rest.length === 0) {
      tx.update(agreements).set({ status: "sealing" }).where(eq(agreements.id, id)).run();
      // A listing agreement in force from now: its sale's listing state is decided again.
      if (agreement.kind === "listing" && agreement.transactionId) refreshListing(tx, agreement.transactionId, now);
    }
    return rest.length === 0;
  });
  if (!completed) return { completed: false, sealing: false };
  const sealed = await sealOrRetryLater(db, paper, id, now);
  return { completed: true, sealing: !sealed };
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
    if (agreement.status === "signed" || agreement.status === "sealing")
      throw new ConflictError("A signed agreement cannot be voided");
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
  const account = signer.userId ? db.select().from(users).where(eq(users.id, signer.userId)).get() : undefined;
  const disclosure = currentDisclosure(db);
  const agency = agencyDisclosureStep(db, agreement, signer);
  return {
    agreement: viewOf(db, agreement, signers, todayIn(now)),
    signer: {
      id: signer.id,
      name: signer.name,
      email: signer.email,
      role: signer.role,
      forBroker: signer.forBroker,
      /** The name to type, when the record holds one; else null: their full legal name, beginning with `firstName`. */
      legalName: expectedName(signer, account),
      firstName: firstNameOf(signer, account),
    },
    consented: consentStands(signer),
    withdrawn: signer.consentWithdrawnAt !== null,
    viewed: signer.viewedAt !== null,
    signed: signer.signedAt !== null,
    needsDisclosure: agency.due,
    agencyDisclosure: { version: agency.current.version, body: agency.current.body },
    waitingFor: outOfTurn(signers, signer),
    disclosure: { version: disclosure.version, body: disclosure.body },
  };
}
