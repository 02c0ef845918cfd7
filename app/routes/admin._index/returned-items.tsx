/**
 * An agent's file items the broker returned, to fix (with "Waiting for your signature", first on their
 * dashboard), each a link to the item on its file's File tab. Nothing when none is returned.
 */
import { Link } from "@remix-run/react";
import { panel } from "./panel";

export type ReturnedItem = { id: number; name: string; title: string; href: string };

export function ReturnedItems({ rows }: { rows: ReturnedItem[] }) {
  if (rows.length === 0) return null;
  return (
    <section className={`${panel} mt-6`} aria-labelledby="returned-title" data-testid="returned-items">
      <h2 id="returned-title" className="text-lg font-semibold">
        File items returned to you
      </h2>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {rows.map((r) => (
          <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <Link to={r.href} className="font-semibold text-brand-700 underline">
              {r.name}
            </Link>
            <span className="text-slate-600">{r.title}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
