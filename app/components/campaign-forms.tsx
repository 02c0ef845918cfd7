/** The campaign editor's forms: a campaign's details and one e-mail of its sequence. */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { SelectField, TextareaField, TextField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { CAMPAIGN_TYPES, campaignEmailSchema, campaignSchema } from "~/lib/admin-schemas";

export type CampaignValues = { name: string; type: string; description: string; isActive: boolean };
export type CampaignEmailValues = { subject: string; content: string; delayDays: number; isActive: boolean };

const checked = (on: boolean | undefined) => (on ? "on" : undefined);

export function CampaignForm({
  id,
  intent,
  submitLabel,
  defaultValue,
  lastResult,
}: {
  id: string;
  intent: string;
  submitLabel: string;
  defaultValue?: CampaignValues;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaultValue
      ? { ...defaultValue, isActive: checked(defaultValue.isActive) }
      : { isActive: "on", type: "general" },
    constraint: getZodConstraint(campaignSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: campaignSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2 sm:grid-cols-2">
      <TextField field={fields.name} label="Name*" />
      <SelectField field={fields.type} label="Type*">
        {Object.entries(CAMPAIGN_TYPES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <TextareaField field={fields.description} label="Description" rows={2} />
      </div>
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input {...getInputProps(fields.isActive, { type: "checkbox" })} className="h-4 w-4" />
        Active
      </label>
      <div className="flex justify-end">
        <SubmitButton intent={intent} pendingLabel="Saving...">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}

export function CampaignEmailForm({
  id,
  intent,
  submitLabel,
  emailId,
  defaultValue,
  lastResult,
  cancelHref,
}: {
  id: string;
  intent: string;
  submitLabel: string;
  emailId?: number;
  defaultValue?: CampaignEmailValues;
  lastResult?: SubmissionResult<string[]>;
  cancelHref?: string;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaultValue
      ? { ...defaultValue, delayDays: String(defaultValue.delayDays), isActive: checked(defaultValue.isActive) }
      : { isActive: "on", delayDays: "3" },
    constraint: getZodConstraint(campaignEmailSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: campaignEmailSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-2" preventScrollReset>
      {emailId ? <input type="hidden" name="emailId" value={emailId} /> : null}
      <TextField field={fields.subject} label="Subject*" />
      <TextareaField field={fields.content} label="Content*" rows={6} />
      <p className="-mt-1 text-xs text-slate-500">
        Plain text; each line break starts a paragraph. {"{{firstName}}"} is the lead's first name.{" "}
        {"[words](/net-sheet)"} links those words to a page of the site, tracked: a click raises the lead's score.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField field={fields.delayDays} label="Delay (days)*" type="number" min={0} max={365} step={1} />
        <label className="flex items-center gap-2 text-sm font-semibold sm:pt-6">
          <input {...getInputProps(fields.isActive, { type: "checkbox" })} className="h-4 w-4" />
          Active
        </label>
      </div>
      <div className="flex justify-end gap-3">
        {cancelHref ? (
          <Link
            to={cancelHref}
            replace
            preventScrollReset
            className="rounded-md border border-slate-300 px-4 py-2 font-semibold"
          >
            Cancel
          </Link>
        ) : null}
        <SubmitButton intent={intent} pendingLabel="Saving...">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
