/** The Manage page's "Transaction details": the address, the home value and the status, in a plain form. */
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { anchorOffset, card } from "~/components/card";
import { Field, inputClass } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import type { TransactionStatus } from "~/domain/enums";
import { editTransactionSchema } from "~/lib/admin-schemas";
import { transactionIntents } from "~/lib/intents";

const constraint = getZodConstraint(editTransactionSchema);

export function TransactionDetails({
  transaction,
  lastResult,
}: {
  transaction: { id: number; propertyAddress: string | null; homeValue: string | null; status: TransactionStatus };
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `edit-transaction-${transaction.id}`,
    lastResult,
    defaultValue: {
      propertyAddress: transaction.propertyAddress ?? "",
      homeValue: transaction.homeValue ?? "",
      status: transaction.status,
    },
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editTransactionSchema }),
  });
  return (
    <section aria-labelledby="edit-title" className={`mt-8 ${anchorOffset} ${card} p-6`} id="details">
      <h2 id="edit-title" className="text-lg font-semibold">
        Transaction details
      </h2>
      <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-3 grid gap-2 sm:grid-cols-3">
        <div className="sm:col-span-3">
          <Field
            label="Property address"
            errorId={fields.propertyAddress.errorId}
            errors={fields.propertyAddress.errors}
          >
            <input {...getInputProps(fields.propertyAddress, { type: "text" })} className={inputClass} />
          </Field>
        </div>
        <Field label="Home value" errorId={fields.homeValue.errorId} errors={fields.homeValue.errors}>
          <input {...getInputProps(fields.homeValue, { type: "text" })} inputMode="numeric" className={inputClass} />
        </Field>
        <Field label="Status" errorId={fields.status.errorId} errors={fields.status.errors}>
          <select {...getSelectProps(fields.status)} className={inputClass}>
            <option value="active">Active</option>
            <option value="completed">Completed</option>
            <option value="cancelled">Cancelled</option>
          </select>
        </Field>
        <div className="flex items-center sm:pt-1">
          <SubmitButton intent={transactionIntents.edit} pendingLabel="Saving...">
            Save Changes
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
