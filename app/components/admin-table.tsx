/** The admin lists' table: a scrolling frame, the column headers, and the rows given as children. */
import type { ReactNode } from "react";
import { card } from "~/components/card";

export function AdminTable({
  columns,
  children,
  framed = true,
  className = "mt-6",
}: {
  columns: readonly string[];
  children: ReactNode;
  /** A bordered white card around the table (false when it already sits in one). */
  framed?: boolean;
  className?: string;
}) {
  return (
    <div className={`${className} overflow-x-auto ${framed ? card : ""}`}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600">
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
