/**
 * The signed copy: made and sealed once every signature is in, kept as a document of the transaction (a
 * listing started on the site opens its selling transaction first), every party e-mailed its link.
 */
import { Readable } from "node:stream";
import { and, eq, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  agreements,
  agreementSigners,
  transactionMilestones,
  transactions,
  users,
  type Agreement,
  type AgreementSigner,
  type Transaction,
} from "~/db/schema";
import { env } from "~/config/env.server";
import { COPY_LINK_DAYS } from "~/lib/agreement-rules";
import { ConflictError, NotFoundError } from "~/lib/errors";
import type { Actor } from "~/models/actor.server";
import { mailAgreementEvent, mailAgreementStaff } from "~/models/agreement-mail.server";
import { recordAudit } from "~/models/audit-log.server";
import { attachSignedAgreement } from "~/models/file-review.server";
import { insertDocuments } from "~/models/document.server";
import { updateMilestone } from "~/models/milestone.server";
import { createTransaction } from "~/models/transaction.server";
import { sha256Hex } from "~/models/secret-token.server";
import {
  AGREEMENTS_FOLDER,
  NOT_FOUND,
  readAll,
  signersOf,
  visibleAgreement,
  type AgreementPaper,
} from "~/models/agreement-access.server";
import { linkFor } from "~/models/agreement-prepare.server";
import { disclosureById } from "~/models/consent-disclosure.server";
import { legalTextById } from "~/models/legal-text.server";
import { refreshListing } from "~/models/listing-state.server";

/** Whom the broker's seat is signed for: "Coastline Flat Fee Realty, broker (DRE #02212345)". */
const brokerSeatLine = () => `${env().site.name}, broker (DRE #${env().site.license})`;

/**
 * The last signature is in: the signed copy is made and sealed, kept as a document of the transaction (a
 * listing started on the site opens its selling transaction first), and every party is e-mailed its link.
 */
export async function completeAgreement(db: Db, paper: AgreementPaper, id: number, now = new Date()): Promise<void> {
  const agreement = db.select().from(agreements).where(eq(agreements.id, id)).get();
  // `sent` with every signature in: signed before `sealing` existed (migration 0023).
  if (!agreement || (agreement.status !== "sealing" && agreement.status !== "sent")) return;
  const signers = signersOf(db, id);
  if (signers.some((s) => !s.signedAt)) return;
  const unsigned = await readAll(paper.files, agreement.unsignedKey);
  if (sha256Hex(unsigned) !== agreement.unsignedSha256)
    throw new Error(`The unsigned PDF of agreement ${id} has changed`);
  const sealed = await paper.signedPdf(unsigned, {
    agreementId: id,
    title: agreement.title,
    brokerage: env().site.name,
    unsignedSha256: agreement.unsignedSha256,
    createdAt: agreement.createdAt,
    sentAt: agreement.sentAt,
    completedAt: now,
    signers,
    brokerSeat: brokerSeatLine(),
    disclosures: [...new Set(signers.map((s) => s.consentDisclosureId).filter((d): d is number => d !== null))].flatMap(
      (d) => disclosureById(db, d) ?? [],
    ),
    agencyDisclosures: [
      ...new Set(signers.map((s) => s.agencyDisclosureId).filter((d): d is number => d !== null)),
    ].flatMap((d) => legalTextById(db, d) ?? []),
  });
  const stored = await paper.files.put(AGREEMENTS_FOLDER, Readable.from(sealed));
  let transactionId = agreement.transactionId;
  if (transactionId === null && agreement.startedOnline) {
    transactionId = openStartedListing(db, agreement, signers, now).id;
  }
  // The step it completes (a sale's "Listing agreement", a purchase's "Consultation and buyer-broker agreement"),
  // with the signed copy as the step's document.
  const step = transactionId ? agreementStep(db, agreement.kind, transactionId) : undefined;
  const sealedNow = db.transaction((tx) => {
    const current = tx.select({ status: agreements.status }).from(agreements).where(eq(agreements.id, id)).get();
    if (current?.status !== "sealing" && current?.status !== "sent") return false;
    const [documentId] = transactionId
      ? insertDocuments(
          tx,
          { transactionId, milestoneId: step?.id ?? null, uploadedBy: null, role: "admin", sealed: true },
          [
            {
              key: stored.key,
              name: `${agreement.title} (signed).pdf`,
              contentType: "application/pdf",
              size: stored.size,
              sha256: stored.sha256,
            },
          ],
          now,
        )
      : [];
    // The file review: the signed copy meets its kind's checklist items by itself.
    if (transactionId && documentId) attachSignedAgreement(tx, transactionId, agreement.kind, documentId, now);
    tx.update(agreements)
      .set({
        status: "signed",
        transactionId,
        signedKey: stored.key,
        signedSha256: stored.sha256,
        signedDocumentId: documentId ?? null,
        completedAt: now,
        sealNextAt: null,
        sealError: null,
      })
      .where(eq(agreements.id, id))
      .run();
    if (agreement.kind === "listing" && transactionId) refreshListing(tx, transactionId, now);
    recordAudit(tx, null, {
      action: "agreement.complete",
      subject: { type: "agreement", id },
      transactionId,
      changes: { signedSha256: stored.sha256, unsignedSha256: agreement.unsignedSha256 },
      at: now,
    });
    for (const signer of signers) {
      const token = linkFor(tx, signer, COPY_LINK_DAYS, now);
      mailAgreementEvent(tx, { ...agreement, transactionId }, signer, "signed", { token, sealedKey: stored.key }, now);
    }
    return true;
  });
  // The countersigner (staff) completes the step, as they would in the workspace (the client is told).
  const countersigner = signers.find((s) => s.role === "agent")?.signedBy;
  const actor = countersigner ? db.select().from(users).where(eq(users.id, countersigner)).get() : undefined;
  if (sealedNow && step && actor && step.status !== "completed" && transactionId) {
    updateMilestone(db, actor, { transactionId, milestoneId: step.id }, { status: "completed" }, { now });
  }
}

/** The standard step a signed agreement completes: a sale's 2nd (its listing agreement), a purchase's 1st. */
function agreementStep(db: Db, kind: Agreement["kind"], transactionId: number) {
  if (kind === "document" || kind === "broker_agent") return undefined;
  return db
    .select({ id: transactionMilestones.id, status: transactionMilestones.status })
    .from(transactionMilestones)
    .where(
      and(
        eq(transactionMilestones.transactionId, transactionId),
        eq(transactionMilestones.stepNumber, kind === "listing" ? 2 : 1),
      ),
    )
    .get();
}

/** After a failed seal, the next try: a minute, doubling, at most an hour apart. */
export const sealRetryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3600_000);

/**
 * Seals an agreement whose every signature is in; true once sealed. A failure is recorded (the error, the
 * tries, when the jobs process tries again: `retryDueSeals`) and its staff are e-mailed the first time; the
 * signatures stay, and the agreement reads "signed, sealing" meanwhile.
 */
export async function sealOrRetryLater(db: Db, paper: AgreementPaper, id: number, now = new Date()): Promise<boolean> {
  try {
    await completeAgreement(db, paper, id, now);
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[agreements] sealing agreement ${id} failed:`, error);
    db.transaction((tx) => {
      const row = tx.select().from(agreements).where(eq(agreements.id, id)).get();
      if (!row) return;
      const attempts = row.sealAttempts + 1;
      tx.update(agreements)
        .set({
          status: "sealing",
          sealAttempts: attempts,
          sealError: message.slice(0, 500),
          sealNextAt: new Date(now.getTime() + sealRetryDelayMs(attempts)),
        })
        .where(eq(agreements.id, id))
        .run();
      if (attempts === 1) {
        mailAgreementStaff(
          tx,
          row,
          `Sealing failed: ${row.title}`,
          [
            `Everyone has signed "${row.title}", but its sealed copy could not be made: ${message.slice(0, 200)}`,
            "The signatures are kept. The server tries again on its own, and you can press Retry on the agreement.",
          ],
          now,
        );
      }
    });
    return false;
  }
}

/** The agreements whose seal is due to be tried again (the mail sender's tick), each on its own. */
export async function retryDueSeals(db: Db, paper: AgreementPaper, now = new Date()): Promise<number> {
  const due = db
    .select({ id: agreements.id })
    .from(agreements)
    .where(and(lte(agreements.sealNextAt, now), eq(agreements.status, "sealing")))
    .limit(20)
    .all();
  let sealed = 0;
  for (const { id } of due) if (await sealOrRetryLater(db, paper, id, now)) sealed++;
  return sealed;
}

/** Staff press Retry on an agreement waiting for its seal: tried now. */
export async function retrySeal(db: Db, actor: Actor, paper: AgreementPaper, id: number, now = new Date()) {
  const { agreement, staff } = visibleAgreement(db, actor, id);
  if (!staff) throw new NotFoundError(NOT_FOUND);
  if (agreement.status !== "sealing") throw new ConflictError("This agreement is not waiting for its seal");
  recordAudit(db, actor, {
    action: "agreement.seal_retry",
    subject: { type: "agreement", id },
    transactionId: agreement.transactionId,
    at: now,
  });
  return sealOrRetryLater(db, paper, id, now);
}

/**
 * Agreements whose every signature is in but whose seal was not made (the process stopped in between, or the
 * seal failed): each tried now, on its own, whatever happens to the others. The server calls it at start
 * (app/infra/startup.server.ts).
 */
export async function completePendingAgreements(db: Db, paper: AgreementPaper, now = new Date()): Promise<number> {
  const pending = db
    .select({ id: agreements.id })
    .from(agreements)
    .where(
      or(
        eq(agreements.status, "sealing"),
        and(
          eq(agreements.status, "sent"),
          sql`NOT EXISTS (SELECT 1 FROM ${agreementSigners} s WHERE s.agreement_id = ${agreements.id} AND s.signed_at IS NULL)`,
        ),
      ),
    )
    .all();
  let sealed = 0;
  for (const { id } of pending) if (await sealOrRetryLater(db, paper, id, now)) sealed++;
  return sealed;
}

/** The selling transaction of a listing started on the site, opened by its countersigner with its milestones. */
function openStartedListing(db: Db, agreement: Agreement, signers: AgreementSigner[], now: Date): Transaction {
  const counter = signers.find((s) => s.role === "agent")!;
  // The countersigner signed in as themselves (an agent, or an admin in the broker's seat): staff.
  const actor = db.select().from(users).where(eq(users.id, counter.signedBy!)).get()!;
  const client = db.select().from(users).where(eq(users.id, agreement.clientId)).get()!;
  const price = Number((agreement.fields.listPrice ?? "").replace(/[^\d]/g, ""));
  const transaction = createTransaction(
    db,
    actor,
    {
      email: client.email,
      firstName: client.firstName ?? undefined,
      lastName: client.lastName ?? undefined,
      type: "selling",
      propertyAddress: agreement.fields.propertyAddress ?? "",
      homeValue: String(price),
      setUpMilestones: true,
    },
    { now },
  );
  if (transaction.assignedAgentId !== agreement.agentId) {
    db.update(transactions)
      .set({ assignedAgentId: agreement.agentId })
      .where(eq(transactions.id, transaction.id))
      .run();
  }
  return { ...transaction, assignedAgentId: agreement.agentId };
}
