/**
 * The signing page's body (/agreements/{id}/sign for a signed-in signer, /sign/{token} for a co-signer's
 * link): the agreement and who signs it, then the signer's next step: the E-SIGN consent with its versioned
 * disclosure, then the agency disclosure of a listing or buyer agreement shown in full with its acknowledgment,
 * opening the PDF, the signature (their
 * full legal name and "I agree"), or a decline with a reason; a consent given can be withdrawn. Plain forms;
 * with JavaScript, no reload and a pending label.
 */
import { formatPlainDate } from "~/lib/plain-date";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { card } from "~/components/card";
import { TextareaField, TextField } from "~/components/form-field";
import { buttonOutline, buttonPrimary, SubmitButton } from "~/components/submit-button";
import { AGREE_LABEL, AGREEMENT_STATUS_WORDS, SIGNER_ROLE_LABELS } from "~/lib/agreement-rules";
import { AGENCY_ACK_LABEL, CONSENT_LABEL, declineSchema, signSchema } from "~/lib/agreement-schema";
import { templateBlocks } from "~/lib/agreement-template";
import { formatDateTime } from "~/lib/format";
import { signingIntents } from "~/lib/intents";
import type { AgreementStatus, SignerRole } from "~/domain/enums";

export type SigningView = {
  agreement: {
    title: string;
    kind: string;
    status: AgreementStatus;
    endsOn: string | null;
    transactionId: number | null;
    signers: Array<{ name: string; role: SignerRole; forBroker: boolean; seatOpen: boolean; signedAt: string | null }>;
  };
  signer: {
    name: string;
    email: string;
    role: SignerRole;
    forBroker: boolean;
    legalName: string | null;
    firstName: string | null;
  };
  consented: boolean;
  withdrawn: boolean;
  viewed: boolean;
  signed: boolean;
  needsDisclosure: boolean;
  waitingFor: string | null;
  disclosure: { version: number; body: string };
  /** The agency disclosure in force (Civil Code §2079.16), shown in full when `needsDisclosure`. */
  agencyDisclosure: { version: number; body: string };
  pdfUrl: string;
  /** Where this signer goes next (their portal, the transaction's page), or null (a co-signer's link). */
  back: string | null;
};

const roleOf = (s: { role: SignerRole; forBroker: boolean }) =>
  s.forBroker ? "For the broker" : SIGNER_ROLE_LABELS[s.role];

export function SigningPanel({
  view,
  lastResult,
  error,
}: {
  view: SigningView;
  lastResult?: SubmissionResult<string[]> | null;
  error?: string | null;
}) {
  const { agreement } = view;
  const open = agreement.status === "sent";
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold">{agreement.title}</h1>
      <p className="mt-1 text-sm text-slate-600" data-testid="agreement-status">
        {AGREEMENT_STATUS_WORDS[agreement.status]}
        {agreement.endsOn ? ` · ends ${formatPlainDate(agreement.endsOn)}` : ""}
      </p>
      <p className="mt-3">
        <a className={buttonOutline} href={view.pdfUrl} target="_blank" rel="noreferrer">
          Open the PDF
        </a>
      </p>
      <ul className={`mt-4 ${card} divide-y divide-slate-100 text-sm`} aria-label="Signers">
        {agreement.signers.map((s, i) => (
          <li key={i} className="flex flex-wrap justify-between gap-2 px-4 py-2">
            <span>
              {s.seatOpen ? "The broker (or a licensee the broker named)" : s.name || "The client"}{" "}
              <span className="text-slate-500">({roleOf(s)})</span>
            </span>
            <span>{s.signedAt ? `Signed ${formatDateTime(s.signedAt)}` : "Not signed yet"}</span>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {view.signed ? (
        <NextAfterSigning view={view} />
      ) : !open ? (
        <p className="mt-6" data-testid="signing-closed">
          This agreement reads &ldquo;{AGREEMENT_STATUS_WORDS[agreement.status].toLowerCase()}&rdquo;: there is nothing
          to sign.
        </p>
      ) : view.waitingFor ? (
        <p className="mt-6" data-testid="signing-waiting">
          {view.waitingFor}.
        </p>
      ) : !view.consented ? (
        <ConsentForm view={view} lastResult={lastResult} />
      ) : view.needsDisclosure ? (
        <AgencyDisclosureForm view={view} lastResult={lastResult} />
      ) : (
        <SignForm view={view} lastResult={lastResult} />
      )}
      {view.consented && !view.signed && open ? <WithdrawForm /> : null}
      {open && !view.signed ? <DeclineForm lastResult={lastResult} /> : null}
    </div>
  );
}

/** What happens after this signer's signature, and the way back. */
function NextAfterSigning({ view }: { view: SigningView }) {
  const status = view.agreement.status;
  const waiting = view.agreement.signers.filter((s) => !s.signedAt);
  return (
    <section className={`mt-6 ${card} p-5`} data-testid="signing-done">
      <p className="font-semibold">You signed this agreement.</p>
      <p className="mt-2 text-sm text-slate-700" data-testid="signing-next">
        {status === "signed"
          ? "Everyone has signed: the PDF above is the sealed copy, and each of you is e-mailed a link to it."
          : status === "sealing"
            ? "Everyone has signed. The sealed copy is being made; we e-mail it to each of you as soon as it is ready."
            : waiting.length
              ? `Next: ${waiting.map((s) => (s.forBroker ? "the broker" : s.name || "the other signer")).join(" and ")} ${waiting.length === 1 ? "signs" : "sign"}. We have told them, and we e-mail you the signed copy once everyone has signed.`
              : "We e-mail you the signed copy once everyone has signed."}
      </p>
      {view.back ? (
        <p className="mt-3">
          <a className={buttonPrimary} href={view.back}>
            Back to your {view.back.startsWith("/admin") ? "transaction" : "portal"}
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** The E-SIGN disclosure (its version, shown as written) and the consent box; the agency disclosure where due. */
function ConsentForm({ view, lastResult }: { view: SigningView; lastResult?: SubmissionResult<string[]> | null }) {
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null>;
  return (
    <section aria-labelledby="consent-title" className={`mt-6 ${card} p-5`}>
      <h2 id="consent-title" className="text-lg font-semibold">
        {view.withdrawn ? "You withdrew your consent" : "Consent to sign electronically"}
      </h2>
      {view.withdrawn ? (
        <p className="mt-2 text-sm text-slate-700">
          Your agent will offer you this agreement on paper. To sign it here after all, consent again below.
        </p>
      ) : null}
      <div className="mt-2 grid gap-2 text-sm text-slate-700" data-testid="esign-disclosure">
        {templateBlocks(view.disclosure.body).map((b, i) =>
          b.kind === "heading" ? (
            i === 0 ? null : (
              <h3 key={i} className="mt-2 font-semibold text-slate-900">
                {b.text}
              </h3>
            )
          ) : (
            <p key={i}>{b.text}</p>
          ),
        )}
        <p className="text-xs text-slate-500">Disclosure version {view.disclosure.version}</p>
      </div>
      <Form method="post" preventScrollReset className="mt-4 grid gap-3">
        {view.consented ? null : (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="consent"
              required
              className="mt-1 h-5 w-5"
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? "consent-error" : undefined}
            />
            <span>{CONSENT_LABEL}</span>
          </label>
        )}
        {errors.consent?.[0] ? (
          <p id="consent-error" className="text-sm text-red-700">
            {errors.consent[0]}
          </p>
        ) : null}
        <div>
          <SubmitButton intent={signingIntents.consent} pendingLabel="Saving...">
            I consent
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/**
 * The agency disclosure (Civil Code §2079.16), shown in full, the version in force, after the consent and before the
 * agreement, with its own acknowledgment (§2079.14): its receipt acknowledged before the agreement is signed.
 */
function AgencyDisclosureForm({
  view,
  lastResult,
}: {
  view: SigningView;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null>;
  const blocks = templateBlocks(view.agencyDisclosure.body);
  return (
    <section aria-labelledby="agency-title" className={`mt-6 ${card} p-5`} data-testid="agency-disclosure">
      <h2 id="agency-title" className="text-lg font-semibold">
        Before you sign: the agency disclosure
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        California law (Civil Code §2079.14) asks us to give you this disclosure, and you to acknowledge it, before you
        sign a listing or buyer agreement. Please read it.
      </p>
      <div className="mt-3 grid gap-2 rounded-md border border-slate-200 p-4 text-sm text-slate-800">
        {blocks.map((b, i) =>
          b.kind === "heading" ? (
            <h3 key={i} className={`font-semibold text-slate-900 ${i === 0 ? "text-base" : "mt-2"}`}>
              {b.text}
            </h3>
          ) : (
            <p key={i} className={b.kind === "bold" ? "font-semibold" : undefined}>
              {b.text}
            </p>
          ),
        )}
        <p className="text-xs text-slate-500">
          Version {view.agencyDisclosure.version}. Civil Code §§2079.13 to 2079.24, which the form refers to, are at{" "}
          <a
            className="underline"
            href="https://leginfo.legislature.ca.gov/faces/codes_displayText.xhtml?lawCode=CIV&division=3.&title=6.&part=4.&chapter=3.&article=2."
            rel="noopener noreferrer"
          >
            leginfo.legislature.ca.gov
          </a>
          ; the signed copy includes this disclosure.
        </p>
      </div>
      <Form method="post" preventScrollReset className="mt-4 grid gap-3">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="acknowledge"
            required
            className="mt-1 h-5 w-5"
            aria-invalid={errors.acknowledge ? true : undefined}
            aria-describedby={errors.acknowledge ? "acknowledge-error" : undefined}
          />
          <span>{AGENCY_ACK_LABEL}</span>
        </label>
        {errors.acknowledge?.[0] ? (
          <p id="acknowledge-error" className="text-sm text-red-700">
            {errors.acknowledge[0]}
          </p>
        ) : null}
        <div>
          <SubmitButton intent={signingIntents.agency} pendingLabel="Saving...">
            I acknowledge
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

const signConstraint = getZodConstraint(signSchema);

function SignForm({ view, lastResult }: { view: SigningView; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: "sign",
    lastResult:
      (lastResult?.initialValue as { intent?: string } | null | undefined)?.intent === signingIntents.sign
        ? lastResult
        : undefined,
    constraint: signConstraint,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signSchema }),
  });
  const { legalName, firstName } = view.signer;
  return (
    <section aria-labelledby="sign-title" className={`mt-6 ${card} p-5`}>
      <h2 id="sign-title" className="text-lg font-semibold">
        Sign
      </h2>
      {view.viewed ? null : form.allErrors.viewed?.[0] ? (
        <p className="mt-2 text-sm font-semibold text-red-700" role="alert" data-testid="open-first">
          {form.allErrors.viewed[0]}: the record shows when you opened it.
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-700" data-testid="open-first">
          Open the PDF above and read it before you sign: the record shows when you opened it.
        </p>
      )}
      <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-3 grid gap-3">
        <TextField
          field={fields.typedName}
          label="Type your full legal name"
          hint={
            legalName
              ? `As the agreement names you: ${legalName}. It is shown as your signature.`
              : `Your given name and family name${firstName ? `, beginning with ${firstName}` : ""}. It becomes the name on your account and is shown as your signature.`
          }
          autoComplete="name"
        />
        <label className="flex items-start gap-2 text-sm">
          <input {...getInputProps(fields.agree, { type: "checkbox" })} className="mt-1 h-5 w-5" />
          <span>{AGREE_LABEL}</span>
        </label>
        {fields.agree.errors?.[0] ? (
          <p className="text-sm text-red-700" id={fields.agree.errorId}>
            {fields.agree.errors[0]}
          </p>
        ) : null}
        <div>
          <SubmitButton intent={signingIntents.sign} pendingLabel="Signing...">
            Sign
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function WithdrawForm() {
  return (
    <details className="mt-6 text-sm">
      <summary className="cursor-pointer font-semibold">Withdraw my consent to sign electronically</summary>
      <Form method="post" preventScrollReset className="mt-3 grid gap-3">
        <p className="text-slate-700">
          The agreement then waits for you, and your agent offers it to you on paper. Nothing you signed before is
          undone.
        </p>
        <div>
          <SubmitButton intent={signingIntents.withdraw} pendingLabel="Withdrawing..." className={buttonOutline}>
            Withdraw my consent
          </SubmitButton>
        </div>
      </Form>
    </details>
  );
}

const declineConstraint = getZodConstraint(declineSchema);

function DeclineForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: "decline",
    lastResult:
      (lastResult?.initialValue as { intent?: string } | null | undefined)?.intent === signingIntents.decline
        ? lastResult
        : undefined,
    constraint: declineConstraint,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: declineSchema }),
  });
  return (
    <details className="mt-6 text-sm">
      <summary className="cursor-pointer font-semibold">Decline to sign</summary>
      <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-3 grid gap-3">
        <TextareaField field={fields.reason} label="Why you decline" rows={3} />
        <div>
          <SubmitButton intent={signingIntents.decline} pendingLabel="Declining..." className={buttonOutline}>
            Decline
          </SubmitButton>
        </div>
      </Form>
    </details>
  );
}
