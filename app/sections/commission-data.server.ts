/**
 * The Money tab's "Commission" data (app/components/commission-section.tsx; admins): the figures in
 * words, what is missing, the payout once completed, and the terms as the form shows them.
 */
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { formatMoneyExact, percentOfBasisPoints } from "~/lib/money";
import { formatDayWords, formatPlainDate, todayIn } from "~/lib/plain-date";
import { dutyRefusalOf } from "~/models/broker-duties.server";
import { transactionCommission } from "~/models/commission.server";
import { compensationOf, compensationWords } from "~/models/compensation.server";
import { cdaState } from "~/models/cda.server";
import { documentUrl } from "~/models/document.server";
import type { CommissionData } from "~/components/commission-section";

export function commissionData(db: Db, admin: User, transactionId: number): CommissionData {
  const { transaction: t, figures, payout } = transactionCommission(db, admin, transactionId);
  const state = cdaState(db, admin, transactionId, figures);
  const terms = {
    referralBroker: t.referralBroker ?? "",
    referralLicense: t.referralLicense ?? "",
    referralPercent: t.referralBp === null ? "" : String(percentOfBasisPoints(t.referralBp)),
    escrowEmail: t.escrowEmail ?? "",
    escrowNumber: t.escrowNumber ?? "",
    sellerNames: t.sellerNames ?? "",
    buyerNames: t.buyerNames ?? "",
    sellersFound: state.parties.sellers.join(", "),
    buyersFound: state.parties.buyers.join(", "),
  };
  const paid = payout
    ? `Paid on completion (${formatPlainDate(payout.closedOn)}): ${formatMoneyExact(payout.agentCents)} to the agent, ${formatMoneyExact(payout.brokerageCents + payout.feeCents)} to the brokerage.`
    : null;
  const cda = {
    versions: state.versions.map((v) => ({
      version: v.version,
      status: v.status,
      words:
        `Version ${v.version}: approved by ${v.approvedByName} on ${formatDayWords(todayIn(v.approvedAt))}, sent to ${v.escrowEmail}` +
        (v.status === "superseded" ? ` (superseded${v.supersededReason ? `: ${v.supersededReason}` : ""})` : ""),
      url: v.documentId ? documentUrl(v.documentId) : null,
      escrowUrl: v.escrowDocumentId ? documentUrl(v.escrowDocumentId) : null,
    })),
    stale: state.stale,
    blockers: [...state.blockers, ...(t.escrowEmail ? [] : ["Enter the escrow officer's e-mail above"])],
    license: state.license,
    // The license alone may be passed with the broker's reason (the form asks for it).
    mayApprove:
      state.blockers.filter((b) => b !== state.license).length === 0 &&
      Boolean(t.escrowEmail) &&
      (state.current === null || state.stale),
    duty: dutyRefusalOf(db, admin, "approveCda", new Date()),
  };
  const compensation = compensationWords(compensationOf(db, t));
  return figures.ready
    ? { ready: true, lines: figures.lines, compensation, terms, payout: paid, cda }
    : { ready: false, missing: figures.missing, compensation, terms, payout: paid, cda };
}
