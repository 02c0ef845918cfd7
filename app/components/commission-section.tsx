/**
 * The Manage page's "Commission" (issue 46, docs/payouts.md; admins): the split of the commission by the agent's
 * plan, each line explained (the figures of the commission disbursement authorization), what is missing to compute
 * it, the payout once the transaction completed, and the form for the referring broker and the escrow officer.
 */
import { Form } from "@remix-run/react";
import { inputClass } from "~/components/field-shell";
import { PageSection } from "~/components/page-section";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { commissionIntents } from "~/lib/intents";

export type CommissionData =
  | { ready: true; lines: string[]; terms: Terms; payout: string | null }
  | { ready: false; missing: string[]; terms: Terms; payout: string | null };
type Terms = { referralBroker: string; referralLicense: string; referralPercent: string; escrowEmail: string };

export function CommissionSection({ data }: { data: CommissionData }) {
  const input = (name: keyof Terms, label: string, type = "text") => (
    <div>
      <label htmlFor={`commission-${name}`} className="block text-sm font-semibold">
        {label}
      </label>
      <input id={`commission-${name}`} name={name} type={type} defaultValue={data.terms[name]} className={inputClass} />
    </div>
  );
  return (
    <PageSection id="commission" title="Commission">
      {data.ready ? (
        <ul className="mt-2 space-y-1 text-sm" data-testid="commission-lines">
          {data.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700" data-testid="commission-missing">
          The split needs {data.missing.join(", ")}.
        </p>
      )}
      {data.payout ? (
        <p className="mt-2 text-sm font-semibold" data-testid="commission-payout">
          {data.payout}
        </p>
      ) : null}
      <Form method="post" preventScrollReset className="mt-4 grid gap-2 sm:grid-cols-4">
        {input("referralBroker", "Referring broker")}
        {input("referralLicense", "Their DRE license")}
        {input("referralPercent", "Referral fee (% of gross)")}
        {input("escrowEmail", "Escrow officer's e-mail", "email")}
        <div className="sm:col-span-4">
          <SubmitButton intent={commissionIntents.terms} pendingLabel="Saving..." className={buttonOutline}>
            Save the commission terms
          </SubmitButton>
        </div>
      </Form>
    </PageSection>
  );
}
