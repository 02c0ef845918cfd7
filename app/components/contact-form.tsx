/**
 * The free-consultation form (docs/spec.md §2, §5, §8). A real POST form handled by
 * the landing action, which validates with Conform's parseWithZod and the zod
 * schema of `~/lib/contact-schema`: field errors under each field (none under
 * Message), post/redirect/get with a toast on success, to `/?sent=1#contact`, where a
 * confirmation (`ContactSent`: who answers, when, what happens next) stands in the form's
 * place, with or without JavaScript. A refused send puts the keyboard's focus on the first
 * field in error (without JavaScript by `autoFocus` on the page the server answers, which therefore has no
 * `#contact` in its address: a fragment's target would take the place of the autofocus).
 * Without JavaScript the schema's constraints (computed on the server) are native HTML
 * validation. With JavaScript: the same schema validates in the browser (loaded on the
 * first focus), 'Sending...' while busy, no reload.
 */
import { describedBy, FieldShell, inputClass } from "~/components/field-shell";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from "react";
import { useToast } from "~/components/toast-provider";
import type { FieldErrors } from "~/lib/contact-schema";
import { HONEYPOT_FIELD } from "~/lib/contact-honeypot";
import { useHydrated } from "~/hooks/use-hydrated";
import { usePendingSubmission } from "~/hooks/use-pending";
import { SubmitButton } from "~/components/submit-button";
import { useSite } from "~/hooks/use-site";
import { telHref } from "~/lib/format";

/** Where a sent message comes back to: the landing page, with the confirmation in the form's place. */
export const CONTACT_SENT_PATH = "/?sent=1";

/** `limited`: the rate limit's message (429); nothing was stored. */
export type ContactActionData = { result: SubmissionResult<string[]>; failed: boolean; limited?: string };
export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
};

export const CONTACT_FAILED = {
  title: "Error",
  description: "Failed to send message. Please try again.",
  variant: "destructive",
} as const;

const FIELDS = [
  { name: "firstName", label: "First Name*", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name*", type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email*", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone*", type: "tel", autoComplete: "tel" },
] as const;

type Validator = (formData: FormData) => FieldErrors;

export function ContactForm({
  constraint,
  action = "/?index",
}: {
  constraint: Record<string, FieldConstraint | undefined>;
  /** Where it posts: the landing page, or an agent's page (the lead goes to that agent). */
  action?: string;
}) {
  const actionData = useActionData<ContactActionData>();
  const hydrated = useHydrated();
  const toast = useToast();
  const pending = usePendingSubmission();
  const formRef = useRef<HTMLFormElement>(null);
  const validator = useRef<Validator | null>(null);
  const touched = useRef(new Set<string>());
  const [errors, setErrors] = useState<FieldErrors>(actionData?.result.error ?? {});

  // A new answer from the server replaces the errors shown, and the focus goes to the first field in error.
  useEffect(() => {
    if (!actionData) return;
    const serverErrors = actionData.result.error ?? {};
    setErrors(serverErrors);
    const first = FIELDS.find((f) => serverErrors[f.name]?.length);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus();
  }, [actionData]);

  // A send that failed on the server (500) also says so in a toast; a stored one leaves the page (the
  // confirmation replaces the form).
  const wasPending = useRef(false);
  useEffect(() => {
    if (pending) {
      wasPending.current = true;
      return;
    }
    if (!wasPending.current) return;
    wasPending.current = false;
    if (actionData?.failed) toast(CONTACT_FAILED);
  }, [pending, actionData, toast]);

  const loadValidator = () => {
    if (validator.current) return;
    void import("~/lib/contact-schema").then((m) => {
      validator.current = m.validateContact;
    });
  };

  const validateTouched = (form: HTMLFormElement) => {
    if (!validator.current) return;
    const all = validator.current(new FormData(form));
    setErrors(Object.fromEntries([...touched.current].map((name) => [name, all[name]])));
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = (event.target as Element).getAttribute("name");
    if (!name || name === HONEYPOT_FIELD) return;
    touched.current.add(name);
    validateTouched(event.currentTarget);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!validator.current) return; // the server validates
    const all = validator.current(new FormData(event.currentTarget));
    FIELDS.forEach((f) => touched.current.add(f.name));
    setErrors(all);
    const firstInvalid = FIELDS.find((f) => all[f.name]?.length);
    if (firstInvalid) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid.name}"]`)?.focus();
    }
  };

  const initial = (actionData?.result.initialValue ?? {}) as Record<string, string | undefined>;
  // The first field the server found in error takes the focus when the page loads (without JavaScript).
  const firstInError = FIELDS.find((f) => actionData?.result.error?.[f.name]?.length)?.name;

  return (
    <Form
      method="post"
      action={action}
      id="contact-form"
      ref={formRef}
      noValidate={hydrated}
      onFocus={loadValidator}
      onBlur={onBlur}
      onInput={(event) => {
        const name = (event.target as Element).getAttribute("name");
        if (name && errors[name]?.length) validateTouched(event.currentTarget);
      }}
      onSubmit={onSubmit}
      className="grid gap-2 sm:grid-cols-2 sm:gap-x-4"
    >
      {actionData?.failed || actionData?.limited ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 sm:col-span-2"
        >
          {actionData.limited ?? CONTACT_FAILED.description}
        </p>
      ) : null}
      {FIELDS.map((field) => {
        const fieldErrors = errors[field.name];
        const invalid = Boolean(fieldErrors?.length);
        const c = constraint[field.name] ?? {};
        return (
          <FieldShell key={field.name} id={`contact-${field.name}`} label={field.label} error={fieldErrors?.[0]}>
            <input
              id={`contact-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required={c.required}
              minLength={c.minLength}
              maxLength={c.maxLength}
              pattern={c.pattern}
              defaultValue={initial[field.name]}
              autoFocus={field.name === firstInError}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy(`contact-${field.name}`, undefined, fieldErrors?.[0])}
              className={inputClass}
            />
          </FieldShell>
        );
      })}
      <div className="sm:col-span-2">
        <label htmlFor="contact-message" className="text-sm font-semibold">
          Message
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={4}
          maxLength={constraint.message?.maxLength}
          defaultValue={initial.message}
          className={inputClass}
        />
      </div>
      <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton
          pendingLabel="Sending..."
          className="mt-2 w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-70 sm:w-auto"
        >
          Send Message
        </SubmitButton>
      </div>
    </Form>
  );
}

/**
 * What a visitor sees where the form was, once their message is stored: the spec's words, who will
 * answer and when, what happens next, the agency's phone for anything sooner, and a way to write again.
 */
/** `answeredBy`: who answers this message (a listing's agent, an agent's own page), named; else our team. */
export function ContactSent({ answeredBy }: { answeredBy?: string | null } = {}) {
  const site = useSite();
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript the form is replaced without a reload: the focus follows to the confirmation.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" data-testid="contact-sent">
      <h3 ref={heading} tabIndex={-1} className="text-xl font-bold text-brand-900 focus:outline-none">
        Message sent!
      </h3>
      <p className="mt-2 text-slate-700">Thank you for your message! We will contact you soon.</p>
      <h4 className="mt-4 font-semibold">What happens next</h4>
      <ol className="mt-1 list-decimal space-y-1 pl-5 text-slate-700">
        <li>
          {answeredBy ? `${answeredBy} calls you` : "An agent of our San Diego team calls you"} within one business day,
          at the phone number you gave.
        </li>
        <li>We e-mailed you a confirmation: reply to it if you think of anything to add.</li>
        <li>The consultation is free and commits you to nothing.</li>
      </ol>
      {site ? (
        <p className="mt-4 text-slate-700">
          Need us sooner? Call{" "}
          <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline">
            {site.phone}
          </a>
          .
        </p>
      ) : null}
      <Link to="/#contact" className="mt-4 inline-block font-semibold text-brand-700 underline">
        Send another message
      </Link>
    </div>
  );
}
