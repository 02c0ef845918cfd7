/**
 * The public estimate pages (/net-sheet, /cash-to-close): a GET form whose inputs are the page's address
 * (the server computes the estimate: no JavaScript needed), recalculated as one types with JavaScript (the
 * same schema and rules, app/lib/estimate.ts; the address follows, to bookmark or share), the result, and
 * "Send me this estimate".
 */
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { card } from "~/components/card";
import { EstimateFields, type FieldErrors } from "~/components/estimate-fields";
import { EstimateResult } from "~/components/estimate-result";
import { buttonPrimary, SubmitButton } from "~/components/submit-button";
import { useHydrated } from "~/hooks/use-hydrated";
import { estimate, type AgencyCosts, type Estimate } from "~/lib/estimate";
import type { Party } from "~/domain/enums";
import { estimateInputsSchema } from "~/lib/estimate-schema";
import { HONEYPOT_FIELD } from "~/lib/contact-honeypot";
import { formatMoney } from "~/lib/money";
import { describedBy, FieldShell, inputClass } from "~/components/field-shell";

export type EstimatePageData = {
  side: Party;
  values: Record<string, unknown>;
  errors: FieldErrors;
  estimate: Estimate | null;
  costs: AgencyCosts;
  today: string;
  query: string;
  sent: boolean;
};

const TEXT = {
  seller: {
    title: "What you'd walk away with",
    lead: "A seller's net sheet for San Diego County: every cost of your sale, who pays it and how it is worked out, from the county's transfer tax, a filed title rate schedule and your property tax.",
    other: { href: "/cash-to-close", label: "Buying? See your cash to close" },
  },
  buyer: {
    title: "Your cash to close",
    lead: "What a San Diego County purchase asks of you at closing: the down payment, the lender's fees, title, escrow, prepaid interest and property tax, less what the seller pays.",
    other: { href: "/net-sheet", label: "Selling? See what you'd walk away with" },
  },
} as const;

/** The form's values as the address carries them: only what was filled in. */
function queryOfForm(form: HTMLFormElement) {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form))
    if (typeof value === "string" && value.trim()) params.set(name, value);
  return params;
}

export function EstimatePage({ data }: { data: EstimatePageData }) {
  const text = TEXT[data.side];
  const hydrated = useHydrated();
  const [live, setLive] = useState<{ estimate: Estimate | null; errors: FieldErrors; query: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const shown = live ?? { estimate: data.estimate, errors: data.errors, query: data.query };

  // A new answer from the server (a submitted GET form, a link) replaces what was computed here.
  useEffect(() => setLive(null), [data]);

  const recalculate = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const params = queryOfForm(form);
      const query = params.toString();
      params.set("side", data.side);
      const submission = parseWithZod(params, { schema: estimateInputsSchema(data.today), disableAutoCoercion: true });
      setLive(
        submission.status === "success"
          ? { estimate: estimate(submission.value, data.costs), errors: {}, query }
          : { estimate: null, errors: query ? (submission.reply().error ?? {}) : {}, query },
      );
      // The address follows the form, to bookmark or share (React Router's own state is kept).
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
    }, 150);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-900">{text.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{text.lead}</p>
      <p className="mt-1 text-sm">
        <Link to={text.other.href} className="font-medium text-brand-700 underline">
          {text.other.label}
        </Link>
      </p>
      {shown.estimate ? <PhoneSummary estimate={shown.estimate} /> : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <section aria-labelledby="estimate-inputs-title" className={`${card} p-5`}>
          <h2 id="estimate-inputs-title" className="text-lg font-semibold">
            Your figures
          </h2>
          <Form method="get" className="mt-3" onInput={recalculate} preventScrollReset>
            <EstimateFields side={data.side} values={data.values} errors={shown.errors} idPrefix="estimate" />
            {hydrated ? null : (
              <button type="submit" className={`mt-3 ${buttonPrimary}`}>
                Calculate
              </button>
            )}
          </Form>
        </section>
        <section id="estimate" aria-live="polite" className={`${card} scroll-mt-20 p-5`}>
          {shown.estimate ? (
            <EstimateResult estimate={shown.estimate} />
          ) : (
            <p className="text-slate-700" data-testid="estimate-empty">
              {Object.keys(shown.errors).length
                ? "Check the figures marked in red."
                : "Enter a price to see every line of the estimate."}
            </p>
          )}
        </section>
      </div>
      {shown.estimate ? <SendEstimate query={shown.query} sent={data.sent} /> : null}
    </div>
  );
}

/**
 * On a phone the result comes after the inputs: its figure stays at the top, with a link down to every line
 * (on a wide screen the result is beside the inputs).
 */
function PhoneSummary({ estimate: e }: { estimate: Estimate }) {
  const figure =
    e.side === "seller"
      ? `You walk away with about ${formatMoney(e.totals.net)}`
      : `You bring about ${formatMoney(e.totals.cashToClose)} to closing`;
  const incomplete = (e.missing ?? []).length > 0;
  return (
    <p
      className="mt-4 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-lg border border-brand-100 bg-brand-50 p-3 lg:hidden"
      data-testid="estimate-summary"
    >
      <span className="font-semibold text-brand-900">
        {figure}
        {incomplete ? <span className="font-normal text-amber-900"> (incomplete)</span> : null}
      </span>
      <a href="#estimate" className="text-sm font-medium text-brand-700 underline">
        See every line
      </a>
    </p>
  );
}

type SendAnswer = {
  result: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
  limited?: string;
};

const CONTACT_FIELDS = [
  { name: "firstName", label: "First Name*", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name*", type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email*", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone*", type: "tel", autoComplete: "tel" },
] as const;

/** "Send me this estimate": a lead with the estimate, and the estimate in the visitor's inbox. */
function SendEstimate({ query, sent }: { query: string; sent: boolean }) {
  const answer = useActionData<SendAnswer>();
  const errors = answer?.result.error ?? {};
  const initial = (answer?.result.initialValue ?? {}) as Record<string, string | undefined>;
  return (
    <section id="send" aria-labelledby="send-title" className={`mt-6 ${card} scroll-mt-20 p-5`}>
      <h2 id="send-title" className="text-lg font-semibold">
        Send me this estimate
      </h2>
      {sent ? (
        <div role="status" data-testid="estimate-sent" className="mt-2 text-slate-700">
          <p className="font-semibold text-brand-900">Sent! It is on its way to your inbox.</p>
          <p>
            An agent will call you within one business day to go through it with you. This page&apos;s address keeps
            your figures.
          </p>
        </div>
      ) : (
        <Form method="post" className="mt-3 grid gap-2 sm:grid-cols-2" preventScrollReset>
          <p className="text-sm text-slate-700 sm:col-span-2">
            We e-mail you this estimate with its link, and an agent calls you to go through it. No obligation.
          </p>
          {answer?.limited ? (
            <p role="alert" className="text-sm text-red-800 sm:col-span-2">
              {answer.limited}
            </p>
          ) : null}
          <input type="hidden" name="estimate" value={query} />
          {CONTACT_FIELDS.map((f) => {
            const error = errors[f.name]?.[0];
            return (
              <FieldShell key={f.name} id={`send-${f.name}`} label={f.label} error={error}>
                <input
                  id={`send-${f.name}`}
                  name={f.name}
                  type={f.type}
                  autoComplete={f.autoComplete}
                  required
                  defaultValue={initial[f.name]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(`send-${f.name}`, undefined, error)}
                  className={inputClass}
                />
              </FieldShell>
            );
          })}
          <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
            <label htmlFor="send-website">Leave this field empty</label>
            <input id="send-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <div className="sm:col-span-2">
            <SubmitButton pendingLabel="Sending...">Send me this estimate</SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}
