/**
 * /admin/reviews (docs/file-review.md, docs/listings.md; admins): the broker's review queue: the fair-housing
 * exceptions waiting for the broker (a listing's description or a bio saved with a reason by someone else: approve, or
 * return with a comment), then every checklist item waiting for review (marked ready, or changed since approved),
 * oldest first, 50 a page (each after the last of the one before), with how many days it has waited (flagged past 7)
 * and its file's state. An agent 403, like every admin-only page.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { card } from "~/components/card";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { ITEM_STATE_WORDS, REVIEW_FLAG_DAYS } from "~/lib/checklist-schema";
import { countOf } from "~/lib/plural";
import { privatePageMeta } from "~/lib/seo";
import { parseQueueCursor, reviewQueue, waitingCount } from "~/models/file-review-queue.server";
import { decideException, waitingExceptions } from "~/models/fair-housing-review.server";
import { dutyRefusalOf } from "~/models/broker-duties.server";
import { ApproveOrReturn } from "~/components/approve-or-return";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { readForm } from "~/infra/http.server";
import { refuse } from "~/infra/page-action.server";
import { fairHousingDecisionSchema } from "~/lib/checklist-schema";
import { InvalidInputError } from "~/lib/errors";
import { formatDateTime } from "~/lib/format";
import { tabPath } from "~/lib/workspace-tabs";

export const meta: MetaFunction = () => privatePageMeta("File reviews");

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const after = parseQueueCursor(new URL(request.url).searchParams.get("after"));
  const db = getDb();
  return {
    ...reviewQueue(db, admin, after),
    first: after === null,
    total: waitingCount(db),
    exceptions: waitingExceptions(db, admin).map((e) => ({ ...e, requestedAt: formatDateTime(e.requestedAt) })),
    decideRefusal: dutyRefusalOf(db, admin, "approveFiles", new Date()),
  };
}

/** Approve or return a fair-housing exception (the broker, or a licensee they named to approve files). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  try {
    const parsed = fairHousingDecisionSchema.safeParse({
      id: formData.get("id"),
      decision: formData.get("intent"),
      comment: formData.get("comment") ?? undefined,
    });
    if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]!.message);
    const { id, ...decision } = parsed.data;
    decideException(getDb(), admin, id, decision);
    return redirectWithToast("/admin/reviews#fair-housing", {
      description:
        decision.decision === "approve"
          ? "Approved: the new text is shown."
          : "Returned with your comment; the earlier text stays.",
    });
  } catch (error) {
    return refuse(error, { back: "/admin/reviews#fair-housing" });
  }
}

/** The fair-housing exceptions waiting for the broker, each with its text, its reason and the two decisions. */
function FairHousingExceptions() {
  const { exceptions, decideRefusal } = useLoaderData<typeof loader>();
  if (exceptions.length === 0) return null;
  return (
    <section id="fair-housing" aria-labelledby="fair-housing-title" className="mt-6 scroll-mt-24">
      <h2 id="fair-housing-title" className="text-xl font-semibold text-brand-900">
        Fair-housing exceptions
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A text with flagged words, saved with a reason: the earlier text stays public until you approve it.
        {decideRefusal ? ` ${decideRefusal}.` : ""}
      </p>
      <ul className="mt-3 space-y-3">
        {exceptions.map((e) => (
          <li key={e.id} className={`${card} p-4`} data-testid="fair-housing-exception">
            <p className="font-semibold">
              {e.href ? <Link to={e.href}>{e.about}</Link> : e.about}
              <span className="font-normal text-slate-700">
                {" "}
                · {e.subjectType === "listing" ? "listing description" : "agent's bio"} by {e.by}, {e.requestedAt}
              </span>
            </p>
            <blockquote className="mt-2 whitespace-pre-line border-l-4 border-slate-200 pl-3 text-sm">
              {e.text}
            </blockquote>
            <p className="mt-2 text-sm">
              Flagged: {e.phrases.map((p) => `"${p}"`).join(", ")}. Their reason: {e.reason}
            </p>
            {decideRefusal ? null : (
              <ApproveOrReturn
                idName="id"
                id={e.id}
                commentId={`fh-comment-${e.id}`}
                commentLabel="What needs changing"
                commentMax={2000}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Reviews() {
  const { items, next, first, total } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold text-brand-900">File reviews</h1>
      <FairHousingExceptions />
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
                <Link to={`${tabPath(item.transactionId, "documents")}#item-${item.id}`} className="font-semibold">
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
