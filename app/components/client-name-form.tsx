/**
 * The workspace overview's "Correct the client's legal name" (admins; app/models/client-name.server.ts): the
 * account's given and family names, with the field errors of the same schema as the portal's "Your name".
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { anchorOffset } from "~/components/card";
import { TextField } from "~/components/form-field";
import { buttonOutline, buttonSmall, SubmitButton } from "~/components/submit-button";
import { transactionIntents } from "~/lib/intents";
import { accountNameSchema } from "~/lib/saved-home-schema";

const constraint = getZodConstraint(accountNameSchema);

export function ClientNameForm({
  firstName,
  lastName,
  lastResult,
}: {
  firstName: string;
  lastName: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "client-name-form",
    lastResult,
    defaultValue: { firstName, lastName },
    constraint,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountNameSchema }),
  });
  return (
    <details id="client-name" className={`mt-1 text-sm ${anchorOffset}`} open={Boolean(lastResult)}>
      <summary className="cursor-pointer text-brand-700 underline">Correct the client&apos;s legal name</summary>
      <p className="mt-1 text-slate-600">
        Their full legal name, as they sign. Agreements they have not signed yet will name them so; they are told by
        e-mail.
      </p>
      <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-2 flex flex-wrap items-end gap-3">
        <TextField field={fields.firstName} label="First name" autoComplete="off" />
        <TextField field={fields.lastName} label="Last name" autoComplete="off" />
        <SubmitButton
          intent={transactionIntents.clientName}
          pendingLabel="Saving..."
          className={`${buttonOutline} ${buttonSmall} mb-6`}
        >
          Correct the name
        </SubmitButton>
      </Form>
    </details>
  );
}
