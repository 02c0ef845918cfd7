/**
 * The Money tab's "Commission" (docs/payouts.md; admins): the compensation and where it comes from, the split of
 * the commission by the agent's plan, each line explained to the cent (the figures of the commission disbursement
 * authorization), what is missing to compute it, the payout once the transaction completed, and the form for the
 * referring broker, the escrow officer and escrow's number, and the parties as on the contract.
 */
import { Form } from "@remix-run/react";
import { inputClass } from "~/components/field-shell";
import { PageSection } from "~/components/page-section";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { commissionIntents } from "~/lib/intents";

export type CommissionData = { compensation: string; terms: Terms; payout: string | null; cda: CdaData } & (
  { ready: true; lines: string[] } | { ready: false; missing: string[] }
);
type CdaData = {
  versions: Array<{
    version: number;
    status: "current" | "superseded";
    words: string;
    url: string | null;
    escrowUrl: string | null;
  }>;
  stale: boolean;
  blockers: string[];
  /** An agent's lapsed license: the broker may approve with a written reason. */
  license: string | null;
  mayApprove: boolean;
  /** Why this person may not approve (the duty is the broker's), or null. */
  duty: string | null;
};

/** The CDA's versions, what keeps it from approval, and "Approve and send to escrow". */
function CdaBlock({ cda }: { cda: CdaData }) {
  return (
    <div className="mt-4 border-t border-slate-200 pt-3" data-testid="cda">
      <h3 className="text-base font-semibold">Commission disbursement authorization</h3>
      {cda.versions.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">Not approved yet.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {cda.versions.map((v) => (
            <li key={v.version}>
              {v.words}
              {v.escrowUrl ? (
                <>
                  {" · "}
                  <a href={v.escrowUrl} className="font-semibold text-brand-700 underline">
                    Escrow&apos;s copy
                  </a>
                </>
              ) : null}
              {v.url ? (
                <>
                  {" · "}
                  <a href={v.url} className="font-semibold text-brand-700 underline">
                    Brokerage&apos;s copy
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {cda.stale ? (
        <p className="mt-1 text-sm font-semibold text-amber-800">
          The figures changed since the current version: approve a new one (escrow is told the old one is superseded).
        </p>
      ) : null}
      {cda.blockers.length ? (
        <ul className="mt-1 list-disc pl-5 text-sm text-slate-700" data-testid="cda-blockers">
          {cda.blockers.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      ) : null}
      {cda.duty ? (
        <p className="mt-2 text-sm font-semibold text-slate-800" data-testid="cda-duty">
          {cda.duty}.
        </p>
      ) : cda.mayApprove ? (
        <Form method="post" preventScrollReset className="mt-2 space-y-2">
          {cda.license ? (
            <div>
              <label htmlFor="cda-override" className="block text-sm font-semibold">
                The broker&apos;s reason to approve despite the license
              </label>
              <textarea id="cda-override" name="override" rows={2} required className={inputClass} />
            </div>
          ) : null}
          <SubmitButton intent={commissionIntents.approveCda} pendingLabel="Sending...">
            Approve and send to escrow
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}
type Terms = {
  referralBroker: string;
  referralLicense: string;
  referralPercent: string;
  escrowEmail: string;
  escrowNumber: string;
  sellerNames: string;
  buyerNames: string;
  /** The parties as read from the records, shown while none are entered. */
  sellersFound: string;
  buyersFound: string;
};

export function CommissionSection({ data }: { data: CommissionData }) {
  const names = (name: "sellerNames" | "buyerNames", label: string, found: string) => (
    <div className="sm:col-span-2">
      <label htmlFor={`commission-${name}`} className="block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={`commission-${name}`}
        name={name}
        rows={2}
        defaultValue={data.terms[name]}
        placeholder={found}
        aria-describedby={`commission-${name}-hint`}
        className={inputClass}
      />
      <p id={`commission-${name}-hint`} className="text-xs text-slate-700">
        {found && !data.terms[name] ? `From the records: ${found}. ` : ""}One name a line.
      </p>
    </div>
  );
  const input = (name: keyof Terms, label: string, type = "text", wide = false) => (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={`commission-${name}`} className="block text-sm font-semibold">
        {label}
      </label>
      <input id={`commission-${name}`} name={name} type={type} defaultValue={data.terms[name]} className={inputClass} />
    </div>
  );
  return (
    <PageSection id="commission" title="Commission">
      <p className="mt-2 text-sm" data-testid="commission-compensation">
        <span className="font-semibold">Compensation:</span> {data.compensation}
      </p>
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
        {input("referralPercent", "Referral fee (% of gross)", "text", true)}
        {input("escrowEmail", "Escrow officer's e-mail", "email", true)}
        {input("escrowNumber", "Escrow number", "text", true)}
        {names("sellerNames", "Sellers, as on the contract", data.terms.sellersFound)}
        {names("buyerNames", "Buyers, as on the contract", data.terms.buyersFound)}
        <div className="sm:col-span-4">
          <SubmitButton intent={commissionIntents.terms} pendingLabel="Saving..." className={buttonOutline}>
            Save the commission terms
          </SubmitButton>
        </div>
      </Form>
      <CdaBlock cda={data.cda} />
    </PageSection>
  );
}
