import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { enforceRateLimit } from "~/infra/rate-limit.server";
import { privatePageMeta } from "~/lib/seo";
import { engagementForUnsubscribe, isUnsubscribed, unsubscribe } from "~/models/unsubscribe.server";
import { card } from "~/components/card";

export const meta: MetaFunction = () => privatePageMeta("Unsubscribe");

const INVALID = { invalid: true as const };

/** GET /unsubscribe/TOKEN: one button; a tampered or unknown token gets a 400 page. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  await enforceRateLimit("token", context);
  const db = getDb();
  const engagement = engagementForUnsubscribe(db, params.token ?? "");
  if (!engagement?.email) return data(INVALID, { status: 400 });
  return { invalid: false as const, email: engagement.email, already: isUnsubscribed(db, engagement.email) };
}

/**
 * POST /unsubscribe/TOKEN: the page's button, or a mail provider's RFC 8058
 * one-click POST (no cookie, no Origin). Unsubscribes at once; repeating it is harmless.
 */
export async function action({ params, context }: ActionFunctionArgs) {
  await enforceRateLimit("token", context);
  const done = unsubscribe(getDb(), params.token ?? "", new Date());
  if (!done) return data(INVALID, { status: 400 });
  return data(
    { invalid: false as const, email: done.email, done: true as const },
    { status: 200, headers: { "cache-control": "no-store" } },
  );
}

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const state = answer ?? loaded;
  const panel = `mx-auto mt-16 max-w-lg ${card} p-8 text-center shadow-sm`;
  if (state.invalid) {
    return (
      <section className={panel} aria-labelledby="unsub-title">
        <h1 id="unsub-title" className="text-2xl font-bold">
          This unsubscribe link is not valid
        </h1>
        <p className="mt-3 text-slate-600">
          It may have been changed or cut short. Use the link in the latest e-mail we sent you, or reply to that e-mail
          and we will take you off our list.
        </p>
        <Link to="/" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Go Home
        </Link>
      </section>
    );
  }
  const done = "done" in state || ("already" in state && state.already);
  return (
    <section className={panel} aria-labelledby="unsub-title">
      {done ? (
        <>
          <h1 id="unsub-title" className="text-2xl font-bold">
            You are unsubscribed
          </h1>
          <p className="mt-3 text-slate-600" role="status">
            {state.email} will receive no more of our follow-up e-mails. Messages about a transaction you have with us
            still reach you.
          </p>
        </>
      ) : (
        <>
          <h1 id="unsub-title" className="text-2xl font-bold">
            Unsubscribe from our e-mails
          </h1>
          <p className="mt-3 text-slate-600">Stop the follow-up e-mails to {state.email}?</p>
          <Form method="post" className="mt-6">
            <SubmitButton pendingLabel="Unsubscribing...">Unsubscribe</SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
