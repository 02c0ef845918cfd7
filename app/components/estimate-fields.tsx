/**
 * The inputs of an estimate, by side: the public pages' GET form (/net-sheet, /cash-to-close), a saved
 * estimate's form (the portal, the workspace) and a sale's seller figures (the Offers section) render
 * them. The inputs that decide the figure first; the rest folded under "More costs" (open when one of them
 * holds a value or an error), so that on a phone the result is not twenty fields away. Plain named inputs
 * whose values are what people type ("850,000", "2.5%"); an amount is shown grouped ("1,150,000") however
 * it was typed; each field shows its error under it (aria-invalid, aria-describedby).
 */
import type { Party } from "~/domain/enums";
import { DEFAULT_COSTS, type AgencyCosts } from "~/lib/estimate";
import { OTHER_COST_ROWS } from "~/lib/estimate-schema";
import { formatMoney, typedMoney } from "~/lib/money";
import { OWNER_POLICIES, OWNER_POLICY_LABELS } from "~/lib/title-rates";
import { describedBy, FieldShell, inputClass } from "~/components/field-shell";

type FieldDef = {
  name: string;
  label: string;
  hint?: string;
  kind: "money" | "share" | "date" | "rate" | "count" | "text" | "select";
  options?: Array<[value: string, label: string]>;
  /** A select's value when none is given: the schema's default. */
  fallback?: string;
  /** The agency's usual figure this field falls back to when left empty (its hint says it). */
  usual?: keyof Omit<AgencyCosts, "escrow">;
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
  hint: "from the seller's tax bill (not the price: Proposition 13); the net is incomplete without it",
};

/** The seller's own figures (everything but the sale's terms), first the ones that decide the net. */
const SELLER_FIGURES_MAIN: FieldDef[] = [
  CLOSING,
  { name: "loanPayoffs", label: "Loan payoffs", kind: "money", hint: "what you still owe on your loans" },
  TAX,
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
];

const SELLER_FIGURES_MORE: FieldDef[] = [
  {
    name: "loansPaidOff",
    label: "Loans paid off",
    kind: "count",
    hint: "1 if you have payoffs and leave it empty",
  },
  {
    name: "payoffInterestRate",
    label: "Your loan's interest rate (%)",
    kind: "rate",
    hint: "for the interest since your last payment; none if left empty",
  },
  {
    name: "reconveyancePerLoan",
    label: "Reconveyance and recording, per loan",
    kind: "money",
    usual: "reconveyancePerLoanCents",
  },
  {
    name: "ownerPolicy",
    label: "Owner's title policy",
    kind: "select",
    options: OWNER_POLICIES.map((p) => [p, OWNER_POLICY_LABELS[p]]),
    fallback: "homeowners",
  },
  { name: "hoaDocuments", label: "HOA documents", kind: "money" },
  { name: "hoaTransferFee", label: "HOA transfer fee", kind: "money" },
  { name: "nhdReport", label: "Natural hazard disclosure report", kind: "money", usual: "nhdReportCents" },
  { name: "homeWarranty", label: "Home warranty for the buyer", kind: "money", usual: "homeWarrantyCents" },
  { name: "notaryCourier", label: "Notary and courier", kind: "money", usual: "notaryCourierCents" },
  { name: "assumedLoan", label: "Loan the buyer assumes", kind: "money", hint: "rare; left out of the transfer tax" },
  {
    name: "withholdingOnGain",
    label: "Withholding on the gain instead",
    kind: "money",
    hint: "optional: the amount from FTB Form 593's gain-based calculation, if you elect it",
  },
];

type FieldGroups = { main: FieldDef[]; more: FieldDef[] };

export const ESTIMATE_FIELDS: Record<Party | "figures", FieldGroups> = {
  seller: {
    main: [
      PRICE,
      {
        name: "buyerAgentPay",
        label: "Buyer's agent pay (% or $)",
        kind: "share",
        hint: "e.g. 2.5% or 12,000; 0 if you pay none (the net is incomplete without it)",
      },
      { name: "sellerCredit", label: "Credit to the buyer", kind: "money" },
      ...SELLER_FIGURES_MAIN,
    ],
    more: SELLER_FIGURES_MORE,
  },
  /** A sale's seller figures (app/sections/seller-figures.server.ts): the offers give the price and terms. */
  figures: { main: SELLER_FIGURES_MAIN, more: SELLER_FIGURES_MORE },
  buyer: {
    main: [
      PRICE,
      CLOSING,
      { name: "downPayment", label: "Down payment (% or $)", kind: "share", hint: "20% if left empty; 100% is cash" },
      { name: "interestRate", label: "Interest rate (%)", kind: "rate", hint: "6.5 if left empty" },
      {
        name: "loanCosts",
        label: "Lender fees and points",
        kind: "money",
        hint: "from your Loan Estimate; the total is incomplete without it",
      },
      {
        name: "recordingFees",
        label: "Recording fees",
        kind: "money",
        hint: "the deed and the loan; the total is incomplete without them",
      },
      { name: "deposit", label: "Your initial deposit", kind: "money", hint: "paid into escrow: credited at closing" },
      { name: "buyerAgentPay", label: "Your agent's pay (% or $)", kind: "share" },
      { name: "sellerPaysBuyerAgent", label: "Of it, paid by the seller (% or $)", kind: "share" },
      { name: "sellerCredit", label: "Credit from the seller", kind: "money" },
      { ...TAX, hint: "the seller's bill; the total is incomplete without it" },
    ],
    more: [
      { name: "homeownersInsurance", label: "Homeowner's insurance, first year", kind: "money" },
      {
        name: "impounds",
        label: "Impounds (tax and insurance reserve)",
        kind: "money",
        hint: "from your Loan Estimate",
      },
    ],
  },
};

export type FieldErrors = Record<string, string[] | null | undefined>;

export function EstimateFields({
  side,
  values,
  errors,
  idPrefix,
  costs = DEFAULT_COSTS,
}: {
  side: Party | "figures";
  /** What the form shows: the inputs as typed (or as a saved estimate's values). */
  values: Record<string, unknown>;
  errors: FieldErrors;
  /** Ids of one form on the page (two estimate forms may be on one page). */
  idPrefix: string;
  /** The agency's usual figures, which the hints name. */
  costs?: AgencyCosts;
}) {
  const other = Array.isArray(values.otherCosts) ? (values.otherCosts as Array<Record<string, unknown>>) : [];
  const groups = ESTIMATE_FIELDS[side];
  const input = (field: FieldDef) => (
    <Input
      key={field.name}
      field={field}
      value={values[field.name]}
      errors={errors[field.name]}
      idPrefix={idPrefix}
      costs={costs}
    />
  );
  const filled = (v: unknown) => (typeof v === "string" ? v.trim() !== "" : v !== undefined && v !== null);
  const open =
    groups.more.some((f) => filled(values[f.name]) || errors[f.name]) ||
    other.some((row) => filled(row.amount)) ||
    Object.keys(errors).some((k) => k.startsWith("otherCosts"));
  return (
    <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      {groups.main.map(input)}
      <details className="rounded-md border border-slate-200 px-3 py-1 sm:col-span-2" open={open || undefined}>
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
          More costs {side === "buyer" ? "(insurance, impounds, others)" : "(title, HOA, reports, others)"}
        </summary>
        <div className="grid gap-x-4 gap-y-1 pb-2 sm:grid-cols-2">
          {groups.more.map(input)}
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-semibold">Other costs</legend>
            <p className="text-xs text-slate-600">
              {side === "buyer" ? "Inspections, moving..." : "Repairs, staging..."}
            </p>
            {Array.from({ length: Math.max(OTHER_COST_ROWS, other.length) }, (_, i) => (
              <div key={i} className="mt-1 grid grid-cols-[1fr_9rem] gap-2">
                <Input
                  field={{ name: `otherCosts[${i}].label`, label: `Other cost ${i + 1}`, kind: "text" }}
                  value={other[i]?.label}
                  errors={errors[`otherCosts[${i}].label`]}
                  idPrefix={idPrefix}
                  costs={costs}
                />
                <Input
                  field={{ name: `otherCosts[${i}].amount`, label: `Amount ${i + 1}`, kind: "money" }}
                  value={other[i]?.amount}
                  errors={errors[`otherCosts[${i}].amount`]}
                  idPrefix={idPrefix}
                  costs={costs}
                />
              </div>
            ))}
          </fieldset>
        </div>
      </details>
    </div>
  );
}

function Input({
  field,
  value,
  errors,
  idPrefix,
  costs,
}: {
  field: FieldDef;
  value: unknown;
  errors: string[] | null | undefined;
  idPrefix: string;
  costs: AgencyCosts;
}) {
  const id = `${idPrefix}-${field.name.replace(/[^\w-]/g, "-")}`;
  const error = errors?.[0];
  const usual = field.usual ? costs[field.usual] : undefined;
  const hint =
    field.usual === undefined
      ? field.hint
      : usual === null || usual === undefined
        ? "none if left empty"
        : `${formatMoney(usual)} (the agency's usual figure) if left empty`;
  const common = {
    id,
    name: field.name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
    className: inputClass,
  };
  const shown = typeof value === "string" || typeof value === "number" ? String(value) : "";
  return (
    <FieldShell id={id} label={field.label} hint={hint} error={error}>
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
          inputMode={
            field.kind === "money" || field.kind === "rate" ? "decimal" : field.kind === "count" ? "numeric" : undefined
          }
          defaultValue={field.kind === "money" ? typedMoney(shown) : shown}
          maxLength={field.kind === "text" ? 100 : undefined}
        />
      )}
    </FieldShell>
  );
}
