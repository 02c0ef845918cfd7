/**
 * /admin/settings: the agency's settings (admins): the escrow fee every estimate assumes, a base and an
 * amount per $1,000 of the price (split in half between seller and buyer); the seller's usual costs a net
 * sheet counts when left empty (none until set); new leads' routing. A change applies to estimates
 * computed from then on; a saved estimate keeps what it was computed with until it is changed.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { card } from "~/components/card";
import { SelectField, TextField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { requireAdmin } from "~/infra/guards.server";
import { readForm } from "~/infra/http.server";
import { refuse } from "~/infra/page-action.server";
import { moneyInput } from "~/lib/money";
import { privatePageMeta } from "~/lib/seo";
import { settingsSchema } from "~/lib/settings-schema";
import { ROUTING_HINTS, ROUTING_LABELS } from "~/lib/team-schema";
import { ROUTING_MODES } from "~/domain/enums";
import { getSettings, updateSettings } from "~/models/settings.server";

export const meta: MetaFunction = () => privatePageMeta("Settings");

const constraint = getZodConstraint(settingsSchema);

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { costs, routing } = getSettings(getDb(), admin);
  const optional = (cents: number | null) => (cents === null ? "" : moneyInput(cents));
  return {
    escrowBase: moneyInput(costs.escrow.baseCents),
    escrowPerThousand: moneyInput(costs.escrow.perThousandCents),
    reconveyancePerLoan: optional(costs.reconveyancePerLoanCents),
    notaryCourier: optional(costs.notaryCourierCents),
    nhdReport: optional(costs.nhdReportCents),
    homeWarranty: optional(costs.homeWarrantyCents),
    routing: routing.mode,
    claimMinutes: String(routing.claimMinutes),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: settingsSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    updateSettings(getDb(), admin, submission.value);
  } catch (error) {
    return refuse(error, { data: { result: submission.reply() } });
  }
  return redirectWithToast("/admin/settings", { description: "Settings saved." });
}

export default function Settings() {
  const values = useLoaderData<typeof loader>();
  const answer = useActionData<{ result: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    id: "settings",
    lastResult: answer?.result,
    defaultValue: values,
    constraint,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsSchema, disableAutoCoercion: true }),
  });
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-brand-900">Settings</h1>
      <section aria-labelledby="escrow-title costs-title routing-title" className={`mt-4 ${card} p-6`}>
        <h2 id="escrow-title" className="text-lg font-semibold">
          The escrow estimate
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every estimate (the public net sheet and cash to close, and each transaction&apos;s) assumes an escrow fee of
          a base plus an amount per $1,000 of the price, split in half between seller and buyer. Each says it is an
          estimate and that the escrow company&apos;s fee prevails.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-2 sm:grid-cols-2">
          <TextField field={fields.escrowBase} label="Base ($)" inputMode="decimal" />
          <TextField field={fields.escrowPerThousand} label="Per $1,000 of the price ($)" inputMode="decimal" />
          <div className="sm:col-span-2">
            <h2 id="costs-title" className="mt-4 text-lg font-semibold">
              A seller&apos;s usual costs
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              What a net sheet counts when the seller leaves the line empty (the seller can enter their own). Leave a
              cost empty for none: no line is shown until you set one.
            </p>
          </div>
          <TextField
            field={fields.reconveyancePerLoan}
            label="Reconveyance and recording, per loan paid off ($)"
            inputMode="decimal"
          />
          <TextField field={fields.notaryCourier} label="Notary and courier ($)" inputMode="decimal" />
          <TextField field={fields.nhdReport} label="Natural hazard disclosure report ($)" inputMode="decimal" />
          <TextField field={fields.homeWarranty} label="Home warranty ($)" inputMode="decimal" />
          <div className="sm:col-span-2">
            <h2 id="routing-title" className="mt-4 text-lg font-semibold">
              New leads
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Who answers a new lead. Only agents taking leads (on the Team page) take part; the admins have a lead no
              agent has. Every lead alert is also copied to the agency&apos;s lead inbox.
            </p>
          </div>
          <SelectField
            field={fields.routing}
            label="Routing"
            hint={ROUTING_MODES.map((mode) => `${ROUTING_LABELS[mode]}: ${ROUTING_HINTS[mode]}.`).join(" ")}
          >
            {ROUTING_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {ROUTING_LABELS[mode]}
              </option>
            ))}
          </SelectField>
          <TextField
            field={fields.claimMinutes}
            label="Minutes to claim (first to claim)"
            type="number"
            min={1}
            max={30}
          />
          <div>
            <SubmitButton pendingLabel="Saving...">Save Settings</SubmitButton>
          </div>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
