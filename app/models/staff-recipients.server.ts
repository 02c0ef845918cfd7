/**
 * Who on the staff side is e-mailed about a transaction (a client's message, upload, offer request or
 * answer): its agent and collaborators (docs/decisions/030-team.md); a transaction without any is the
 * admins', reached at LEAD_ALERT_EMAILS as before there was a team.
 */
import { env } from "~/config/env.server";
import type { DbOrTx } from "~/db/client.server";
import type { Transaction } from "~/db/schema";
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
