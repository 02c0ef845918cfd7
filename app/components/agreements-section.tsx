/**
 * A transaction's agreements (app/sections/agreements.server.ts): each with its status, end date and
 * signers, its PDF and its signing page; on the Manage page, staff prepare one from a template or a PDF of
 * the transaction (a co-signer by name and e-mail), send it and void it. Plain forms.
 */
import { formatPlainDate } from "~/lib/plain-date";
import type React from "react";
import { Form, useSubmit } from "@remix-run/react";
import { PageSection } from "~/components/page-section";
import { buttonOutline, buttonSmall, SubmitButton } from "~/components/submit-button";
import { inputClass } from "~/components/field-shell";
import { agreementIntents } from "~/lib/intents";
import type { AgreementStatus } from "~/domain/enums";

type Listed = {
  id: number;
  title: string;
  status: AgreementStatus;
  endsOn: string | null;
  sealError?: string | null;
  /** Where it stands, in words, for the one reading (app/lib/agreement-rules.ts `agreementState`). */
  state: string;
  signers: Array<{ id: number; name: string; role: string; signedAt: string | null; consentWithdrawn: boolean }>;
  pdf: string;
  sign: string;
};

/** The prepare form's data (app/sections/agreements.server.ts `agreementsData`). */
export type PrepareData = {
  templates: Array<{ id: number; name: string; kind: string; version: number }>;
  pdfs: Array<{ id: number; name: string }>;
  chosen: { kind: "template" | "document"; id: number } | null;
  fields: Array<{ name: string; label: string; value: string }>;
  startsOn: string;
  endsOn: string;
  open: boolean;
};

/** A refused prepare form: each field's error, and what was typed. */
export type PrepareAnswer = { message: string; errors: Record<string, string[]>; values: Record<string, string> };

export function AgreementsSection({
  list,
  staff,
  prepare = null,
  answer,
}: {
  list: Listed[];
  staff: boolean;
  prepare?: PrepareData | null;
  answer?: PrepareAnswer;
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
                {a.state}
                {a.endsOn ? ` · ends ${formatPlainDate(a.endsOn)}` : ""}
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
                {a.status === "sent" && (staff || a.state === "Waiting for your signature") ? (
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
      {staff && prepare ? <PrepareForm prepare={prepare} answer={answer} /> : null}
    </PageSection>
  );
}

const sourceValue = (s: { kind: string; id: number } | null) => (s ? `${s.kind}-${s.id}` : "");

/**
 * Preparing an agreement: first the source (a template that fits the transaction's side, or a PDF of it), chosen
 * by a plain GET form ("Choose"; with JavaScript, on change), then that source's form: the template's own fields,
 * prefilled, the dates, a co-signer. A refused form shows each error beside its field.
 */
function PrepareForm({ prepare, answer }: { prepare: PrepareData; answer?: PrepareAnswer }) {
  const submit = useSubmit();
  const value = (name: string, fallback: string) => answer?.values[name] ?? fallback;
  const error = (name: string) => answer?.errors[name]?.[0];
  const chosen = prepare.chosen;
  return (
    <details className="mt-4 text-sm" open={prepare.open || Boolean(answer)}>
      <summary className="cursor-pointer font-semibold">Prepare an agreement</summary>
      <Form method="get" preventScrollReset className="mt-3 flex flex-wrap items-end gap-2" action="#agreements">
        <label className="grid gap-1">
          <span>From</span>
          <select
            name="agreementFrom"
            className={inputClass}
            defaultValue={sourceValue(chosen)}
            onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
          >
            {prepare.templates.map((t) => (
              <option key={t.id} value={`template-${t.id}`}>
                {t.name} (version {t.version})
              </option>
            ))}
            {prepare.pdfs.map((d) => (
              <option key={d.id} value={`document-${d.id}`}>
                A PDF of this transaction: {d.name}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className={buttonOutline}>
            Choose
          </button>
        </noscript>
      </Form>
      {chosen ? (
        <Form method="post" preventScrollReset className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
          {answer ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 sm:col-span-2">
              {answer.message}
            </p>
          ) : null}
          {chosen.kind === "template" ? (
            <input type="hidden" name="templateId" value={chosen.id} />
          ) : (
            <input type="hidden" name="documentId" value={chosen.id} />
          )}
          {chosen.kind === "template" ? (
            <>
              <PrepareField
                name="startsOn"
                label="Starts on"
                type="date"
                defaultValue={value("startsOn", prepare.startsOn)}
                error={error("startsOn")}
              />
              <PrepareField
                name="endsOn"
                label="Ends on"
                type="date"
                defaultValue={value("endsOn", prepare.endsOn)}
                error={error("endsOn")}
              />
              <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
                <legend className="font-semibold">The agreement&apos;s fields (filled in from the records)</legend>
                {prepare.fields.map((f) => (
                  <PrepareField
                    key={f.name}
                    name={`field.${f.name}`}
                    label={f.label}
                    defaultValue={value(`field.${f.name}`, f.value)}
                    error={error(`field.${f.name}`) ?? error("fields")}
                  />
                ))}
              </fieldset>
            </>
          ) : null}
          <PrepareField
            name="cosignerName"
            label="Co-signer's full legal name (optional)"
            defaultValue={value("cosignerName", "")}
            error={error("cosignerName")}
            autoComplete="off"
          />
          <PrepareField
            name="cosignerEmail"
            label="Co-signer's e-mail"
            type="email"
            defaultValue={value("cosignerEmail", "")}
            error={error("cosignerEmail")}
            autoComplete="off"
          />
          <div className="sm:col-span-2">
            <SubmitButton intent={agreementIntents.prepare} pendingLabel="Preparing..." className={buttonOutline}>
              Prepare
            </SubmitButton>
          </div>
        </Form>
      ) : null}
    </details>
  );
}

/** One field of the prepare form, with its error beside it (aria-invalid, aria-describedby). */
function PrepareField({
  name,
  label,
  error,
  ...input
}: { name: string; label: string; error?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">) {
  const id = `prepare-${name.replace(/\W/g, "-")}`;
  return (
    <div className="grid gap-1">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
