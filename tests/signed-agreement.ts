/**
 * A buyer representation agreement already signed, for tests of what it allows (offers on a purchase, tours):
 * its row written as the signing would leave it, without the PDFs. The signing itself is tested in
 * tests/unit/agreements.test.ts and tests/e2e/agreements.spec.ts.
 */
import type { DbOrTx } from "~/db/client.server";
import { agreements } from "~/db/schema";
import { addMonthsTo, todayIn } from "~/lib/plain-date";

export function insertSignedBuyerAgreement(
  db: DbOrTx,
  transaction: { id: number; userId: string },
  options: { startsOn?: string; endsOn?: string } = {},
): number {
  const startsOn = options.startsOn ?? todayIn(new Date(Date.now() - 30 * 24 * 3600_000));
  return db
    .insert(agreements)
    .values({
      transactionId: transaction.id,
      clientId: transaction.userId,
      kind: "buyer",
      title: "Buyer representation agreement (signed for the test)",
      fields: {},
      startsOn,
      endsOn: options.endsOn ?? addMonthsTo(startsOn, 3),
      status: "signed",
      unsignedKey: "agreements/test-fixture",
      unsignedSha256: "0".repeat(64),
      completedAt: new Date(),
    })
    .returning({ id: agreements.id })
    .get().id;
}
