/**
 * /showings/{token}: a listing's showing page (docs/showings.md), the address the brokerage puts in
 * the MLS showing instructions. A buyer's agent without an account reads the seller's showing hours, notice
 * and free times, and asks for one to three times; each is checked against the rules (a field error naming
 * the rule), rate-limited like the contact form. The access instructions are never on this page. An unknown
 * or reset token, or a listing no longer active: 404. Cached for anonymous visitors like the public pages
 * (server/page-cache.ts), and kept out of search engines (robots.txt, noindex).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { card } from "~/components/card";
import { describedBy, FieldShell, inputClass } from "~/components/field-shell";
import { TextField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { readForm } from "~/infra/http.server";
import { plainPageResponse } from "~/infra/plain-page.server";
import { clientIpOf, consumeRateLimit, contactLimitMessage, retryAfterHeaders } from "~/infra/rate-limit.server";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { formatSlot } from "~/lib/format";
import { hoursText, showingRequestFormSchema, WEEKDAYS } from "~/lib/showing-schema";
import { PAGE_SCOPE_HEADER, pageHeaders } from "~/lib/route-access";
import { privatePageMeta } from "~/lib/seo";
import { requestShowing, showingPage } from "~/models/showing.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privatePageMeta(data ? `Request a showing: ${data.page.address}` : "Request a showing");

const notFound = () =>
  plainPageResponse(
    "Showing page not found",
    <>
      <h1>This showing page is not available</h1>
      <p>The listing may no longer be active, or its address changed. Ask the listing agent for the current one.</p>
    </>,
    404,
  );

function pageOf(token: string) {
  try {
    return showingPage(getDb(), token);
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound();
    throw error;
  }
}

export async function loader({ params }: LoaderFunctionArgs) {
  const { scope, ...page } = pageOf(params.token ?? "");
  return data(
    {
      page: { ...page, freeSlots: page.freeSlots.map((s) => s.toISOString()) },
      phone: env().site.phone,
    },
    // The page cache keeps it until this listing's showings change (server/page-cache.ts).
    { headers: { [PAGE_SCOPE_HEADER]: scope } },
  );
}

export const headers: HeadersFunction = pageHeaders;

type ActionData = { result: SubmissionResult<string[]>; limited?: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  pageOf(token);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: showingRequestFormSchema });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
  const limit = await consumeRateLimit("contact", clientIpOf(context));
  if (!limit.ok) {
    return data<ActionData>(
      { result: submission.reply(), limited: contactLimitMessage(limit, env().site.phone) },
      { status: 429, headers: retryAfterHeaders(limit) },
    );
  }
  // The model counts the filled-in times; the form's fields are the three inputs, some left empty.
  const filled = [0, 1, 2].filter((i) => String(formData.get(`slots[${i}].start`) ?? "").trim() !== "");
  try {
    const showing = requestShowing(getDb(), token, submission.value);
    // To the agent's own page: what they sent, where it stands and what happens next (and we e-mailed its link).
    return redirectWithToast(
      `/showings/agent/${showing.agentToken}`,
      showing.status === "approved"
        ? {
            title: "Showing confirmed",
            description: `${formatSlot(showing.start)}: we e-mailed you the confirmation and how to get in.`,
          }
        : { title: "Request sent", description: "The seller answers by e-mail, usually within a few hours." },
    );
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    const fieldErrors = Object.fromEntries(
      Object.entries(error.fieldErrors ?? {}).map(([key, messages]) => {
        const slot = /^slots\.(\d+)\.start$/.exec(key);
        return [slot ? `slots[${filled[+slot[1]!] ?? 0}].start` : key, messages];
      }),
    );
    return data<ActionData>({ result: submission.reply({ fieldErrors }) }, { status: 400 });
  }
}

const constraint = getZodConstraint(showingRequestFormSchema);

export default function ShowingPage() {
  const { page } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "showing-request",
    lastResult: answer?.result,
    constraint,
    defaultValue: { people: "1" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: showingRequestFormSchema }),
  });
  // The free times by day, as each choice's options (a select works without JavaScript).
  const days = new Map<string, Array<{ value: string; label: string }>>();
  for (const slot of page.freeSlots) {
    const [weekday, date, time] = formatSlot(slot).split(", ");
    const day = `${weekday}, ${date}`;
    days.set(day, [...(days.get(day) ?? []), { value: slot, label: time ?? "" }]);
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Showing request</p>
      <h1 className="mt-1 text-3xl font-bold text-brand-900" data-testid="showing-address">
        {page.address}
      </h1>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section className={`${card} p-5`} aria-labelledby="hours-title">
          <h2 id="hours-title" className="font-semibold">
            Showing hours (San Diego time)
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {WEEKDAYS.map((day, i) => (
              <div key={day} className="contents">
                <dt className="text-slate-600">{day}</dt>
                <dd>{hoursText(page.rules.hours[i] ?? [])}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm">
            Ask at least <strong>{page.rules.noticeHours} hours</strong> ahead; each showing lasts{" "}
            {page.rules.slotMinutes} minutes.
          </p>
        </section>
        <section className={`${card} p-5`} aria-labelledby="free-title">
          <h2 id="free-title" className="font-semibold">
            Free times, next 14 days
          </h2>
          <p className="mt-2 text-sm" data-testid="free-slots">
            {page.freeSlots.length
              ? `${page.freeSlots.length} free times over ${days.size} days: choose up to three in the form below.`
              : "No free times in the next 14 days. Call the listing agent for a later date."}
          </p>
        </section>
      </div>
      <Form method="post" {...getFormProps(form)} className={`mt-6 grid gap-4 ${card} p-6 sm:grid-cols-2`}>
        <h2 className="text-xl font-semibold sm:col-span-2">Request a showing</h2>
        {answer?.limited ? (
          <p role="alert" className="text-red-700 sm:col-span-2">
            {answer.limited}
          </p>
        ) : null}
        <TextField field={fields.agentName} label="Your name" autoComplete="name" />
        <TextField field={fields.brokerage} label="Brokerage" autoComplete="organization" />
        <TextField
          field={fields.licenseNumber}
          label="DRE license number"
          inputMode="numeric"
          hint="8 digits"
          maxLength={8}
        />
        <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" />
        <TextField field={fields.email} label="E-mail" type="email" autoComplete="email" />
        <TextField field={fields.people} label="People coming" type="number" min={1} max={10} />
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">Preferred times, San Diego time (one to three)</legend>
          {[0, 1, 2].map((i) => {
            const name = `slots[${i}].start`;
            const id = `${form.id}-slot-${i}`;
            const error = form.allErrors[name]?.[0];
            const initial = (answer?.result.initialValue as { slots?: Array<{ start?: string }> } | undefined)?.slots;
            return (
              <FieldShell key={i} id={id} label={`Choice ${i + 1}`} error={error}>
                <select
                  id={id}
                  name={name}
                  required={i === 0}
                  defaultValue={initial?.[i]?.start ?? ""}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(id, undefined, error)}
                  className={inputClass}
                >
                  <option value="">{i === 0 ? "Choose a time" : "None"}</option>
                  {[...days].map(([day, slots]) => (
                    <optgroup key={day} label={day}>
                      {slots.map((s) => (
                        <option key={s.value} value={s.value}>
                          {day}, {s.label}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              </FieldShell>
            );
          })}
        </fieldset>
        {fields.slots.errors?.[0] ? (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {fields.slots.errors[0]}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <SubmitButton pendingLabel="Sending...">Request showing</SubmitButton>
          <p className="mt-2 text-sm text-slate-600">
            You get the seller&apos;s answer by e-mail; once approved, with how to get in and a calendar invitation.
          </p>
        </div>
      </Form>
    </div>
  );
}
