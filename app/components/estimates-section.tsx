/**
 * A transaction's saved estimates (the portal and the workspace): each by name with its headline figure,
 * the schedule's date it was computed with and its PDF; one opened (`?estimate=<id>`) shows every line and
 * its form to change it; `?estimate=new` a new one, prefilled from the transaction. Plain forms and links:
 * no JavaScript needed.
 */
import { PageSection } from "~/components/page-section";
import { Form, Link, useSearchParams } from "@remix-run/react";
import { EstimateFields } from "~/components/estimate-fields";
import { EstimateResult } from "~/components/estimate-result";
import { buttonOutline, buttonPrimary, buttonSmall, SubmitButton } from "~/components/submit-button";
import { describedBy, FieldShell, inputClass } from "~/components/field-shell";
import type { Estimate } from "~/lib/estimate";
import type { Party } from "~/domain/enums";
import { formatMoney } from "~/lib/money";
import { estimateIntents } from "~/lib/intents";
import { formatPlainDate } from "~/lib/plain-date";

export type ListedEstimate = {
  id: number;
  name: string;
  side: Party;
  result: Estimate;
  values: Record<string, unknown>;
  scheduleDate: string;
};

export type EstimateAnswer = { estimate: string; values: Record<string, unknown>; errors: Record<string, string[]> };

const figureOf = (e: Estimate) =>
  e.side === "seller" ? `${formatMoney(e.totals.net)} to you` : `${formatMoney(e.totals.cashToClose)} to close`;

export function EstimatesSection({
  estimates,
  side,
  fresh,
  answer,
}: {
  estimates: ListedEstimate[];
  side: Party;
  /** A new estimate's starting name and values (the transaction's side and home value). */
  fresh: { name: string; values: Record<string, unknown> };
  /** The form's refused values and errors, when a save was refused. */
  answer?: EstimateAnswer;
}) {
  const [params] = useSearchParams();
  const open = answer?.estimate ?? params.get("estimate");
  const opened = estimates.find((e) => String(e.id) === open);
  return (
    <PageSection
      id="estimates"
      title="Estimates"
      aside={
        <Link to="?estimate=new#estimates" preventScrollReset className={buttonOutline}>
          New estimate
        </Link>
      }
    >
      <p className="mt-1 text-sm text-slate-600">
        {side === "seller"
          ? "What you would walk away with, line by line: save one for each price or offer you weigh."
          : "What you would bring to closing, line by line: save one for each price or loan you weigh."}
      </p>
      {estimates.length === 0 && open !== "new" ? (
        <p className="mt-4 text-sm text-slate-600">No estimates yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="estimates">
          {estimates.map((e) => (
            <li
              key={e.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              data-testid="estimate"
            >
              <div className="min-w-0">
                <Link
                  to={`?estimate=${e.id}#estimates`}
                  preventScrollReset
                  className="font-semibold text-brand-700 underline"
                >
                  {e.name}
                </Link>
                <p className="text-sm text-slate-700">
                  {figureOf(e.result)} · title rates of {formatPlainDate(e.scheduleDate)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a href={`/estimates/${e.id}.pdf`} className={buttonSmall} aria-label={`PDF of ${e.name}`}>
                  PDF
                </a>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="estimateId" value={e.id} />
                  <SubmitButton
                    intent={estimateIntents.delete}
                    pendingLabel="Deleting..."
                    className={buttonSmall}
                    aria-label={`Delete ${e.name}`}
                  >
                    Delete
                  </SubmitButton>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {opened ? (
        <div className="mt-6" data-testid="opened-estimate">
          <EstimateResult estimate={opened.result} headingLevel={3} />
          <EstimateForm
            side={side}
            id={String(opened.id)}
            name={opened.name}
            values={answer?.estimate === String(opened.id) ? answer.values : opened.values}
            errors={answer?.estimate === String(opened.id) ? answer.errors : {}}
          />
        </div>
      ) : open === "new" ? (
        <EstimateForm
          side={side}
          id="new"
          name={fresh.name}
          values={answer?.estimate === "new" ? answer.values : fresh.values}
          errors={answer?.estimate === "new" ? answer.errors : {}}
        />
      ) : null}
    </PageSection>
  );
}

function EstimateForm(p: {
  side: Party;
  id: string;
  name: string;
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
}) {
  const nameError = p.errors.name?.[0];
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-6 rounded-lg border border-slate-200 p-4"
      aria-label={p.id === "new" ? "New estimate" : "Change this estimate"}
    >
      <h3 className="font-semibold">{p.id === "new" ? "New estimate" : "Change this estimate"}</h3>
      {p.id !== "new" ? <input type="hidden" name="estimateId" value={p.id} /> : null}
      <FieldShell id={`estimate-${p.id}-name`} label="Name*" error={nameError} className="mt-2">
        <input
          id={`estimate-${p.id}-name`}
          name="name"
          defaultValue={typeof p.values.name === "string" ? p.values.name : p.name}
          maxLength={100}
          required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={describedBy(`estimate-${p.id}-name`, undefined, nameError)}
          className={inputClass}
        />
      </FieldShell>
      <EstimateFields side={p.side} values={p.values} errors={p.errors} idPrefix={`estimate-${p.id}`} />
      <div className="mt-3 flex flex-wrap gap-3">
        <SubmitButton intent={estimateIntents.save} pendingLabel="Saving..." className={buttonPrimary}>
          {p.id === "new" ? "Add estimate" : "Save estimate"}
        </SubmitButton>
        <Link to="?#estimates" preventScrollReset className={buttonOutline}>
          Close
        </Link>
      </div>
    </Form>
  );
}
