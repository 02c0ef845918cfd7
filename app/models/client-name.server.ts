/**
 * An admin corrects a client's legal name: a first legal name typed wrongly at a signature became the
 * account's name (app/models/agreement-signing.server.ts), or staff wrote it wrongly. The account's given and
 * family names change, so does the name each agreement not yet signed by them expects; a signed agreement keeps
 * the name it was signed with (the record is the record). In the audit (`user.legal_name`, from, to, by whom) and
 * told to the client by e-mail. The workspace's form and PUT /api/transactions/{id}/client-name call it.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { agreementSigners, users, type User } from "~/db/schema";
import { env } from "~/config/env.server";
import { NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { type Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { assertAdmin, getTransaction } from "~/models/permissions.server";

export function correctClientName(
  db: Db,
  actor: Actor,
  transactionId: number,
  input: { firstName: string; lastName: string },
  now = new Date(),
): User {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const transaction = getTransaction(tx, actor, transactionId);
    const client = tx.select().from(users).where(eq(users.id, transaction.userId)).get();
    if (!client) throw new NotFoundError("Client not found");
    const from = fullName(client);
    const to = `${input.firstName} ${input.lastName}`;
    if (client.firstName === input.firstName && client.lastName === input.lastName) return client;
    const row = tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, updatedAt: now })
      .where(eq(users.id, client.id))
      .returning()
      .get()!;
    // The agreements waiting for their signature expect the corrected name.
    tx.update(agreementSigners)
      .set({ name: to })
      .where(
        and(
          eq(agreementSigners.userId, client.id),
          isNull(agreementSigners.signedAt),
          isNull(agreementSigners.declinedAt),
        ),
      )
      .run();
    recordAudit(tx, actor, {
      action: "user.legal_name",
      subject: { type: "user", id: client.id },
      transactionId,
      changes: { from: from || null, to, correctedBy: "admin" },
      at: now,
    });
    const { site, appUrl } = env().mail;
    queuePlainEmail(
      tx,
      {
        kind: "client_notice",
        to: { address: client.email, name: to },
        subject: "Your name on our records was corrected",
        lines: [
          `Hello ${input.firstName},`,
          `We corrected your legal name on our records${from ? ` from "${from}"` : ""} to "${to}". The agreements you have not signed yet now name you so; those you signed keep the name you signed with.`,
          `If this is not your full legal name, reply to this e-mail or call us at ${site.phone}.`,
        ],
        action: { label: "Open your portal", url: `${appUrl}/client-portal` },
        transactionId,
      },
      now,
    );
    return row;
  });
}
