import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { SelectField, TextField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { newTransactionSchema } from "~/lib/admin-schemas";
import { requireStaff } from "~/infra/guards.server";
import { formatMoney } from "~/lib/money";
import { idField } from "~/lib/form-values";
import { modelCall, readForm } from "~/infra/http.server";
import { parseHomeValue, tierFor } from "~/lib/pricing";
import { privatePageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { leadFor } from "~/models/lead.server";
import { createTransaction } from "~/models/transaction.server";
import { card } from "~/components/card";

export const meta: MetaFunction<typeof loader> = () => privatePageMeta("New Transaction");

/** `?lead=ID` (Open transaction on a lead's page) fills in the lead's e-mail and name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const leadId = idField.safeParse(new URL(request.url).searchParams.get("lead")).data;
  const lead = leadId ? modelCall(() => leadFor(getDb(), staff, leadId)) : null;
  return { lead: lead ? { id: lead.id, email: lead.email, firstName: lead.firstName, lastName: lead.lastName } : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const submission = parseWithZod(await readForm(request), { schema: newTransactionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const transaction = modelCall(() => createTransaction(getDb(), staff, submission.value));
  return redirectWithToast(`/admin/transactions/${transaction.id}`, {
    title: "Success",
    description: `Transaction opened for ${submission.value.email}.`,
  });
}

export default function NewTransaction() {
  const { lead } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [value, setValue] = useState("");
  const [form, fields] = useForm({
    id: "new-transaction",
    lastResult: actionData?.result,
    defaultValue: lead
      ? {
          email: lead.email,
          firstName: lead.firstName,
          lastName: lead.lastName,
          leadId: String(lead.id),
          setUpMilestones: "on",
        }
      : { setUpMilestones: "on" },
    constraint: getZodConstraint(newTransactionSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newTransactionSchema }),
  });
  const suggested = parseHomeValue(value) > 0 ? tierFor(parseHomeValue(value)) : null;

  return (
    <div className="mx-auto max-w-2xl">
      <Link to="/admin" className="text-sm text-brand-700 underline">
        Back to Dashboard
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">New Transaction</h1>
      <p className="mt-1 text-slate-600">
        Open a transaction for a client by e-mail. If they have not signed in yet, it is waiting for them when they do.
      </p>
      <Form method="post" {...getFormProps(form)} className={`mt-6 grid gap-2 ${card} p-6`}>
        {lead ? (
          <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
            From the lead{" "}
            <Link to={`/admin/leads/${lead.id}`} className="font-semibold underline">
              {lead.firstName} {lead.lastName}
            </Link>
            : creating the transaction marks the lead converted and stops its follow-up e-mails.
            <input {...getInputProps(fields.leadId, { type: "hidden" })} />
          </p>
        ) : null}
        <TextField field={fields.email} label="Client e-mail*" type="email" autoComplete="off" />
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField field={fields.firstName} label="First name" />
          <TextField field={fields.lastName} label="Last name" />
        </div>
        <SelectField field={fields.type} label="Type*">
          <option value="">Choose…</option>
          <option value="buying">Buying</option>
          <option value="selling">Selling</option>
        </SelectField>
        <TextField
          field={fields.propertyAddress}
          label="Property address"
          hint="Required for a sale. A purchase may start without one: give the area searched below."
        />
        <TextField
          field={fields.searchArea}
          label="Area searched (a purchase without a home yet)"
          placeholder="North Park, under $900,000"
          hint="The client reads “your home search” until an offer is accepted."
        />
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField
            field={fields.homeValue}
            label="Home value (required for a sale)"
            inputMode="numeric"
            placeholder="750000"
            onChange={(e) => setValue(e.target.value)}
          />
          <SelectField field={fields.tier} label="Tier">
            <option value="">
              {suggested
                ? `Suggested: ${suggested.name} (${formatMoney(suggested.feeCents)})`
                : "Suggested from the value"}
            </option>
            <option value="1">Tier 1 ($5,000)</option>
            <option value="2">Tier 2 ($10,000)</option>
            <option value="3">Tier 3 ($20,000)</option>
          </SelectField>
        </div>
        <label className="mt-1 flex min-h-11 items-center gap-2 text-sm">
          <input {...getInputProps(fields.setUpMilestones, { type: "checkbox" })} />
          Set up the milestones now
          <span className="text-slate-600">(the standard steps of a purchase or a sale; each can be changed)</span>
        </label>
        <div className="mt-2 flex justify-end gap-3">
          <Link to="/admin" className="rounded-md border border-slate-300 px-4 py-2 font-semibold">
            Cancel
          </Link>
          <SubmitButton pendingLabel="Creating...">Create Transaction</SubmitButton>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
