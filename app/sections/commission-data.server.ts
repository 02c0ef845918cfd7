/**
 * The Manage page's "Commission" data (issue 46, app/components/commission-section.tsx; admins): the figures in
 * words, what is missing, the payout once completed, and the terms as the form shows them.
 */
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { formatMoney } from "~/lib/money";
import { formatPlainDate } from "~/lib/plain-date";
import { transactionCommission } from "~/models/commission.server";
import type { CommissionData } from "~/components/commission-section";

export function commissionData(db: Db, admin: User, transactionId: number): CommissionData {
  const { transaction: t, figures, payout } = transactionCommission(db, admin, transactionId);
  const terms = {
    referralBroker: t.referralBroker ?? "",
    referralLicense: t.referralLicense ?? "",
    referralPercent: t.referralBp === null ? "" : String(t.referralBp / 100),
    escrowEmail: t.escrowEmail ?? "",
  };
  const paid = payout
    ? `Paid on completion (${formatPlainDate(payout.closedOn)}): ${formatMoney(payout.agentCents)} to the agent, ${formatMoney(payout.brokerageCents + payout.feeCents)} to the brokerage.`
    : null;
  return figures.ready
    ? { ready: true, lines: figures.lines, terms, payout: paid }
    : { ready: false, missing: figures.missing, terms, payout: paid };
}
