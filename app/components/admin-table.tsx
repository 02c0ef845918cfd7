/**
 * The admin lists' table: a scrolling frame, the column headers, and the rows given as children. With
 * `cardsOnPhone`, below the `sm` breakpoint each row is a card of label-value lines (each cell's
 * `data-label`), so nothing needs a sideways swipe and the row's action shows.
 */
import type { ReactNode } from "react";
import { card } from "~/components/card";

/** Below `sm`: the table, its body and rows are blocks; each cell a line with its column's name before it. */
const phoneCards = [
  "max-sm:block max-sm:[&_tbody]:grid max-sm:[&_tbody]:gap-3",
  "max-sm:[&_tr]:block max-sm:[&_tr]:rounded-lg max-sm:[&_tr]:border max-sm:[&_tr]:border-slate-200 max-sm:[&_tr]:p-3",
  "max-sm:[&_td]:flex max-sm:[&_td]:justify-between max-sm:[&_td]:gap-3 max-sm:[&_td]:px-0 max-sm:[&_td]:py-1",
  "max-sm:[&_td]:before:shrink-0 max-sm:[&_td]:before:font-semibold max-sm:[&_td]:before:text-slate-500",
  "max-sm:[&_td]:before:content-[attr(data-label)]",
].join(" ");

export function AdminTable({
  columns,
  children,
  framed = true,
  className = "mt-6",
  cardsOnPhone = false,
}: {
  columns: readonly string[];
  children: ReactNode;
  /** A bordered white card around the table (false when it already sits in one). */
  framed?: boolean;
  className?: string;
  cardsOnPhone?: boolean;
}) {
  return (
    <div className={`${className} overflow-x-auto ${framed ? card : ""}`}>
      <table className={`w-full text-left text-sm ${cardsOnPhone ? phoneCards : ""}`}>
        <thead className={`border-b border-slate-200 text-slate-600 ${cardsOnPhone ? "max-sm:sr-only" : ""}`}>
          <tr>
            {columns.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
