/**
 * The signing page's body (/agreements/{id}/sign for a signed-in signer, /sign/{token} for a co-signer's
 * link): the agreement and who signs it, then the signer's next step: the E-SIGN consent (and a client's
 * agency disclosure before their first agreement), the signature (a typed name and "I agree"), or a decline
 * with a reason. Plain forms; with JavaScript, no reload and a pending label.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { card } from "~/components/card";
import { TextareaField, TextField } from "~/components/form-field";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { AGREE_LABEL } from "~/lib/agreement-rules";
import { declineSchema, signSchema } from "~/lib/agreement-schema";
import { formatDateTime } from "~/lib/format";
import { signingIntents } from "~/lib/intents";

export type SigningView = {
  agreement: {
    title: string;
    status: string;
    endsOn: string | null;
    signers: Array<{ name: string; role: string; signedAt: string | null }>;
  };
  signer: { name: string; email: string; role: string };
  consented: boolean;
  signed: boolean;
  needsDisclosure: boolean;
  waitingFor: string | null;
  pdfUrl: string;
};

const ROLE = { client: "Client", cosigner: "Co-signer", agent: "Agent or broker" } as Record<string, string>;

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
        Status: {agreement.status}
        {agreement.endsOn ? ` · ends ${agreement.endsOn}` : ""}
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
              {s.name} <span className="text-slate-500">({ROLE[s.role] ?? s.role})</span>
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
        <p className="mt-6 font-semibold" data-testid="signing-done">
          You signed this agreement.{" "}
          {agreement.status === "signed" ? "Everyone has signed: the PDF above is the sealed copy." : ""}
        </p>
      ) : !open ? (
        <p className="mt-6" data-testid="signing-closed">
          This agreement is {agreement.status}: there is nothing to sign.
        </p>
      ) : view.waitingFor ? (
        <p className="mt-6" data-testid="signing-waiting">
          {view.waitingFor}.
        </p>
      ) : !view.consented ? (
        <ConsentForm needsDisclosure={view.needsDisclosure} />
      ) : (
        <SignForm name={view.signer.name} lastResult={lastResult} />
      )}
      {open && !view.signed ? <DeclineForm lastResult={lastResult} /> : null}
    </div>
  );
}

/** What E-SIGN (15 U.S.C. §7001(c)) asks a consumer to be told before consenting. */
function ConsentForm({ needsDisclosure }: { needsDisclosure: boolean }) {
  return (
    <section aria-labelledby="consent-title" className={`mt-6 ${card} p-5`}>
      <h2 id="consent-title" className="text-lg font-semibold">
        Consent to sign electronically
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          <strong>What it covers:</strong> this agreement and the records of it we send you (the signed copy, the
          certificate of completion).
        </li>
        <li>
          <strong>Paper:</strong> you may ask for a paper copy at any time, free of charge, by e-mail or phone to the
          office.
        </li>
        <li>
          <strong>Withdrawing:</strong> you may withdraw your consent by telling us before you sign; we then prepare the
          agreement on paper. Withdrawing does not undo what you signed before.
        </li>
        <li>
          <strong>Your e-mail address:</strong> tell your agent or the office when it changes, so the records reach you.
        </li>
        <li>
          <strong>What you need:</strong> a device with a current web browser and a PDF reader (any browser opens the
          PDF above; if it opened, you can read the records).
        </li>
      </ul>
      <Form method="post" preventScrollReset className="mt-4 grid gap-3">
        {needsDisclosure ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="agencyDisclosure" required className="mt-1 h-5 w-5" />
            <span>
              I have read the{" "}
              <a className="underline" href="/ca-disclosures#agency" target="_blank" rel="noreferrer">
                Disclosure Regarding Real Estate Agency Relationships
              </a>{" "}
              (Civil Code §2079.16).
            </span>
          </label>
        ) : null}
        <div>
          <SubmitButton intent={signingIntents.consent} pendingLabel="Saving...">
            I consent to sign electronically
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

const signConstraint = getZodConstraint(signSchema);

function SignForm({ name, lastResult }: { name: string; lastResult?: SubmissionResult<string[]> | null }) {
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
  return (
    <section aria-labelledby="sign-title" className={`mt-6 ${card} p-5`}>
      <h2 id="sign-title" className="text-lg font-semibold">
        Sign
      </h2>
      <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-3 grid gap-3">
        <TextField
          field={fields.typedName}
          label="Your full name"
          hint={`Type it as the agreement names you: ${name}. It is shown as your signature.`}
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
