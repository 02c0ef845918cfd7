/**
 * The Manage page's "Commission" data (issue 46, app/components/commission-section.tsx; admins): the figures in
 * words, what is missing, the payout once completed, and the terms as the form shows them.
 */
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { formatMoney } from "~/lib/money";
import { formatPlainDate } from "~/lib/plain-date";
import { transactionCommission } from "~/models/commission.server";
import { cdaState } from "~/models/cda.server";
import { documentUrl } from "~/models/document.server";
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
  const state = cdaState(db, admin, transactionId, figures);
  const cda = {
    versions: state.versions.map((v) => ({
      version: v.version,
      status: v.status,
      words:
        `Version ${v.version}: approved by ${v.approvedByName} on ${formatPlainDate(v.approvedAt.toISOString().slice(0, 10))}, sent to ${v.escrowEmail}` +
        (v.status === "superseded" ? ` (superseded${v.supersededReason ? `: ${v.supersededReason}` : ""})` : ""),
      url: v.documentId ? documentUrl(v.documentId) : null,
    })),
    stale: state.stale,
    blockers: [...state.blockers, ...(t.escrowEmail ? [] : ["Enter the escrow officer's e-mail above"])],
    mayApprove: state.blockers.length === 0 && Boolean(t.escrowEmail) && (state.current === null || state.stale),
  };
  return figures.ready
    ? { ready: true, lines: figures.lines, terms, payout: paid, cda }
    : { ready: false, missing: figures.missing, terms, payout: paid, cda };
}
