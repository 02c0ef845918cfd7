/**
 * /admin/client-reviews: every client review, hidden ones too, newest first (an agent sees those about
 * them). Staff never change a review's words; an admin hides one only for a reason of the content policy
 * (/reviews/policy: audited, its writer e-mailed) or shows it again; staff reply once, publicly.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { card } from "~/components/card";
import { inputClass } from "~/components/field-shell";
import { Stars } from "~/components/proof";
import { buttonSmall, SubmitButton } from "~/components/submit-button";
import { REVIEW_HIDE_REASONS } from "~/domain/enums";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { requireStaff } from "~/infra/guards.server";
import { readForm } from "~/infra/http.server";
import { refuse, unknownIntent } from "~/infra/page-action.server";
import { formatDateTime } from "~/lib/format";
import { idField } from "~/lib/form-values";
import { InvalidInputError } from "~/lib/errors";
import { HIDE_REASON_LABELS, hideReviewSchema, REPLY_TEXT_MAX, replyReviewSchema } from "~/lib/proof-schema";
import { privatePageMeta } from "~/lib/seo";
import { hideReview, listReviewsForStaff, replyToReview, unhideReview } from "~/models/review.server";

export const meta: MetaFunction = () => privatePageMeta("Client reviews");

const BACK = "/admin/client-reviews";

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request);
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
  const reviews = listReviewsForStaff(getDb(), actor, page).map((r) => ({
    id: r.id,
    rating: r.rating,
    text: r.text,
    name: r.displayName,
    agent: r.agent,
    createdAt: formatDateTime(r.createdAt),
    hiddenReason: r.hiddenReason,
    hiddenAt: r.hiddenAt ? formatDateTime(r.hiddenAt) : null,
    reply: r.reply,
  }));
  return { reviews, admin: actor.isAdmin, page };
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  const id = idField.safeParse(formData.get("reviewId"));
  const db = getDb();
  try {
    if (!id.success) throw new InvalidInputError("Invalid id");
    switch (formData.get("intent")) {
      case "hide": {
        const parsed = hideReviewSchema.safeParse({ reason: formData.get("reason") });
        if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]!.message);
        hideReview(db, actor, id.data, parsed.data.reason);
        return redirectWithToast(BACK, { description: "The review is hidden; its writer is told why." });
      }
      case "unhide":
        unhideReview(db, actor, id.data);
        return redirectWithToast(BACK, { description: "The review is shown again." });
      case "reply": {
        const parsed = replyReviewSchema.safeParse({ text: formData.get("text") });
        if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]!.message);
        replyToReview(db, actor, id.data, parsed.data.text);
        return redirectWithToast(BACK, { description: "Your reply is published." });
      }
      default:
        return unknownIntent();
    }
  } catch (error) {
    return refuse(error, { back: BACK });
  }
}

export default function ClientReviews() {
  const { reviews, admin } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-3xl font-bold text-brand-900">Client reviews</h1>
      <p className="mt-2 text-slate-700">
        Reviews are the clients&apos; words: nobody here can change them. A review may be hidden only for a reason of
        our <Link to="/reviews/policy">content policy</Link>, never because it is negative.
      </p>
      {reviews.length === 0 ? (
        <p className={`mt-6 ${card} p-6 text-slate-600`}>No reviews yet.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {reviews.map((r) => (
            <li key={r.id} className={`${card} p-5`} data-testid="staff-review">
              <p>
                <Stars rating={r.rating} /> <span className="text-sm text-slate-600">{r.createdAt}</span>
              </p>
              <p className="mt-2 whitespace-pre-line">{r.text}</p>
              <p className="mt-2 text-sm text-slate-600">
                {r.name}
                {r.agent ? ` · about ${r.agent.name}` : ""}
              </p>
              <p className="mt-2 text-sm font-semibold">
                {r.hiddenReason
                  ? `Hidden (${HIDE_REASON_LABELS[r.hiddenReason]}) on ${r.hiddenAt}`
                  : "Shown on the site"}
              </p>
              {r.reply ? <p className="mt-2 rounded-md bg-slate-50 p-3 text-sm">Our reply: {r.reply}</p> : null}
              <div className="mt-3 flex flex-wrap items-end gap-3">
                {admin && !r.hiddenReason ? (
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="reviewId" value={r.id} />
                    <div>
                      <label htmlFor={`reason-${r.id}`} className="block text-sm font-semibold">
                        Reason (content policy)
                      </label>
                      <select id={`reason-${r.id}`} name="reason" required className={inputClass} defaultValue="">
                        <option value="" disabled>
                          Choose a reason
                        </option>
                        {REVIEW_HIDE_REASONS.map((reason) => (
                          <option key={reason} value={reason}>
                            {HIDE_REASON_LABELS[reason]}
                          </option>
                        ))}
                      </select>
                    </div>
                    <SubmitButton intent="hide" pendingLabel="Hiding..." className={buttonSmall}>
                      Hide
                    </SubmitButton>
                  </Form>
                ) : null}
                {admin && r.hiddenReason ? (
                  <Form method="post">
                    <input type="hidden" name="reviewId" value={r.id} />
                    <SubmitButton intent="unhide" pendingLabel="Showing..." className={buttonSmall}>
                      Show again
                    </SubmitButton>
                  </Form>
                ) : null}
              </div>
              {!r.reply ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="reviewId" value={r.id} />
                  <label htmlFor={`reply-${r.id}`} className="block text-sm font-semibold">
                    Public reply (once)
                  </label>
                  <textarea
                    id={`reply-${r.id}`}
                    name="text"
                    rows={2}
                    required
                    maxLength={REPLY_TEXT_MAX}
                    className={inputClass}
                  />
                  <SubmitButton intent="reply" pendingLabel="Publishing..." className={`mt-2 ${buttonSmall}`}>
                    Publish reply
                  </SubmitButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
