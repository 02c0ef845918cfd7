/**
 * The inputs of an estimate, by side: the public pages' GET form (/net-sheet, /cash-to-close) and a saved
 * estimate's form (the portal, the Manage page) both render them. Plain named inputs whose values are what
 * people type ("850,000", "2.5%"); each field shows its error under it (aria-invalid, aria-describedby).
 */
import type { Party } from "~/domain/enums";
import { OTHER_COST_ROWS } from "~/lib/estimate-schema";
import { OWNER_POLICIES, OWNER_POLICY_LABELS } from "~/lib/title-rates";
import { describedBy, FieldShell, inputClass } from "~/components/field-shell";

type FieldDef = {
  name: string;
  label: string;
  hint?: string;
  kind: "money" | "share" | "date" | "rate" | "text" | "select";
  options?: Array<[value: string, label: string]>;
  /** A select's value when none is given: the schema's default. */
  fallback?: string;
};

const PRICE: FieldDef = { name: "price", label: "Price*", kind: "money", hint: "e.g. 850,000" };
const CLOSING: FieldDef = {
  name: "closingDate",
  label: "Closing date",
  kind: "date",
  hint: "45 days from today if left empty",
};
const TAX: FieldDef = {
  name: "annualPropertyTax",
  label: "Yearly property tax",
  kind: "money",
  hint: "the seller's bill; leave empty to leave the proration out",
};

export const ESTIMATE_FIELDS: Record<Party, FieldDef[]> = {
  seller: [
    PRICE,
    CLOSING,
    { name: "loanPayoffs", label: "Loan payoffs", kind: "money", hint: "what you still owe on your loans" },
    { name: "assumedLoan", label: "Loan the buyer assumes", kind: "money", hint: "rare; left out of the transfer tax" },
    { name: "buyerAgentPay", label: "Buyer's agent pay (% or $)", kind: "share", hint: "e.g. 2.5% or 12,000" },
    { name: "sellerCredit", label: "Credit to the buyer", kind: "money" },
    {
      name: "ownerPolicy",
      label: "Owner's title policy",
      kind: "select",
      options: OWNER_POLICIES.map((p) => [p, OWNER_POLICY_LABELS[p]]),
      fallback: "homeowners",
    },
    TAX,
    { name: "hoaDocuments", label: "HOA documents", kind: "money" },
    { name: "hoaTransferFee", label: "HOA transfer fee", kind: "money" },
    {
      name: "principalResidence",
      label: "Is the home your principal residence?",
      kind: "select",
      options: [
        ["yes", "Yes (no California withholding)"],
        ["no", "No (3⅓% withheld at closing)"],
      ],
      fallback: "yes",
    },
    {
      name: "withholdingOnGain",
      label: "Withholding on the gain instead",
      kind: "money",
      hint: "optional: the amount from FTB Form 593's gain-based calculation, if you elect it",
    },
  ],
  buyer: [
    PRICE,
    CLOSING,
    { name: "downPayment", label: "Down payment (% or $)", kind: "share", hint: "20% if left empty; 100% is cash" },
    { name: "interestRate", label: "Interest rate (%)", kind: "rate", hint: "6.5 if left empty" },
    { name: "loanCosts", label: "Lender fees and points", kind: "money", hint: "from your Loan Estimate" },
    { name: "buyerAgentPay", label: "Your agent's pay (% or $)", kind: "share" },
    { name: "sellerPaysBuyerAgent", label: "Of it, paid by the seller (% or $)", kind: "share" },
    { name: "sellerCredit", label: "Credit from the seller", kind: "money" },
    { ...TAX, hint: "leave empty to leave the proration out" },
    { name: "recordingFees", label: "Recording fees", kind: "money" },
  ],
};

export type FieldErrors = Record<string, string[] | null | undefined>;

export function EstimateFields({
  side,
  values,
  errors,
  idPrefix,
}: {
  side: Party;
  /** What the form shows: the inputs as typed (or as a saved estimate's values). */
  values: Record<string, unknown>;
  errors: FieldErrors;
  /** Ids of one form on the page (two estimate forms may be on one page). */
  idPrefix: string;
}) {
  const other = Array.isArray(values.otherCosts) ? (values.otherCosts as Array<Record<string, unknown>>) : [];
  return (
    <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      {ESTIMATE_FIELDS[side].map((field) => (
        <Input
          key={field.name}
          field={field}
          value={values[field.name]}
          errors={errors[field.name]}
          idPrefix={idPrefix}
        />
      ))}
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-semibold">Other costs</legend>
        <p className="text-xs text-slate-600">
          {side === "seller" ? "A natural hazard report, a home warranty, repairs..." : "Inspections, moving..."}
        </p>
        {Array.from({ length: Math.max(OTHER_COST_ROWS, other.length) }, (_, i) => (
          <div key={i} className="mt-1 grid grid-cols-[1fr_9rem] gap-2">
            <Input
              field={{ name: `otherCosts[${i}].label`, label: `Other cost ${i + 1}`, kind: "text" }}
              value={other[i]?.label}
              errors={errors[`otherCosts[${i}].label`]}
              idPrefix={idPrefix}
            />
            <Input
              field={{ name: `otherCosts[${i}].amount`, label: `Amount ${i + 1}`, kind: "money" }}
              value={other[i]?.amount}
              errors={errors[`otherCosts[${i}].amount`]}
              idPrefix={idPrefix}
            />
          </div>
        ))}
      </fieldset>
    </div>
  );
}

function Input({
  field,
  value,
  errors,
  idPrefix,
}: {
  field: FieldDef;
  value: unknown;
  errors: string[] | null | undefined;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${field.name.replace(/[^\w-]/g, "-")}`;
  const error = errors?.[0];
  const common = {
    id,
    name: field.name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, field.hint, error),
    className: inputClass,
  };
  const shown = typeof value === "string" || typeof value === "number" ? String(value) : "";
  return (
    <FieldShell id={id} label={field.label} hint={field.hint} error={error}>
      {field.kind === "select" ? (
        <select {...common} defaultValue={shown || field.fallback}>
          {field.options!.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.kind === "date" ? "date" : "text"}
          inputMode={field.kind === "money" ? "decimal" : undefined}
          defaultValue={shown}
          maxLength={field.kind === "text" ? 100 : undefined}
        />
      )}
    </FieldShell>
  );
}
