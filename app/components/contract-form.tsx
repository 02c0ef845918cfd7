/**
 * The Contract dates tab: the acceptance date, the close of escrow and each deadline's day
 * count (the RPA's defaults), saved with a plain form (Conform, the schema of app/lib/contract-schema.ts);
 * then the key dates with Mark done, Waive and Reopen.
 */
import { PageSection } from "~/components/page-section";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { TextField } from "~/components/form-field";
import { DeadlineList, type ListedDeadline } from "~/components/deadlines";
import { buttonSmall as small, SubmitButton } from "~/components/submit-button";
import { DEADLINE_KEYS, type DeadlineKey } from "~/domain/enums";
import { DEADLINE_RULES, DEFAULT_DAYS, ruleOf } from "~/lib/deadlines";
import { contractSchema } from "~/lib/contract-schema";
import { contractIntents } from "~/lib/intents";
import { formatPlainDate, formatShortDate } from "~/lib/plain-date";

// Built once: Conform asks for the constraint on every render.
const contractConstraint = getZodConstraint(contractSchema);

const COUNTING_WORDS = {
  calendar: "days after acceptance",
  business: "business days after acceptance",
  before_close: "days before close of escrow",
};

export function ContractSection({
  acceptedOn,
  closingOn,
  suggestedAcceptedOn,
  fromOffer = null,
  deadlines,
  today,
  lastResult,
}: {
  acceptedOn: string | null;
  closingOn: string | null;
  /** The "Offer accepted" step's completion date, when no contract is entered yet. */
  suggestedAcceptedOn: string | null;
  /** The offer whose acceptance filled in this contract, and whether it was cancelled since. */
  fromOffer?: { id: number; cancelled: boolean } | null;
  deadlines: (ListedDeadline & { days: number | null })[];
  today: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const daysOf = (key: DeadlineKey) => deadlines.find((d) => d.key === key)?.days ?? DEFAULT_DAYS[key];
  const [form, fields] = useForm({
    id: "contract-form",
    lastResult,
    defaultValue: {
      acceptedOn: acceptedOn ?? suggestedAcceptedOn ?? "",
      closingOn: closingOn ?? "",
      days: Object.fromEntries(DEADLINE_KEYS.map((key) => [key, String(daysOf(key))])),
    },
    constraint: contractConstraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contractSchema }),
  });
  const days = fields.days.getFieldset();
  const close = deadlines.find((d) => d.key === "close_of_escrow");
  return (
    <PageSection id="contract" title="Contract" className="mt-8">
      <p className="mt-1 text-sm text-slate-600">
        Day 0 is the acceptance date. Deadlines that land on a weekend or a California legal holiday move to the next
        day that is neither.
      </p>
      {fromOffer ? (
        <p
          className={`mt-2 rounded-md p-2 text-sm ${fromOffer.cancelled ? "bg-amber-50 text-amber-900" : "bg-slate-50 text-slate-700"}`}
          data-testid="contract-offer"
        >
          {fromOffer.cancelled
            ? "This contract came from an accepted offer that was later cancelled: its dates stay until you change them."
            : "Filled in from the accepted offer's terms."}{" "}
          <a href={`?offer=${fromOffer.id}#offer`} className="underline">
            See the offer
          </a>
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-3 grid gap-2 sm:grid-cols-2">
        <TextField field={fields.acceptedOn} label="Acceptance date" type="date" />
        <div>
          <TextField field={fields.closingOn} label="Close of escrow (optional)" type="date" />
          {closingOn && close?.movedFrom ? (
            <p className="text-xs text-amber-800" data-testid="closing-moved">
              {formatShortDate(close.movedFrom)} is a{" "}
              {close.movedReason === "weekend" ? "weekend day" : `holiday (${close.movedReason})`}: escrow closes on the
              next business day, {formatPlainDate(close.dueOn)}.
            </p>
          ) : (
            <p className="text-xs text-slate-600">Without a date: {daysOf("close_of_escrow")} days after acceptance.</p>
          )}
        </div>
        <fieldset className="grid gap-x-3 sm:col-span-2 sm:grid-cols-3">
          <legend className="text-sm font-semibold">Days</legend>
          {DEADLINE_RULES.map((rule) => {
            const field = days[rule.key];
            return (
              <TextField
                key={rule.key}
                field={field}
                label={`${rule.title} (${rule.key === "close_of_escrow" ? "days after acceptance, without a date" : COUNTING_WORDS[rule.counting]})`}
                inputMode="numeric"
              />
            );
          })}
        </fieldset>
        <p id={form.errorId} className="text-xs text-red-700 sm:col-span-2">
          {fields.days.errors?.[0] ?? form.errors?.[0] ?? ""}
        </p>
        <div>
          <SubmitButton intent={contractIntents.save} pendingLabel="Saving...">
            Save Contract
          </SubmitButton>
        </div>
      </Form>
      {deadlines.length > 0 ? (
        <DeadlineList
          deadlines={deadlines}
          today={today}
          actions={(d) =>
            d.status === "open" ? (
              <>
                <StatusButton id={d.id} status="done" label="Mark done" pending="Saving..." title={d.title} />
                {ruleOf(d.key as DeadlineKey).waivable ? (
                  <StatusButton id={d.id} status="waived" label="Waive" pending="Saving..." title={d.title} />
                ) : null}
              </>
            ) : (
              <StatusButton id={d.id} status="open" label="Reopen" pending="Saving..." title={d.title} />
            )
          }
        />
      ) : null}
    </PageSection>
  );
}

function StatusButton(p: { id: number; status: string; label: string; pending: string; title: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="deadlineId" value={p.id} />
      <input type="hidden" name="status" value={p.status} />
      <SubmitButton
        intent={contractIntents.deadlineStatus}
        pendingLabel={p.pending}
        className={small}
        aria-label={`${p.label}: ${p.title}`}
      >
        {p.label}
      </SubmitButton>
    </Form>
  );
}
