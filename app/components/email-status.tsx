import { EMAIL_STATUS_LABELS } from "~/lib/admin-schemas";
import type { EmailStatus } from "~/domain/enums";

const statusClass = {
  queued: "bg-yellow-100 text-yellow-800",
  sent: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
} as const;

/** An outbox message's status: Queued (yellow), Sent (green), Failed (red). */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass[status]}`}
      data-testid="email-status"
    >
      {EMAIL_STATUS_LABELS[status]}
    </span>
  );
}
