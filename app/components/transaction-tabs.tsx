/**
 * The tabs of a transaction's staff pages: the Manage page, its File (the broker's checklist review,
 * /admin/transactions/{id}/file) and its History (who did what, /admin/transactions/{id}/history). Plain links,
 * the current one marked (aria-current).
 */
import { Link } from "@remix-run/react";

const TABS = [
  ["", "Transaction"],
  ["/file", "File"],
  ["/history", "History"],
] as const;

export function TransactionTabs({ id, current }: { id: number; current: (typeof TABS)[number][1] }) {
  return (
    <nav aria-label="Transaction" className="mt-4 flex gap-1 border-b border-slate-200 text-sm">
      {TABS.map(([path, label]) => (
        <Link
          key={label}
          to={`/admin/transactions/${id}${path}`}
          aria-current={current === label ? "page" : undefined}
          className={`-mb-px inline-flex min-h-[44px] items-center border-b-2 px-3 font-semibold ${
            current === label
              ? "border-brand-600 text-brand-900"
              : "border-transparent text-slate-600 hover:text-brand-700"
          }`}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
