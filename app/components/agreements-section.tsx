/**
 * A transaction's agreements (app/sections/agreements.server.ts): each with its status, end date and
 * signers, its PDF and its signing page; in the workspace, staff prepare one from a template or a PDF of
 * the transaction (a co-signer by name and e-mail), send it and void it. Plain forms.
 */
import { formatPlainDate } from "~/lib/plain-date";
import type React from "react";
import { Form, useSubmit } from "@remix-run/react";
import { PageSection } from "~/components/page-section";
import { buttonOutline, buttonSmall, SubmitButton } from "~/components/submit-button";
import { describedBy, FieldShell, inputClass } from "~/components/field-shell";
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
  /** Signed on paper and recorded by staff. */
  recorded?: boolean;
  /** The compensation in short ("2.5% of the price, at most $25,000"), when it is structured. */
  compensation?: string | null;
  /** A buyer that is not a person (an LLC, a corporation, a partnership, a trust). */
  buyerEntity?: string | null;
  /** A listing's protection period, its list of buyers given to the seller, and whether staff may give it now. */
  protection?: { days: number; list: string[]; listSentOn: string | null; mayGiveList: boolean } | null;
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
  /** A sale's listing agreement, or a purchase's buyer agreement. */
  kind: "listing" | "buyer";
  /** The broker's usual buyer's broker compensation, the form's default. */
  compensation: { type: "amount" | "percent"; value: number; cap?: number } | null;
  /** A listing's protection period by default. */
  protectionDays: number;
  /** The transaction's documents a paper agreement may be recorded from, and its client's name. */
  documents: Array<{ id: number; name: string }>;
  clientName: string;
};

/** A refused prepare form: each field's error, and what was typed. */
export type PrepareAnswer = { message: string; errors: Record<string, string[]>; values: Record<string, string> };

export function AgreementsSection({
  list,
  staff,
  prepare = null,
  answer,
  recordAnswer,
}: {
  list: Listed[];
  staff: boolean;
  prepare?: PrepareData | null;
  answer?: PrepareAnswer;
  /** A refused "Record a paper agreement". */
  recordAnswer?: PrepareAnswer;
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
                {a.recorded
                  ? `Signed by ${a.signers.map((s) => s.name).join(" and ")}`
                  : a.signers
                      .map(
                        (s) =>
                          `${s.name}: ${s.signedAt ? "signed" : "not signed"}${s.consentWithdrawn ? " (consent withdrawn: offer paper)" : ""}`,
                      )
                      .join(" · ")}
              </p>
              {a.compensation ? (
                <p className="mt-1 text-slate-600" data-testid="agreement-compensation">
                  Compensation: {a.compensation}
                  {a.buyerEntity ? ` · the buyer is ${ENTITY_WORDS[a.buyerEntity] ?? a.buyerEntity}` : ""}
                </p>
              ) : null}
              {a.protection ? (
                <div className="mt-1 text-slate-600" data-testid="protection">
                  <p>
                    Protection period: {a.protection.days} days after the term
                    {a.protection.listSentOn
                      ? `; the list of buyers was given on ${formatPlainDate(a.protection.listSentOn)}: ${a.protection.list.join(", ")}`
                      : "."}
                  </p>
                  {staff && a.protection.mayGiveList ? (
                    <Form method="post" preventScrollReset className="mt-2 grid max-w-md gap-2">
                      <input type="hidden" name="agreementId" value={a.id} />
                      <label htmlFor={`protection-${a.id}`} className="font-semibold">
                        Buyers shown the home during the term (one a line)
                      </label>
                      <textarea id={`protection-${a.id}`} name="names" rows={3} required className={inputClass} />
                      <div>
                        <SubmitButton
                          intent={agreementIntents.protectionList}
                          pendingLabel="Sending..."
                          className={buttonSmall}
                        >
                          Give the seller the protection list
                        </SubmitButton>
                      </div>
                    </Form>
                  ) : null}
                </div>
              ) : null}
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
      {staff && prepare ? <RecordForm prepare={prepare} answer={recordAnswer} /> : null}
    </PageSection>
  );
}

const sourceValue = (s: { kind: string; id: number } | null) => (s ? `${s.kind}-${s.id}` : "");

const ENTITY_WORDS: Record<string, string> = {
  corporation: "a corporation",
  llc: "a limited liability company",
  partnership: "a partnership",
  trust: "a trust",
};

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
              <TermFields labels={["Starts on", "Ends on"]} prepare={prepare} value={value} error={error} />
              {prepare.kind === "buyer" ? (
                <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3" data-testid="prepare-compensation">
                  <legend className="font-semibold">
                    Buyer&apos;s broker compensation (an amount, or a percentage of the price)
                  </legend>
                  <CompensationFields
                    buyer
                    value={value}
                    error={(name) =>
                      error(name) ?? (name === "compensation" ? error("field.buyerBrokerCompensation") : undefined)
                    }
                    defaults={{
                      type: prepare.compensation?.type ?? "percent",
                      value: prepare.compensation ? String(prepare.compensation.value) : "",
                      cap: prepare.compensation?.cap === undefined ? "" : String(prepare.compensation.cap),
                      protectionDays: String(prepare.protectionDays),
                    }}
                  />
                </fieldset>
              ) : (
                <CompensationFields
                  buyer={false}
                  only="protectionDays"
                  value={value}
                  error={error}
                  defaults={{ type: "amount", value: "", cap: "", protectionDays: String(prepare.protectionDays) }}
                />
              )}
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

/**
 * "Record a paper agreement": an uploaded document of the transaction (a C.A.R. form signed on paper, or elsewhere)
 * as the listing or buyer agreement in force, with its dates, its compensation and who signed (app/models/agreement-record.server.ts).
 */
function RecordForm({ prepare, answer }: { prepare: PrepareData; answer?: PrepareAnswer }) {
  const value = (name: string, fallback: string) => answer?.values[name] ?? fallback;
  const error = (name: string) => answer?.errors[name]?.[0];
  const buyer = prepare.kind === "buyer";
  return (
    <details className="mt-4 text-sm" open={Boolean(answer)} data-testid="record-agreement">
      <summary className="cursor-pointer font-semibold">Record an agreement signed on paper</summary>
      {prepare.documents.length === 0 ? (
        <p className="mt-2 text-slate-600">
          Upload the signed agreement to the Documents first: it is recorded from there.
        </p>
      ) : (
        <Form method="post" preventScrollReset className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
          {answer ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800 sm:col-span-2">
              {answer.message}
            </p>
          ) : null}
          <input type="hidden" name="kind" value={prepare.kind} />
          <PrepareSelect
            prefix="record"
            name="documentId"
            label={buyer ? "The signed buyer agreement" : "The signed listing agreement"}
            defaultValue={value("documentId", String(prepare.documents[0]!.id))}
            options={prepare.documents.map((d) => [String(d.id), d.name])}
            error={error("documentId")}
          />
          <TermFields
            prefix="record"
            labels={["Starts on (the day it was made)", "Ends on (as the paper says)"]}
            prepare={prepare}
            value={value}
            error={error}
          />
          <CompensationFields
            prefix="record"
            buyer={buyer}
            value={value}
            error={error}
            defaults={{ type: buyer ? "percent" : "amount", value: "", cap: "", protectionDays: "" }}
          />
          <PrepareField
            prefix="record"
            name="signerName1"
            label="Who signed (full legal name)"
            defaultValue={value("signerName1", prepare.clientName)}
            error={error("signers")}
            autoComplete="off"
          />
          <PrepareField
            prefix="record"
            name="signerName2"
            label="Also signed (optional)"
            defaultValue={value("signerName2", "")}
            autoComplete="off"
          />
          <div className="sm:col-span-2">
            <SubmitButton intent={agreementIntents.record} pendingLabel="Recording..." className={buttonOutline}>
              Record the agreement
            </SubmitButton>
          </div>
        </Form>
      )}
    </details>
  );
}

/** Who buys, as the prepare and record forms offer it (Civil Code §1670.50(d)(1) exempts the first three entities). */
export const BUYER_ENTITY_OPTIONS: Array<[string, string]> = [
  ["person", "A person (three months at most)"],
  ["trust", "A trust (three months at most)"],
  ["llc", "A limited liability company"],
  ["corporation", "A corporation"],
  ["partnership", "A partnership"],
];

/**
 * The agreement's term in both of the section's forms: the day it starts and the day it ends, prefilled as
 * app/sections/agreements.server.ts suggests them, each with its error beside it.
 */
function TermFields({
  labels: [startLabel, endLabel],
  prepare,
  value,
  error,
  prefix,
}: {
  labels: [string, string];
  prepare: Pick<PrepareData, "startsOn" | "endsOn">;
  value: (name: string, fallback: string) => string;
  error: (name: string) => string | undefined;
  prefix?: string;
}) {
  return (
    <>
      <PrepareField
        prefix={prefix}
        name="startsOn"
        label={startLabel}
        type="date"
        defaultValue={value("startsOn", prepare.startsOn)}
        error={error("startsOn")}
      />
      <PrepareField
        prefix={prefix}
        name="endsOn"
        label={endLabel}
        type="date"
        defaultValue={value("endsOn", prepare.endsOn)}
        error={error("endsOn")}
      />
    </>
  );
}

/**
 * The compensation an agreement states, in both of the section's forms (prepare one, record one signed on paper),
 * with the same labels: its kind, its value, a cap; and who buys (a purchase) or the protection period (a sale).
 */
function CompensationFields({
  prefix = "prepare",
  buyer,
  only,
  value,
  error,
  defaults,
}: {
  prefix?: string;
  buyer: boolean;
  /** The listing agreement's prepare form shows the protection period alone (its fee is a field of the template). */
  only?: "protectionDays";
  value: (name: string, fallback: string) => string;
  error: (name: string) => string | undefined;
  defaults: { type: string; value: string; cap: string; protectionDays: string };
}) {
  const protection = (
    <PrepareField
      prefix={prefix}
      name="protectionDays"
      label="Protection period after the term (days)"
      inputMode="numeric"
      defaultValue={value("protectionDays", defaults.protectionDays)}
      error={error("protectionDays")}
    />
  );
  if (only === "protectionDays") return protection;
  return (
    <>
      <PrepareSelect
        prefix={prefix}
        name="compensationType"
        label="Kind"
        defaultValue={value("compensationType", defaults.type)}
        options={[
          ["percent", "Percentage of the price"],
          ["amount", "Amount in dollars"],
        ]}
      />
      <PrepareField
        prefix={prefix}
        name="compensationValue"
        label="Percentage (%) or amount ($)"
        inputMode="decimal"
        defaultValue={value("compensationValue", defaults.value)}
        error={error("compensation")}
      />
      <PrepareField
        prefix={prefix}
        name="compensationCap"
        label="At most ($, optional)"
        inputMode="decimal"
        defaultValue={value("compensationCap", defaults.cap)}
      />
      {buyer ? (
        <PrepareSelect
          prefix={prefix}
          name="buyerEntity"
          label="Who buys"
          defaultValue={value("buyerEntity", "person")}
          options={BUYER_ENTITY_OPTIONS}
          error={error("buyerEntity")}
        />
      ) : (
        protection
      )}
    </>
  );
}

/** A select of the prepare form, in the frame of every field (field-shell.tsx), with its error beside it. */
export function PrepareSelect({
  name,
  label,
  options,
  error,
  defaultValue,
  prefix = "prepare",
}: {
  name: string;
  label: string;
  options: Array<[string, string]>;
  error?: string;
  defaultValue?: string;
  /** The ids' prefix: "prepare", or "record" for the record form on the same page. */
  prefix?: string;
}) {
  const id = `${prefix}-${name.replace(/\W/g, "-")}`;
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** One field of the prepare form, in the frame of every field (field-shell.tsx), with its error beside it. */
export function PrepareField({
  name,
  label,
  error,
  prefix = "prepare",
  ...input
}: { name: string; label: string; error?: string; prefix?: string } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "name"
>) {
  const id = `${prefix}-${name.replace(/\W/g, "-")}`;
  return (
    <FieldShell id={id} label={label} error={error}>
      <input
        id={id}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        {...input}
      />
    </FieldShell>
  );
}
