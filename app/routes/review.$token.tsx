/**
 * /review/{token}: the e-mailed, single-use link of a review request (60 days). An unknown, altered,
 * used or expired link answers 404; the review is published at once and the visitor lands on /reviews.
 * Private (no-store) and kept out of robots.txt (app/lib/route-access.ts).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { card } from "~/components/card";
import { ReviewForm } from "~/components/review-form";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { readForm } from "~/infra/http.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { plainPageResponse } from "~/infra/plain-page.server";
import { enforceRateLimit } from "~/infra/rate-limit.server";
import { NotFoundError } from "~/lib/errors";
import { defaultDisplayName, reviewFormSchema } from "~/lib/proof-schema";
import { privatePageMeta } from "~/lib/seo";
import { listPublicAgents } from "~/models/agent-profile.server";
import { defaultAgentSlug, requestByToken, submitReview } from "~/models/review.server";

export const meta: MetaFunction = () => privatePageMeta("Write your review");

const notFound = () =>
  plainPageResponse(
    "Review link not found",
    <>
      <h1>This review link is not available</h1>
      <p>
        It may have been used already, expired after 60 days, or been cut short. If you have an account, you can write
        or change your review in your portal.
      </p>
    </>,
    404,
  );

function requestOf(token: string) {
  try {
    return requestByToken(getDb(), token);
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound();
    throw error;
  }
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  await enforceRateLimit("token", context);
  const request = requestOf(params.token ?? "");
  const db = getDb();
  return {
    firstName: request.name.split(/\s+/)[0] ?? "",
    agents: listPublicAgents(db).map((a) => ({ slug: a.slug, name: a.name })),
    defaults: { agentSlug: defaultAgentSlug(db, request.transactionId), displayName: defaultDisplayName(request.name) },
  };
}

type ActionData = { result: SubmissionResult<string[]>; refusal?: Refusal };

export async function action({ request, params, context }: ActionFunctionArgs) {
  await enforceRateLimit("token", context);
  const reviewRequest = requestOf(params.token ?? "");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: reviewFormSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  try {
    submitReview(getDb(), null, reviewRequest, submission.value);
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound();
    return refuse(error, { data: { result: submission.reply() } });
  }
  return redirectWithToast("/reviews", {
    title: "Thank you!",
    description: "Your review is published.",
  });
}

export default function WriteReview() {
  const { firstName, agents, defaults } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionData>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">How did we do{firstName ? `, ${firstName}` : ""}?</h1>
      <p className="mt-2 text-slate-600">
        Your honest review helps the next family choose. It is published on our site as you write it.
      </p>
      {answer?.refusal?.toast ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">
          {answer.refusal.toast.description ?? answer.refusal.toast.title}
        </p>
      ) : null}
      <div className={`mt-8 ${card} p-6`}>
        <ReviewForm id="review" agents={agents} defaults={defaults} lastResult={answer?.result} />
      </div>
    </div>
  );
}
