/**
 * The workspace overview's "Transaction details": the compensation and where it comes from (app/models/compensation.server.ts),
 * the address, the home value, the closing price (a completed sale's figures), the year built (the file's lead-paint
 * disclosure), the type and the status, in a plain form; for an admin on a file that is not complete, or whose agent's
 * license lapsed, the broker's reason to complete it anyway (app/models/transaction-edit.server.ts).
 */
import { PageSection } from "~/components/page-section";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { SelectField, TextareaField, TextField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import type { TransactionStatus, TransactionType } from "~/domain/enums";
import { editTransactionSchema } from "~/lib/admin-schemas";
import { transactionIntents } from "~/lib/intents";

const constraint = getZodConstraint(editTransactionSchema);

export function TransactionDetails({
  transaction,
  compensation,
  closeOverride = null,
  lastResult,
  refusal,
}: {
  transaction: {
    id: number;
    propertyAddress: string | null;
    searchArea: string | null;
    homeValue: string | null;
    closingPrice: string | null;
    yearBuilt: number | null;
    type: TransactionType;
    status: TransactionStatus;
  };
  /** "$7,500 (the signed listing agreement)", or what is missing to work it out. */
  compensation: string;
  /** Why the broker would give a reason to complete (an incomplete file, an agent's lapsed license), or null. */
  closeOverride?: string | null;
  lastResult?: SubmissionResult<string[]>;
  /** Why the last save was refused (a file not complete, a type that cannot change), beside the form. */
  refusal?: string;
}) {
  const [form, fields] = useForm({
    id: `edit-transaction-${transaction.id}`,
    lastResult,
    defaultValue: {
      propertyAddress: transaction.propertyAddress ?? "",
      searchArea: transaction.searchArea ?? "",
      homeValue: transaction.homeValue ?? "",
      closingPrice: transaction.closingPrice ?? "",
      yearBuilt: transaction.yearBuilt === null ? "" : String(transaction.yearBuilt),
      type: transaction.type,
      status: transaction.status,
    },
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editTransactionSchema }),
  });
  return (
    <PageSection id="details" title="Transaction details" className="mt-8">
      <p className="mt-2 text-sm" data-testid="compensation">
        <span className="font-semibold">Compensation:</span> {compensation}
      </p>
      {refusal ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="details-refusal">
          {refusal}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-3 grid gap-2 sm:grid-cols-4">
        <div className="sm:col-span-4">
          <TextField field={fields.propertyAddress} label="Property address" />
        </div>
        {transaction.type === "buying" ? (
          <div className="sm:col-span-4">
            <TextField field={fields.searchArea} label="Area searched" placeholder="North Park, under $900,000" />
          </div>
        ) : null}
        <TextField field={fields.homeValue} label="Home value" inputMode="numeric" />
        <TextField
          field={fields.closingPrice}
          label="Closing price"
          inputMode="numeric"
          hint="When completed: the sold home's saving (else the home value)"
        />
        <TextField
          field={fields.yearBuilt}
          label="Year built"
          inputMode="numeric"
          hint="Before 1978: the file needs the lead-paint disclosure"
        />
        <SelectField field={fields.type} label="Type">
          <option value="buying">Buying</option>
          <option value="selling">Selling</option>
        </SelectField>
        <SelectField field={fields.status} label="Status">
          <option value="active">Active</option>
          <option value="completed">Completed</option>
          <option value="cancelled">Cancelled</option>
        </SelectField>
        {closeOverride && transaction.status === "active" ? (
          <div className="sm:col-span-4">
            <TextareaField
              field={fields.override}
              label="The broker's reason to complete anyway"
              hint={`Only when completing: ${closeOverride}. The history keeps it with this reason.`}
              rows={2}
            />
          </div>
        ) : null}
        <div className="flex items-center sm:pt-1">
          <SubmitButton intent={transactionIntents.edit} pendingLabel="Saving...">
            Save Changes
          </SubmitButton>
        </div>
      </Form>
    </PageSection>
  );
}
