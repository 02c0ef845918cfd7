/**
 * /showings/agent/{token}: a buyer's agent's own page of their showing (docs/showings.md), from the
 * links of our e-mails, without an account: accept the time the seller proposed, cancel, and once the showing
 * is over, give feedback (interest 1–5, the price, comments), once. The token is the only key (192 bits); an
 * unknown one shows a 404 page with nothing of the showing. Never cached (a private section).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { card } from "~/components/card";
import { TextareaField } from "~/components/form-field";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { readForm } from "~/infra/http.server";
import { plainPageResponse } from "~/infra/plain-page.server";
import { enforceRateLimit } from "~/infra/rate-limit.server";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { formatSlot } from "~/lib/format";
import { mayMove } from "~/lib/showing-moves";
import { PRICE_OPINION_LABELS, showingFeedbackSchema } from "~/lib/showing-schema";
import { privatePageMeta } from "~/lib/seo";
import { agentShowing, agentShowingEvent, giveShowingFeedback } from "~/models/showing.server";
import { AGENCY_TIME_ZONE } from "~/lib/plain-date";

export const meta: MetaFunction = () => privatePageMeta("Your showing");

const notFound = () =>
  plainPageResponse(
    "Showing not found",
    <>
      <h1>This link is not valid</h1>
      <p>It is not complete, or the showing is no longer on file. Ask the listing agent.</p>
    </>,
    404,
  );

function guarded<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound();
    throw error;
  }
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  await enforceRateLimit("token", context);
  return guarded(() => agentShowing(getDb(), params.token ?? ""));
}

type ActionData = { result?: SubmissionResult<string[]>; error?: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  await enforceRateLimit("token", context);
  const token = params.token ?? "";
  const db = getDb();
  guarded(() => agentShowing(db, token));
  const back = `/showings/agent/${token}`;
  const formData = await readForm(request);
  const intent = formData.get("intent");
  try {
    if (intent === "accept" || intent === "cancel") {
      agentShowingEvent(db, token, intent === "accept" ? "approve" : "cancel");
      return redirectWithToast(
        back,
        intent === "accept"
          ? { title: "Showing confirmed", description: "We e-mailed you the confirmation and how to get in." }
          : { title: "Cancelled", description: "The seller is told." },
      );
    }
    if (intent !== "feedback") return data<ActionData>({ error: "Unknown action" }, { status: 400 });
    const submission = parseWithZod(formData, { schema: showingFeedbackSchema });
    if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
    giveShowingFeedback(db, token, submission.value);
    return redirectWithToast(back, { title: "Thank you", description: "The seller reads your feedback." });
  } catch (error) {
    if (error instanceof ConflictError || error instanceof InvalidInputError)
      return data<ActionData>({ error: error.message }, { status: error instanceof ConflictError ? 409 : 400 });
    throw error;
  }
}

const constraint = getZodConstraint(showingFeedbackSchema);

/** What happens next, by where the showing stands. */
const NEXT_TEXT = {
  requested:
    "The seller's side answers soon. We e-mail you when a time is approved (with how to get in and a calendar invitation), declined, or another time is proposed; this page shows it too.",
  approved: "You are expected at this time. An hour after it ends we ask for your buyer's feedback.",
  declined: "No showing at the times you asked for. You may ask for other times on the listing's showing page.",
  proposed: "Accept the time proposed, or withdraw the request.",
  cancelled: "Nothing more is needed.",
  done: "Thank you for showing the home.",
} as const;

const timeOnly = new Intl.DateTimeFormat("en-US", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: AGENCY_TIME_ZONE,
});
const formatTime = (iso: string) => timeOnly.format(new Date(iso));

const STATUS_TEXT = {
  requested: "Requested: the seller has not answered yet.",
  approved: "Confirmed.",
  declined: "Declined by the seller.",
  proposed: "The seller proposes this time instead of the ones you asked for.",
  cancelled: "Cancelled.",
  done: "It took place.",
} as const;

export default function AgentShowing() {
  const { address, showing, access, invitation } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "showing-feedback",
    lastResult: answer?.result,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: showingFeedbackSchema }),
  });
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Your showing</p>
      <h1 className="mt-1 text-3xl font-bold text-brand-900">{address}</h1>
      <section className={`mt-6 ${card} p-6`}>
        <p className="text-lg font-semibold" data-testid="showing-time">
          {formatSlot(showing.start)} to {formatTime(showing.end)} (San Diego time)
        </p>
        <p className="mt-1" data-testid="showing-status">
          {STATUS_TEXT[showing.status]}
        </p>
        <p className="mt-2 text-sm text-slate-700" data-testid="showing-next">
          {NEXT_TEXT[showing.status]}
        </p>
        {showing.status === "requested" ? (
          <p className="mt-2 text-sm text-slate-600">
            You asked for: {showing.slots.map((s) => formatSlot(s)).join("; ")}, for {showing.people}{" "}
            {showing.people === 1 ? "person" : "people"}.
          </p>
        ) : null}
        {access ? (
          <p className="mt-3 rounded-md bg-slate-50 p-3" data-testid="showing-access">
            <strong>Access:</strong> {access}
          </p>
        ) : null}
        {invitation ? (
          <p className="mt-3">
            <a className={buttonOutline} href={invitation} data-testid="showing-invitation">
              Add to your calendar (.ics)
            </a>
          </p>
        ) : null}
        {answer?.error ? (
          <p role="alert" className="mt-2 text-red-700">
            {answer.error}
          </p>
        ) : null}
        {showing.status !== "done" && mayMove("agent", "cancel", showing.status) ? (
          <Form method="post" className="mt-4 flex flex-wrap gap-3">
            {mayMove("agent", "approve", showing.status) ? (
              <SubmitButton intent="accept" pendingLabel="Accepting...">
                Accept this time
              </SubmitButton>
            ) : null}
            <SubmitButton intent="cancel" pendingLabel="Cancelling..." className={buttonOutline}>
              {showing.status === "approved" ? "Cancel the showing" : "Withdraw the request"}
            </SubmitButton>
          </Form>
        ) : null}
      </section>

      {showing.status === "done" ? (
        <section id="feedback" className={`mt-6 ${card} p-6`} aria-labelledby="feedback-title">
          <h2 id="feedback-title" className="text-xl font-semibold">
            Feedback for the seller
          </h2>
          {showing.feedback ? (
            <div data-testid="feedback-given">
              <p className="mt-2">Thank you: the seller has your feedback.</p>
              <p className="mt-1 text-sm text-slate-600">
                Interest {showing.feedback.interest}/5 · Price{" "}
                {PRICE_OPINION_LABELS[showing.feedback.price!].toLowerCase()}
                {showing.feedback.comments ? ` · “${showing.feedback.comments}”` : ""}
              </p>
            </div>
          ) : (
            <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
              <fieldset>
                <legend className="text-sm font-semibold">Your buyer&apos;s interest</legend>
                <div className="mt-2 flex flex-wrap gap-2">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <label key={n} className="flex min-h-11 items-center gap-2 rounded-md border px-3">
                      <input type="radio" name={fields.interest.name} value={n} required />
                      {n}
                    </label>
                  ))}
                </div>
                <p className="mt-1 text-xs text-slate-600">1: not interested · 5: very interested</p>
                {fields.interest.errors?.[0] ? (
                  <p className="text-sm text-red-700">{fields.interest.errors[0]}</p>
                ) : null}
              </fieldset>
              <fieldset>
                <legend className="text-sm font-semibold">The price</legend>
                <div className="mt-2 flex flex-wrap gap-2">
                  {Object.entries(PRICE_OPINION_LABELS).map(([value, label]) => (
                    <label key={value} className="flex min-h-11 items-center gap-2 rounded-md border px-3">
                      <input type="radio" name={fields.price.name} value={value} required />
                      {label}
                    </label>
                  ))}
                </div>
                {fields.price.errors?.[0] ? <p className="text-sm text-red-700">{fields.price.errors[0]}</p> : null}
              </fieldset>
              <TextareaField field={fields.comments} label="Comments" rows={4} />
              <div>
                <SubmitButton intent="feedback" pendingLabel="Sending...">
                  Send feedback
                </SubmitButton>
              </div>
            </Form>
          )}
        </section>
      ) : null}
    </div>
  );
}
