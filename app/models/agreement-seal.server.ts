/**
 * The signed copy: made and sealed once every signature is in, kept as a document of the transaction (a
 * listing started on the site opens its selling transaction first), every party e-mailed its link.
 */
import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  agreements,
  agreementSigners,
  transactions,
  users,
  type Agreement,
  type AgreementSigner,
  type Transaction,
} from "~/db/schema";
import { env } from "~/config/env.server";
import { COPY_LINK_DAYS } from "~/lib/agreement-rules";
import { mailAgreementEvent } from "~/models/agreement-mail.server";
import { recordAudit } from "~/models/audit-log.server";
import { insertDocuments } from "~/models/document.server";
import { createTransaction } from "~/models/transaction.server";
import { sha256Hex } from "~/models/secret-token.server";
import { AGREEMENTS_FOLDER, readAll, signersOf, type AgreementPaper } from "~/models/agreement-access.server";
import { linkFor } from "~/models/agreement-prepare.server";

/**
 * The last signature is in: the signed copy is made and sealed, kept as a document of the transaction (a
 * listing started on the site opens its selling transaction first), and every party is e-mailed its link.
 */
export async function completeAgreement(db: Db, paper: AgreementPaper, id: number, now = new Date()): Promise<void> {
  const agreement = db.select().from(agreements).where(eq(agreements.id, id)).get();
  if (!agreement || agreement.status !== "sent") return;
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
  });
  const stored = await paper.files.put(AGREEMENTS_FOLDER, Readable.from(sealed));
  let transactionId = agreement.transactionId;
  if (transactionId === null && agreement.startedOnline) {
    transactionId = openStartedListing(db, agreement, signers, now).id;
  }
  db.transaction((tx) => {
    const current = tx.select({ status: agreements.status }).from(agreements).where(eq(agreements.id, id)).get();
    if (current?.status !== "sent") return;
    const [documentId] = transactionId
      ? insertDocuments(
          tx,
          { transactionId, uploadedBy: null, role: "admin" },
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
    tx.update(agreements)
      .set({
        status: "signed",
        transactionId,
        signedKey: stored.key,
        signedSha256: stored.sha256,
        signedDocumentId: documentId ?? null,
        completedAt: now,
      })
      .where(eq(agreements.id, id))
      .run();
    recordAudit(tx, null, {
      action: "agreement.complete",
      subject: { type: "agreement", id },
      transactionId,
      changes: { signedSha256: stored.sha256, unsignedSha256: agreement.unsignedSha256 },
      at: now,
    });
    for (const signer of signers) {
      const token = linkFor(tx, signer, COPY_LINK_DAYS, now);
      mailAgreementEvent(tx, { ...agreement, transactionId }, signer, "signed", { token }, now);
    }
  });
}

/**
 * Agreements whose every signature is in but whose seal was not made (the process stopped in between):
 * sealed now. The server calls it at start (app/infra/startup.server.ts).
 */
export async function completePendingAgreements(db: Db, paper: AgreementPaper, now = new Date()): Promise<number> {
  const pending = db
    .select({ id: agreements.id })
    .from(agreements)
    .where(
      and(
        eq(agreements.status, "sent"),
        sql`NOT EXISTS (SELECT 1 FROM ${agreementSigners} s WHERE s.agreement_id = ${agreements.id} AND s.signed_at IS NULL)`,
      ),
    )
    .all();
  for (const { id } of pending) await completeAgreement(db, paper, id, now);
  return pending.length;
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
