/** Transactions whose client wrote messages this staff member has not seen, the most recent first. */
import { Link } from "@remix-run/react";
import { formatDateTime } from "~/lib/format";
import { panel } from "./panel";
import { tabPath } from "~/lib/workspace-tabs";

export type UnreadView = {
  total: number;
  threads: Array<{
    transactionId: number;
    propertyAddress: string | null;
    client: string;
    count: number;
    lastAt: string;
  }>;
};

export function UnreadMessages({ unread }: { unread: UnreadView }) {
  return (
    <section className={`${panel} mt-6`} aria-labelledby="unread-title" data-testid="unread-messages">
      <h2 id="unread-title" className="text-lg font-semibold">
        Unread client messages: {unread.total}
      </h2>
      {unread.threads.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">You have read every client message.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {unread.threads.map((t) => (
            <li key={t.transactionId} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <Link
                to={`${tabPath(t.transactionId, "messages")}#messages`}
                className="font-semibold text-brand-700 underline"
              >
                {t.propertyAddress ?? "Transaction"} · {t.client}
              </Link>
              <span className="text-slate-600">
                {t.count} unread · {formatDateTime(t.lastAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
