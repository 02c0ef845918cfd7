import { LEAD_STATUS_LABELS } from "~/lib/admin-schemas";
import type { LeadStatus } from "~/domain/enums";

const statusClass: Record<LeadStatus, string> = {
  new: "bg-blue-100 text-blue-800",
  nurturing: "bg-green-100 text-green-800",
  paused: "bg-yellow-100 text-yellow-800",
  unsubscribed: "bg-slate-200 text-slate-700",
  converted: "bg-purple-100 text-purple-800",
  completed: "bg-slate-100 text-slate-700",
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass[status]}`} data-testid="lead-status">
      {LEAD_STATUS_LABELS[status]}
    </span>
  );
}
