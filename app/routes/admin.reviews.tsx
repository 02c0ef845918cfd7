/**
 * /admin/reviews (issue 46, docs/file-review.md; admins): the broker's review queue: every checklist item waiting
 * for review (marked ready, or changed since approved), oldest first, 50 a page (each after the last of the one before), with how many days it has waited
 * (flagged past 7) and its file's state. An agent 403, like every admin-only page.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { card } from "~/components/card";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { ITEM_STATE_WORDS, REVIEW_FLAG_DAYS } from "~/lib/checklist-schema";
import { countOf } from "~/lib/plural";
import { privatePageMeta } from "~/lib/seo";
import { parseQueueCursor, reviewQueue, waitingCount } from "~/models/file-review.server";

export const meta: MetaFunction = () => privatePageMeta("File reviews");

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const after = parseQueueCursor(new URL(request.url).searchParams.get("after"));
  const db = getDb();
  return { ...reviewQueue(db, admin, after), first: after === null, total: waitingCount(db) };
}

export default function Reviews() {
  const { items, next, first, total } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold text-brand-900">File reviews</h1>
      <p className="mt-2 text-slate-700">
        {total === 0
          ? "Nothing waits for your review."
          : `${countOf(total, "item waits", "items wait")} for your review, oldest first. An item waiting more than ${REVIEW_FLAG_DAYS} days is flagged.`}{" "}
        <Link to="/admin/checklists">The checklists</Link>
      </p>
      {items.length > 0 ? (
        <ul className="mt-6 space-y-3">
          {items.map((item) => (
            <li
              key={item.id}
              className={`${card} flex flex-wrap items-baseline justify-between gap-3 p-4 ${item.flagged ? "border-red-300" : ""}`}
              data-testid="queue-item"
            >
              <div className="min-w-0">
                <Link to={`/admin/transactions/${item.transactionId}/file#item-${item.id}`} className="font-semibold">
                  {item.name}
                </Link>
                <p className="text-sm text-slate-700">
                  {item.home}
                  {item.agent ? ` · ${item.agent}` : ""} · File: {item.file}
                </p>
              </div>
              <p className="text-sm">
                {ITEM_STATE_WORDS[item.state]} ·{" "}
                <span className={item.flagged ? "font-semibold text-red-700" : "text-slate-700"}>
                  {item.days === 0 ? "since today" : `${countOf(item.days, "day")} waiting`}
                  {item.flagged ? " (over a week)" : ""}
                </span>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <nav aria-label="Pages" className="mt-6 flex gap-4">
        {first ? null : <Link to="/admin/reviews">The oldest first</Link>}
        {next ? <Link to={`?after=${next}`}>Next page</Link> : null}
      </nav>
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
