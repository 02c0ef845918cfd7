/**
 * Who on the staff side is e-mailed about a transaction (a client's message, upload, offer request or
 * answer): its agent and collaborators (docs/decisions/030-team.md); a transaction without any is the
 * admins', reached at LEAD_ALERT_EMAILS as before there was a team.
 */
import { and, eq, isNull } from "drizzle-orm";
import { env } from "~/config/env.server";
import type { DbOrTx } from "~/db/client.server";
import { users, type Transaction } from "~/db/schema";
import { fullName } from "~/lib/format";
import { agentsOf } from "~/models/transaction.server";

export function staffRecipients(
  db: DbOrTx,
  transaction: Pick<Transaction, "id" | "assignedAgentId">,
): Array<{ address: string; name: string | null }> {
  const agents = agentsOf(db, transaction);
  if (agents.length) return agents.map((a) => ({ address: a.email, name: fullName(a) || null }));
  return env().mail.leadAlertEmails.map((address) => ({ address, name: null }));
}

/** Every active admin (the broker's seat, the backups' incidents); with none yet, LEAD_ALERT_EMAILS. */
export function adminRecipients(db: DbOrTx): Array<{ address: string; name: string | null }> {
  const admins = db
    .select()
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)))
    .all();
  if (admins.length) return admins.map((a) => ({ address: a.email, name: fullName(a) || null }));
  return env().mail.leadAlertEmails.map((address) => ({ address, name: null }));
}
