/**
 * Agreements already signed, for tests of what they allow (offers on a purchase, tours) and of what they decide (the
 * fee: app/models/compensation.server.ts): each row written as the signing would leave it, with its signers, without
 * the PDFs. The signing itself is tested in tests/unit/agreements.test.ts and tests/e2e/agreements.spec.ts.
 */
import type { DbOrTx } from "~/db/client.server";
import { agreements, agreementSigners } from "~/db/schema";
import { addMonthsTo, todayIn } from "~/lib/plain-date";

type Options = {
  startsOn?: string;
  endsOn?: string;
  /** The template's fields as signed (`buyerBrokerCompensation`: "2.5%"; a listing's `flatFee`: "$7,500"). */
  fields?: Record<string, string>;
  /** The client side's signers' names, in order (the client first). */
  signers?: string[];
};

function insertSigned(
  db: DbOrTx,
  kind: "buyer" | "listing",
  transaction: { id: number; userId: string },
  options: Options,
): number {
  const startsOn = options.startsOn ?? todayIn(new Date(Date.now() - 30 * 24 * 3600_000));
  const id = db
    .insert(agreements)
    .values({
      transactionId: transaction.id,
      clientId: transaction.userId,
      kind,
      title: `${kind === "buyer" ? "Buyer representation" : "Listing"} agreement (signed for the test)`,
      fields: options.fields ?? {},
      startsOn,
      endsOn: options.endsOn ?? addMonthsTo(startsOn, kind === "buyer" ? 3 : 6),
      status: "signed",
      unsignedKey: "agreements/test-fixture",
      unsignedSha256: "0".repeat(64),
      completedAt: new Date(),
    })
    .returning({ id: agreements.id })
    .get().id;
  (options.signers ?? []).forEach((name, position) =>
    db
      .insert(agreementSigners)
      .values({
        agreementId: id,
        position,
        role: position === 0 ? "client" : "cosigner",
        name,
        email: `signer${position}@example.com`,
        userId: position === 0 ? transaction.userId : null,
        signedAt: new Date(),
        typedName: name,
      })
      .run(),
  );
  return id;
}

export const insertSignedBuyerAgreement = (
  db: DbOrTx,
  transaction: { id: number; userId: string },
  options: Options = {},
): number => insertSigned(db, "buyer", transaction, options);

export const insertSignedListingAgreement = (
  db: DbOrTx,
  transaction: { id: number; userId: string },
  options: Options = {},
): number => insertSigned(db, "listing", transaction, options);
