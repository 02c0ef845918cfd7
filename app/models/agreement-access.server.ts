/**
 * Who may read an agreement and who acts on it (docs/agreements.md): its transaction's client and staff (a listing
 * started on the site: its client, its agent, admins), a signer by their account or a co-signer by the e-mailed
 * link; anyone else is told "not found". The one access rule every agreement module imports.
 */
import { buffer } from "node:stream/consumers";
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { agreements, agreementSigners, users, type Agreement, type AgreementSigner } from "~/db/schema";
import type { CertificateInput } from "~/lib/agreement-certificate";
import { agreementStatus } from "~/lib/agreement-rules";
import { type TemplateBlock } from "~/lib/agreement-template";
import { ConflictError, NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { isToken, TOKEN_BYTES } from "~/lib/token-format";
import { todayIn } from "~/lib/plain-date";
import { isStaff, type Actor } from "~/models/actor.server";
import type { FileStore } from "~/models/files.server";
import { recordAudit } from "~/models/audit-log.server";
import { assertDuty } from "~/models/broker-duties.server";
import { sha256Hex } from "~/models/secret-token.server";
import { findTransaction, isStaffOn } from "~/models/permissions.server";

/** The store's folder of agreements' PDFs (unsigned and sealed): never swept as documents' left-overs. */
export const AGREEMENTS_FOLDER = "agreements";

/** What the model asks of PDFs (app/infra/agreement-pdf.server.ts `agreementPaper`), with the file store. */
export interface AgreementPaper {
  files: FileStore;
  /** The unsigned agreement laid out from its template's filled text. */
  agreementPdf(blocks: TemplateBlock[], options: { title: string; brokerage: string }): Promise<Buffer>;
  /** The signed copy: the document, the signature page and the certificate, sealed with the brokerage's certificate. */
  signedPdf(unsigned: Buffer, certificate: Omit<CertificateInput, "unsignedPages">): Promise<Buffer>;
  /** Why a PDF could not carry the seal once signed (encrypted, damaged), or null. */
  sealableError(pdf: Buffer): Promise<string | null>;
}

export const NOT_FOUND = "Agreement not found";

export async function readAll(files: FileStore, key: string): Promise<Buffer> {
  const stream = await files.get(key);
  if (!stream) throw new Error(`The agreement's file ${key} is missing`);
  return buffer(stream);
}

/** An agreement the actor may read, and whether as staff (404 for anyone else, its existence being private). */
export function visibleAgreement(db: DbOrTx, actor: Actor, id: number): { agreement: Agreement; staff: boolean } {
  const agreement = db.select().from(agreements).where(eq(agreements.id, id)).get();
  if (!agreement) throw new NotFoundError(NOT_FOUND);
  if (agreement.transactionId !== null) {
    const transaction = findTransaction(db, actor, agreement.transactionId);
    if (!transaction) throw new NotFoundError(NOT_FOUND);
    const staff = isStaffOn(db, actor, transaction);
    // A draft is staff's until it is sent.
    if (!staff && agreement.status === "draft") throw new NotFoundError(NOT_FOUND);
    return { agreement, staff };
  }
  if (actor.isAdmin || (isStaff(actor) && agreement.agentId === actor.id)) return { agreement, staff: true };
  if (agreement.clientId === actor.id) return { agreement, staff: false };
  throw new NotFoundError(NOT_FOUND);
}

export const signersOf = (db: DbOrTx, agreementId: number) =>
  db
    .select()
    .from(agreementSigners)
    .where(eq(agreementSigners.agreementId, agreementId))
    .orderBy(asc(agreementSigners.position))
    .all();

/** Who acts on an agreement: a signed-in person, or a co-signer holding their e-mailed link. */
export type SignerKey = { actor: Actor } | { token: string };

/**
 * The co-signer a link belongs to, while it is good (7 days, unused): anything else, a used, expired or
 * altered link, is "not found" and shows nothing of the document. A link to a signed copy opens that only.
 */
export function signerOfLink(
  db: DbOrTx,
  token: string,
  now = new Date(),
): { agreement: Agreement; signer: AgreementSigner } {
  if (!isToken(token, TOKEN_BYTES.signing)) throw new NotFoundError("This link is not valid");
  const signer = db
    .select()
    .from(agreementSigners)
    .where(eq(agreementSigners.linkHash, sha256Hex(token)))
    .get();
  if (!signer || signer.linkUsedAt || !signer.linkExpiresAt || signer.linkExpiresAt <= now) {
    throw new NotFoundError("This link is not valid");
  }
  const agreement = db.select().from(agreements).where(eq(agreements.id, signer.agreementId)).get()!;
  return { agreement, signer };
}

/**
 * The agreement and the signer the key acts as: the actor's own row, or the broker's seat for the responsible broker
 * or the licensee they named to countersign (another admin: 403 naming the duty). The seat is signed in one's own
 * name: acting on it (`take`: consenting, opening the PDF, signing)
 * makes it theirs, their name, e-mail and account, and what another admin recorded there before (a consent, an
 * opening) is cleared, since it was not this person's. Reading it (`take` false) shows it as theirs would be.
 * Someone who may read the agreement but does not sign it: 409; anyone else: 404.
 */
export function signerFor(
  db: DbOrTx,
  key: SignerKey,
  id: number,
  now: Date,
  take = false,
): { agreement: Agreement; signer: AgreementSigner; actor: Actor | null } {
  if ("token" in key) {
    const found = signerOfLink(db, key.token, now);
    if (found.agreement.id !== id) throw new NotFoundError(NOT_FOUND);
    return { ...found, actor: null };
  }
  const { agreement } = visibleAgreement(db, key.actor, id);
  const signers = signersOf(db, id);
  const own = signers.find((s) => s.userId === key.actor.id);
  if (own) return { agreement, signer: own, actor: key.actor };
  const seat = key.actor.isAdmin ? signers.find((s) => s.forBroker && !s.signedAt) : undefined;
  if (!seat) throw new ConflictError("You are not a signer of this agreement");
  // The broker's seat is the responsible broker's, or a licensee's they named to countersign (403 naming the duty).
  assertDuty(db, key.actor, "countersign", now);
  const person = db.select().from(users).where(eq(users.id, key.actor.id)).get()!;
  const mine = {
    name: fullName(person),
    email: person.email,
    userId: person.id,
    consentedAt: null,
    consentIp: null,
    consentBrowser: null,
    consentDisclosureId: null,
    consentWithdrawnAt: null,
    agencyDisclosureAt: null,
    viewedAt: null,
    viewIp: null,
    viewBrowser: null,
  };
  if (take) {
    db.update(agreementSigners).set(mine).where(eq(agreementSigners.id, seat.id)).run();
    recordAudit(db, key.actor, {
      action: "agreement.seat",
      subject: { type: "agreement", id },
      transactionId: agreement.transactionId,
      changes: { from: seat.email, to: person.email },
      at: now,
    });
  }
  return { agreement, signer: { ...seat, ...mine }, actor: key.actor };
}

/** 409 unless the agreement is waiting for signatures. */
export function assertOpen(agreement: Agreement, now: Date) {
  const status = agreementStatus(agreement, todayIn(now));
  if (status === "draft") throw new ConflictError("This agreement has not been sent for signature yet");
  if (status === "signed" || status === "sealing") throw new ConflictError("This agreement is signed already");
  if (status === "declined") throw new ConflictError("This agreement was declined");
  if (status === "voided") throw new ConflictError("This agreement was voided");
  if (status === "expired") throw new ConflictError("This agreement's end date has passed");
}

export const signingPath = (id: number) => `/agreements/${id}/sign`;
export const agreementPdfPath = (id: number) => `/agreements/${id}.pdf`;
