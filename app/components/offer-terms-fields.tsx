/**
 * The terms of an offer's round (a new offer, a counter): the API's names, so a form posts what the API
 * takes (app/lib/offer-schema.ts). On a counter a blank field keeps the round before's value, which its
 * placeholder shows. Each field shows its error under it (aria-invalid, aria-describedby).
 */
import { FINANCING_TYPES } from "~/domain/enums";
import { describedBy, FieldShell, inputClass } from "~/components/field-shell";
import { FINANCING_LABELS } from "~/lib/offer-schema";

type Def = {
  name: string;
  label: string;
  kind: "money" | "share" | "days" | "percent" | "financing" | "expiry" | "note";
  hint?: string;
};

const FIELDS: Def[] = [
  { name: "price", label: "Price", kind: "money" },
  { name: "financing", label: "Financing", kind: "financing" },
  { name: "downPaymentPercent", label: "Down payment (%)", kind: "percent" },
  { name: "deposit", label: "Initial deposit ($)", kind: "money" },
  { name: "closeOfEscrowDays", label: "Close of escrow (days)", kind: "days", hint: "after acceptance" },
  { name: "contingencies.investigation", label: "Investigation (days)", kind: "days", hint: "0 = waived" },
  { name: "contingencies.appraisal", label: "Appraisal (days)", kind: "days", hint: "0 = waived" },
  { name: "contingencies.loan", label: "Loan (days)", kind: "days", hint: "0 = waived" },
  { name: "sellerCredit", label: "Seller credit ($)", kind: "money" },
  {
    name: "buyerAgentPay",
    label: "Buyer's agent pay asked of the seller ($ or %)",
    kind: "share",
    hint: "e.g. 12,000 or 2.5% of the price",
  },
  {
    name: "expiresAt",
    label: "Answer by (San Diego time)",
    kind: "expiry",
    hint: "as the form says; left empty: 5:00 PM on the third day after it is made",
  },
  { name: "note", label: "Note", kind: "note" },
];

export function OfferTermsFields({
  idPrefix,
  values = {},
  placeholders = {},
  errors = {},
  priceRequired,
  staff,
}: {
  idPrefix: string;
  values?: Record<string, string>;
  /** A counter's: the round before's values, kept when a field is left blank. */
  placeholders?: Record<string, string>;
  errors?: Record<string, string[]>;
  priceRequired: boolean;
  /** Whose form it is: the note's hint says who reads it. */
  staff: boolean;
}) {
  return (
    <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      {FIELDS.map((f) => {
        const id = `${idPrefix}-${f.name.replace(".", "-")}`;
        const error = errors[f.name]?.[0];
        const hint =
          f.kind === "note"
            ? staff
              ? "The client sees this note, in the portal and in their e-mail, once the offer is shared with them."
              : "Your agent sees this note."
            : f.hint;
        const common = {
          id,
          name: f.name,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy(id, hint, error),
          className: inputClass,
        };
        const label = f.name === "price" && priceRequired ? "Price*" : f.label;
        return (
          <FieldShell
            key={f.name}
            id={id}
            label={label}
            hint={hint}
            error={error}
            className={f.kind === "note" ? "sm:col-span-2" : undefined}
          >
            {f.kind === "financing" ? (
              <select {...common} defaultValue={values[f.name] ?? ""}>
                {placeholders[f.name] !== undefined ? (
                  <option value="">Unchanged ({placeholders[f.name]})</option>
                ) : null}
                {FINANCING_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {FINANCING_LABELS[type]}
                  </option>
                ))}
              </select>
            ) : f.kind === "note" ? (
              <textarea {...common} rows={2} maxLength={5000} defaultValue={values[f.name] ?? ""} />
            ) : (
              <input
                {...common}
                type={f.kind === "expiry" ? "datetime-local" : "text"}
                inputMode={
                  f.kind === "expiry" || f.kind === "share" ? undefined : f.kind === "money" ? "numeric" : "decimal"
                }
                required={f.name === "price" && priceRequired}
                defaultValue={values[f.name] ?? ""}
                placeholder={placeholders[f.name]}
              />
            )}
          </FieldShell>
        );
      })}
    </div>
  );
}
