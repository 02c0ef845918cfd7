/**
 * A client's review: the stars (five radio buttons), the words (at most 2,000 characters), the agent
 * it is about, the name shown (first name and last initial by default), and the statement that the writer is
 * not one of our staff nor family of one (16 CFR 465). One form for the e-mailed link (/review/{token}) and the
 * portal's card, validated by the same schema in the browser and on the server (app/lib/proof-schema.ts).
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { SelectField, TextareaField, TextField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { REVIEW_TEXT_MAX, reviewFormSchema } from "~/lib/proof-schema";

const constraint = getZodConstraint(reviewFormSchema);

export function ReviewForm({
  id,
  agents,
  defaults,
  lastResult,
  intent,
  action,
  hidden = {},
}: {
  id: string;
  agents: Array<{ slug: string; name: string }>;
  defaults: { agentSlug: string | null; displayName: string; rating?: number; text?: string };
  lastResult?: SubmissionResult<string[]>;
  intent?: string;
  action?: string;
  /** The form's own ids (the portal's: which transaction). */
  hidden?: Record<string, string>;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: {
      agentSlug: defaults.agentSlug ?? "",
      displayName: defaults.displayName,
      rating: defaults.rating ? String(defaults.rating) : undefined,
      text: defaults.text ?? "",
    },
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewFormSchema }),
  });
  const ratingError = fields.rating.errors?.[0];
  return (
    <Form method="post" action={action} {...getFormProps(form)} preventScrollReset className="grid gap-3">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset aria-describedby={ratingError ? `${fields.rating.id}-error` : undefined}>
        <legend className="text-sm font-semibold">Your rating</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {[5, 4, 3, 2, 1].map((stars) => (
            <label
              key={stars}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                {...getInputProps(fields.rating, { type: "radio", value: String(stars) })}
                id={`${fields.rating.id}-${stars}`}
                aria-invalid={ratingError ? true : undefined}
              />
              <span>
                {stars} {stars === 1 ? "star" : "stars"}
              </span>
            </label>
          ))}
        </div>
        <p id={`${fields.rating.id}-error`} className="min-h-5 text-sm text-red-700">
          {ratingError}
        </p>
      </fieldset>
      <TextareaField
        field={fields.text}
        label="Your review"
        rows={6}
        maxLength={REVIEW_TEXT_MAX}
        hint={`At most ${REVIEW_TEXT_MAX.toLocaleString("en-US")} characters. Please leave out phone numbers, addresses and other private details.`}
      />
      {agents.length > 0 ? (
        <SelectField field={fields.agentSlug} label="The agent it is about">
          <option value="">Our team in general</option>
          {agents.map((a) => (
            <option key={a.slug} value={a.slug}>
              {a.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField field={fields.displayName} label="Your name as shown" maxLength={100} autoComplete="off" />
      <div>
        <label className="flex items-start gap-2">
          <input {...getInputProps(fields.notStaff, { type: "checkbox" })} className="mt-1" />
          <span>I do not work for this brokerage and I am not related to anyone who does.</span>
        </label>
        <p id={`${fields.notStaff.id}-error`} className="min-h-5 text-sm text-red-700">
          {fields.notStaff.errors?.[0]}
        </p>
      </div>
      <p className="text-sm text-slate-600">
        Your review is published with the name above. We publish every review, good or bad, under our content policy,
        and offer nothing in exchange for it.
      </p>
      <div>
        <SubmitButton intent={intent} pendingLabel="Publishing...">
          Publish my review
        </SubmitButton>
      </div>
    </Form>
  );
}
