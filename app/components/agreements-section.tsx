/**
 * A transaction's agreements (app/sections/agreements.server.ts): each with its status, end date and
 * signers, its PDF and its signing page; on the Manage page, staff prepare one from a template or a PDF of
 * the transaction (a co-signer by name and e-mail), send it and void it. Plain forms.
 */
import { Form } from "@remix-run/react";
import { PageSection } from "~/components/page-section";
import { buttonOutline, buttonSmall, SubmitButton } from "~/components/submit-button";
import { inputClass } from "~/components/field-shell";
import { TEMPLATE_FIELDS } from "~/lib/agreement-template";
import { agreementIntents } from "~/lib/intents";
import { AGREEMENT_STATUS_WORDS } from "~/lib/agreement-rules";
import type { AgreementStatus } from "~/domain/enums";

type Listed = {
  id: number;
  title: string;
  status: AgreementStatus;
  endsOn: string | null;
  sealError?: string | null;
  signers: Array<{ id: number; name: string; role: string; signedAt: string | null; consentWithdrawn: boolean }>;
  pdf: string;
  sign: string;
};

export function AgreementsSection({
  list,
  staff,
  templates = [],
  pdfs = [],
  prefilled = {},
  today,
}: {
  list: Listed[];
  staff: boolean;
  templates?: Array<{ id: number; name: string; kind: string; version: number }>;
  pdfs?: Array<{ id: number; name: string }>;
  prefilled?: Record<string, string>;
  today: string;
}) {
  return (
    <PageSection id="agreements" title="Agreements" className="mt-8">
      {list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No agreements yet.</p>
      ) : (
        <ul className="mt-3 grid gap-3" aria-label="Agreements">
          {list.map((a) => (
            <li key={a.id} className="rounded-lg border border-slate-200 p-4 text-sm" data-testid="agreement">
              <p className="font-semibold">{a.title}</p>
              <p className="text-slate-600" data-testid="agreement-state">
                {AGREEMENT_STATUS_WORDS[a.status]}
                {a.endsOn ? ` · ends ${a.endsOn}` : ""}
              </p>
              <p className="mt-1 text-slate-600">
                {a.signers
                  .map(
                    (s) =>
                      `${s.name}: ${s.signedAt ? "signed" : "not signed"}${s.consentWithdrawn ? " (consent withdrawn: offer paper)" : ""}`,
                  )
                  .join(" · ")}
              </p>
              {staff && a.status === "sealing" && a.sealError ? (
                <p className="mt-1 text-red-700" data-testid="seal-error">
                  The sealed copy could not be made yet: {a.sealError}
                </p>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-2">
                <a className={buttonSmall} href={a.pdf} target="_blank" rel="noreferrer">
                  PDF
                </a>
                {a.status === "sent" ? (
                  <a className={buttonSmall} href={a.sign}>
                    {staff ? "Countersign" : "Review and sign"}
                  </a>
                ) : null}
                {staff && a.status === "sealing" ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="agreementId" value={a.id} />
                    <SubmitButton intent={agreementIntents.retrySeal} pendingLabel="Sealing..." className={buttonSmall}>
                      Retry the seal
                    </SubmitButton>
                  </Form>
                ) : null}
                {staff && a.status === "sent"
                  ? a.signers
                      .filter((s) => s.role === "cosigner" && !s.signedAt)
                      .map((s) => (
                        <Form key={s.id} method="post" preventScrollReset>
                          <input type="hidden" name="agreementId" value={a.id} />
                          <input type="hidden" name="signerId" value={s.id} />
                          <SubmitButton
                            intent={agreementIntents.resend}
                            pendingLabel="Sending..."
                            className={buttonSmall}
                          >
                            Resend {s.name}&apos;s link
                          </SubmitButton>
                        </Form>
                      ))
                  : null}
                {staff && (a.status === "draft" || a.status === "sent") ? (
                  <Form method="post" preventScrollReset className="flex gap-2">
                    <input type="hidden" name="agreementId" value={a.id} />
                    {a.status === "draft" ? (
                      <SubmitButton intent={agreementIntents.send} pendingLabel="Sending..." className={buttonSmall}>
                        Send for signature
                      </SubmitButton>
                    ) : null}
                    <SubmitButton intent={agreementIntents.void} pendingLabel="Voiding..." className={buttonSmall}>
                      Void
                    </SubmitButton>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {staff ? (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-semibold">Prepare an agreement</summary>
          <Form method="post" preventScrollReset className="mt-3 grid gap-3 sm:grid-cols-2">
            <label className="grid gap-1 sm:col-span-2">
              <span>From</span>
              <select name="templateId" className={inputClass} defaultValue={templates[0]?.id}>
                {templates.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name} (version {t.version})
                  </option>
                ))}
              </select>
            </label>
            {pdfs.length ? (
              <label className="grid gap-1 sm:col-span-2">
                <span>Or a PDF of this transaction</span>
                <select name="documentId" className={inputClass} defaultValue="">
                  <option value="">None: use the template</option>
                  {pdfs.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <label className="grid gap-1">
              <span>Starts on</span>
              <input type="date" name="startsOn" defaultValue={today} className={inputClass} />
            </label>
            <label className="grid gap-1">
              <span>Ends on</span>
              <input type="date" name="endsOn" className={inputClass} />
            </label>
            <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
              <legend className="font-semibold">The template&apos;s fields (filled in from the transaction)</legend>
              {TEMPLATE_FIELDS.map((f) => (
                <label key={f.name} className="grid gap-1">
                  <span>{f.label}</span>
                  <input name={`field.${f.name}`} defaultValue={prefilled[f.name] ?? ""} className={inputClass} />
                </label>
              ))}
            </fieldset>
            <label className="grid gap-1">
              <span>Co-signer&apos;s name (optional)</span>
              <input name="cosignerName" className={inputClass} autoComplete="off" />
            </label>
            <label className="grid gap-1">
              <span>Co-signer&apos;s e-mail</span>
              <input type="email" name="cosignerEmail" className={inputClass} autoComplete="off" />
            </label>
            <div className="sm:col-span-2">
              <SubmitButton intent={agreementIntents.prepare} pendingLabel="Preparing..." className={buttonOutline}>
                Prepare
              </SubmitButton>
            </div>
          </Form>
        </details>
      ) : null}
    </PageSection>
  );
}
