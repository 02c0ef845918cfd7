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
import { anchorOffset, card } from "~/components/card";
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
import { offsiteOverview } from "~/models/offsite.server";
import { formatDateTime } from "~/lib/format";
import { currentReplication } from "~/infra/litestream.server";

export const meta: MetaFunction = () => privatePageMeta("Settings");

const constraint = getZodConstraint(settingsSchema);

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { costs, routing, agreements } = getSettings(getDb(), admin);
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
    compensationType: agreements.buyerCompensation?.type ?? "",
    compensationValue: agreements.buyerCompensation ? String(agreements.buyerCompensation.value) : "",
    compensationCap: agreements.buyerCompensation?.cap === undefined ? "" : String(agreements.buyerCompensation?.cap),
    backups: backupsView(offsiteOverview(getDb(), new Date(), currentReplication())),
  };
}

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The Backups panel's lines (docs/backups.md): dates as San Diego reads them. */
function backupsView(o: ReturnType<typeof offsiteOverview>) {
  return {
    configured: o.configured,
    bucket: o.bucket,
    lastSnapshot: o.lastSnapshot
      ? `${formatDateTime(o.lastSnapshot.at)} (${sizeText(o.lastSnapshot.bytes)} compressed)`
      : null,
    waiting: o.waiting,
    oldestWaiting: o.oldestWaiting ? formatDateTime(o.oldestWaiting) : null,
    lastError: o.lastError
      ? `${o.lastError.message}${o.lastError.at ? ` (${formatDateTime(o.lastError.at)})` : ""}`
      : null,
    versioning: o.versioning,
    intervalHours: o.intervalHours,
    problems: o.problems,
    replication: o.replication
      ? {
          state: o.replication.running
            ? o.replication.lagSeconds > 0
              ? `Running, ${o.replication.lagSeconds} s behind`
              : "Running, caught up"
            : `Not running${o.replication.error ? ` (${o.replication.error})` : ""}`,
          lastSync: o.replication.lastSyncAt ? formatDateTime(new Date(o.replication.lastSyncAt)) : "None yet",
          generation: o.replication.generation ?? "None yet",
          sentToday: sizeText(o.replication.bytesToday),
        }
      : null,
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
            <h2 id="agreement-defaults-title" className="mt-4 text-lg font-semibold">
              Agreements
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              What a buyer representation agreement is prepared with (staff can change it on each one): an amount, or a
              percentage of the price with an optional cap, that can be worked out. It is negotiable; the agreement says
              the broker takes nothing above it from any source.
            </p>
          </div>
          <SelectField field={fields.compensationType} label="Buyer's broker compensation">
            <option value="">None set</option>
            <option value="percent">Percentage of the price</option>
            <option value="amount">Amount in dollars</option>
          </SelectField>
          <TextField field={fields.compensationValue} label="Amount ($) or percentage (%)" inputMode="decimal" />
          <TextField
            field={fields.compensationCap}
            label="At most ($, a percentage's cap; optional)"
            inputMode="decimal"
          />
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
      <BackupsPanel backups={values.backups} />
    </div>
  );
}

function BackupsPanel({ backups: b }: { backups: ReturnType<typeof backupsView> }) {
  return (
    <section id="backups" aria-labelledby="backups-title" className={`mt-4 ${anchorOffset} ${card} p-6 text-sm`}>
      <h2 id="backups-title" className="text-lg font-semibold">
        Backups
      </h2>
      {!b.configured ? (
        <p className="mt-2 text-slate-700">
          Off the host: not configured. Everything is on this server only; set the S3_* variables to copy the documents
          and the database to S3-compatible storage (README, &quot;Backups and restore&quot;).
        </p>
      ) : (
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]" data-testid="backups-status">
          <dt className="text-slate-600">Store</dt>
          <dd className="break-all">{b.bucket}</dd>
          {b.replication ? (
            <>
              <dt className="text-slate-600">Database replication</dt>
              <dd data-testid="replication-state">{b.replication.state}</dd>
              <dt className="text-slate-600">Last change sent</dt>
              <dd>
                {b.replication.lastSync} · generation {b.replication.generation} · {b.replication.sentToday} today
              </dd>
            </>
          ) : null}
          <dt className="text-slate-600">Last archive</dt>
          <dd>
            {b.lastSnapshot ?? "None yet"} · every {b.intervalHours} h
          </dd>
          <dt className="text-slate-600">Copies waiting</dt>
          <dd>
            {b.waiting}
            {b.oldestWaiting ? ` (the oldest since ${b.oldestWaiting})` : ""}
          </dd>
          <dt className="text-slate-600">Versioning</dt>
          <dd>{b.versioning ?? "Not read yet"}</dd>
          <dt className="text-slate-600">Last error</dt>
          <dd className="break-words">{b.lastError ?? "None"}</dd>
        </dl>
      )}
      {b.problems.length ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-red-800">
          {b.problems.join(". ")}.
        </p>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
