/**
 * Paper agreements that count (docs/agreements.md): a client may sign a C.A.R. form on paper (or in another service)
 * and upload it, or withdraw their consent to sign electronically and sign on paper; staff record that document as
 * the listing or buyer agreement in force, with its dates, its compensation (structured, never blank) and who signed.
 * The same rules as an agreement signed in the portal (three months at most for a person buying, from the day it is
 * made; the kind of the transaction's side). From then on it is in force for offers and tours, the listing page, the
 * fee (app/models/compensation.server.ts) and the CDA exactly as one signed here: every rule reads the status
 * `signed`. The document becomes a sealed copy (never removed) and meets the file's checklist item.
 *
 * A listing's protection list after its term (the buyers shown the home, given to the seller within three days after
 * the term ends) is sent from here too.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { agreements, agreementSigners, documents, users } from "~/db/schema";
import { env } from "~/config/env.server";
import { agreementDateErrors } from "~/lib/agreement-template";
import type { RecordAgreementInput } from "~/lib/agreement-schema";
import { compensationText } from "~/lib/buyer-compensation";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { centsOfDollars, formatMoneyExact } from "~/lib/money";
import { addDaysTo, formatDayWords, todayIn } from "~/lib/plain-date";
import type { Actor } from "~/models/actor.server";
import { NOT_FOUND, visibleAgreement } from "~/models/agreement-access.server";
import { getAgreement, type AgreementView } from "~/models/agreement-view.server";
import { recordAudit } from "~/models/audit-log.server";
import { attachSignedAgreement } from "~/models/file-review.server";
import { refreshListing } from "~/models/listing-state.server";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { getTransactionAsStaff } from "~/models/permissions.server";

/** Records an uploaded, signed document as the transaction's listing or buyer agreement (staff). */
export function recordAgreement(
  db: Db,
  actor: Actor,
  transactionId: number,
  input: RecordAgreementInput,
  now = new Date(),
): AgreementView {
  const id = db.transaction((tx) => {
    const t = getTransactionAsStaff(tx, actor, transactionId);
    const fits = input.kind === "listing" ? t.type === "selling" : t.type === "buying";
    if (!fits) {
      const message =
        input.kind === "listing" ? "A listing agreement is for a sale" : "A buyer agreement is for a purchase";
      throw new InvalidInputError(message, { kind: [message] });
    }
    const document = tx
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.id, input.documentId),
          eq(documents.transactionId, transactionId),
          isNull(documents.removedAt),
          eq(documents.adminOnly, false),
        ),
      )
      .get();
    if (!document) {
      throw new InvalidInputError("Choose a document of this transaction", {
        documentId: ["Not a document of this transaction"],
      });
    }
    const already = tx
      .select({ id: agreements.id })
      .from(agreements)
      .where(eq(agreements.signedDocumentId, document.id))
      .get();
    if (already) throw new ConflictError(`"${document.name}" is already the copy of an agreement`);
    // The day it is made is its start (a paper agreement is dated): §1670.50 counts its three months from then.
    const entity = input.kind === "buyer" ? (input.buyerEntity ?? "person") : "person";
    const errors = agreementDateErrors(input.kind, input.startsOn, input.endsOn, input.startsOn, entity);
    if (Object.keys(errors).length) throw new InvalidInputError(Object.values(errors)[0]![0]!, errors);
    const names = input.signers.map((s) => s.name);
    const client = tx.select().from(users).where(eq(users.id, t.userId)).get()!;
    const compensation = compensationText(input.compensation);
    const row = tx
      .insert(agreements)
      .values({
        transactionId,
        clientId: t.userId,
        agentId: t.assignedAgentId,
        kind: input.kind,
        sourceDocumentId: document.id,
        title: `${input.kind === "listing" ? "Listing agreement" : "Buyer representation agreement"}, signed on paper: ${
          (input.kind === "listing" ? t.propertyAddress : null) ?? names.join(" and ")
        }`,
        fields: {
          clientNames: names.join(" and "),
          ...(input.kind === "listing"
            ? {
                flatFee:
                  input.compensation.type === "amount"
                    ? formatMoneyExact(centsOfDollars(input.compensation.value))
                    : compensation,
              }
            : { buyerBrokerCompensation: compensation }),
        },
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        status: "signed",
        source: "recorded",
        compensation: input.compensation,
        buyerEntity: input.kind === "buyer" ? entity : null,
        protectionDays: input.kind === "listing" ? (input.protectionDays ?? null) : null,
        unsignedKey: document.storageKey,
        unsignedSha256: document.sha256,
        signedKey: document.storageKey,
        signedSha256: document.sha256,
        signedDocumentId: document.id,
        createdBy: actor.id,
        createdAt: now,
        completedAt: now,
      })
      .returning({ id: agreements.id })
      .get();
    input.signers.forEach((s, position) =>
      tx
        .insert(agreementSigners)
        .values({
          agreementId: row.id,
          position,
          role: position === 0 ? "client" : "cosigner",
          name: s.name,
          email: s.email ?? (position === 0 ? client.email : ""),
          userId: position === 0 ? client.id : null,
        })
        .run(),
    );
    // The signed copy is kept for the retention period, and meets the file's item of its kind.
    tx.update(documents).set({ sealed: true }).where(eq(documents.id, document.id)).run();
    attachSignedAgreement(tx, transactionId, input.kind, document.id, now);
    if (input.kind === "listing") refreshListing(tx, transactionId, now);
    recordAudit(tx, actor, {
      action: "agreement.record",
      subject: { type: "agreement", id: row.id },
      transactionId,
      changes: {
        kind: input.kind,
        document: document.name,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        compensation,
        signers: names,
        ...(input.kind === "buyer" ? { buyerEntity: entity } : {}),
      },
      at: now,
    });
    return row.id;
  });
  return getAgreement(db, actor, id, now);
}

/** How many days after a listing's term ends its protection list may go to the seller (the seeded text's three). */
export const PROTECTION_LIST_DAYS = 3;

/**
 * Staff give the seller the list of buyers shown the home during the term (the listing's protection period): from
 * the day after the term ends to three days after; by e-mail to the seller and in their portal; once (a second
 * list is a 409: the first is the record).
 */
export function sendProtectionList(
  db: Db,
  actor: Actor,
  agreementId: number,
  names: string[],
  now = new Date(),
): AgreementView {
  db.transaction((tx) => {
    const { agreement, staff } = visibleAgreement(tx, actor, agreementId);
    if (!staff) throw new NotFoundError(NOT_FOUND);
    if (agreement.kind !== "listing" || !agreement.protectionDays) {
      throw new ConflictError("Only a listing agreement with a protection period has a protection list");
    }
    if (agreement.status !== "signed" && agreement.status !== "sealing") {
      throw new ConflictError("The listing agreement is not signed");
    }
    if (agreement.protectionListSentOn) {
      throw new ConflictError(`The protection list was given on ${formatDayWords(agreement.protectionListSentOn)}`);
    }
    const today = todayIn(now);
    const last = addDaysTo(agreement.endsOn!, PROTECTION_LIST_DAYS);
    if (today <= agreement.endsOn!) {
      throw new ConflictError(
        `The protection list is given after the term ends (${formatDayWords(agreement.endsOn!)}), by ${formatDayWords(last)}`,
      );
    }
    if (today > last) {
      throw new ConflictError(
        `The protection list had to be given by ${formatDayWords(last)}, three days after the term ended`,
      );
    }
    const list = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
    tx.update(agreements)
      .set({ protectionList: list, protectionListSentOn: today })
      .where(eq(agreements.id, agreementId))
      .run();
    const client = tx.select().from(users).where(eq(users.id, agreement.clientId)).get();
    if (client) {
      const until = addDaysTo(agreement.endsOn!, agreement.protectionDays);
      queuePlainEmail(
        tx,
        {
          kind: "agreement",
          to: { address: client.email, name: client.firstName },
          subject: `The buyers shown your home: ${agreement.title}`,
          lines: [
            `Your listing agreement ended on ${formatDayWords(agreement.endsOn!)}. As it says, here are the buyers who saw your home during its term:`,
            ...list.map((n) => `- ${n}`),
            `If you agree to sell to one of them by ${formatDayWords(until)} (${agreement.protectionDays} days after the term), the flat fee is still earned, unless your home is then listed with another broker. Keep this list with your agreement.`,
          ],
          action: { label: "Open your portal", url: `${env().mail.appUrl}/client-portal#agreements` },
          transactionId: agreement.transactionId,
        },
        now,
      );
    }
    recordAudit(tx, actor, {
      action: "agreement.protection_list",
      subject: { type: "agreement", id: agreementId },
      transactionId: agreement.transactionId,
      changes: { names: list, sentOn: today },
      at: now,
    });
  });
  return getAgreement(db, actor, agreementId, now);
}
