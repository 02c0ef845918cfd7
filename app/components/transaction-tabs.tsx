/**
 * The tab bar of a transaction's workspace (docs/workspace.md): the overview and one tab per part of the deal, each
 * its own page under /admin/transactions/{id}. Plain links (they work without JavaScript), the open one marked
 * with `aria-current`; on a phone the bar scrolls sideways inside itself, never the page.
 */
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { TABS, tabLabel, tabPath, type TabKey } from "~/lib/workspace-tabs";

export function TransactionTabs({ id, current, selling }: { id: number; current: TabKey; selling: boolean }) {
  const bar = useRef<HTMLUListElement>(null);
  // On a phone the open tab may sit past the bar's right edge: brought into view, the page itself left where it is.
  useEffect(() => {
    const open = bar.current?.querySelector<HTMLElement>("[aria-current=page]");
    if (bar.current && open) bar.current.scrollLeft = open.offsetLeft - bar.current.offsetLeft - 16;
  }, [current]);
  return (
    <nav aria-label="Transaction" className="mt-4 border-b border-slate-200" data-testid="workspace-tabs">
      <ul ref={bar} className="-mb-px flex gap-1 overflow-x-auto whitespace-nowrap text-sm [scrollbar-width:thin]">
        {TABS.filter((tab) => selling || !("saleOnly" in tab)).map((tab) => (
          <li key={tab.key} className="shrink-0">
            <Link
              to={tabPath(id, tab.key)}
              aria-current={current === tab.key ? "page" : undefined}
              className={`inline-flex min-h-[44px] items-center border-b-2 px-2 font-semibold ${
                current === tab.key
                  ? "border-brand-600 text-brand-900"
                  : "border-transparent text-slate-600 hover:text-brand-700"
              }`}
            >
              {tabLabel(tab, selling)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
