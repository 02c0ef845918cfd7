/**
 * /admin/agreements (admins): the agreements waiting for the admin's signature (any kind; the broker's seat), the
 * brokerage's agreement templates (docs/agreements.md), the flat-fee listing
 * agreement and the buyer representation agreement, the E-SIGN consumer disclosure signers consent to, and the texts
 * the law writes (the agency disclosure of Civil Code §2079.16, the notices of B&P §10147.5), each with its source.
 * Saving a text adds its next version: an agreement already prepared keeps the version it was made from, a
 * consent the version it was given to. A template without the §10147.5 notice in bold immediately before the
 * compensation section, or without its end date, is refused with the reason; a disclosure without one of the
 * topics E-SIGN asks for too.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { card } from "~/components/card";
import { TextareaField, TextField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { requireAdmin } from "~/infra/guards.server";
import { readForm } from "~/infra/http.server";
import { refuse } from "~/infra/page-action.server";
import { disclosureSchema, legalTextSchema, templateSchema } from "~/lib/agreement-schema";
import { LEGAL_TEXT_KINDS } from "~/domain/enums";
import { LEGAL_TEXT_TITLES } from "~/lib/legal-texts";
import { currentLegalText, legalTextVersions, saveLegalText } from "~/models/legal-text.server";
import { TEMPLATE_FIELDS } from "~/lib/agreement-template";
import { InvalidInputError } from "~/lib/errors";
import { formatDate } from "~/lib/format";
import { privatePageMeta } from "~/lib/seo";
import { listTemplates, saveTemplate, templateVersions } from "~/models/agreement-template.server";
import { currentDisclosure, saveDisclosure } from "~/models/consent-disclosure.server";
import { waitingForStaff } from "~/models/agreement-lists.server";
import { WaitingForSignature } from "~/components/waiting-for-signature";

/** The disclosure form's intent (the templates' forms send none). */
const DISCLOSURE_INTENT = "save-disclosure";
/** A legal text's form (the agency disclosure, the §10147.5 notices). */
const LEGAL_TEXT_INTENT = "save-legal-text";

export const meta: MetaFunction = () => privatePageMeta("Agreements");

const HERE = "/admin/agreements";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const disclosure = currentDisclosure(db);
  return {
    legalTexts: LEGAL_TEXT_KINDS.map((kind) => {
      const current = currentLegalText(db, kind);
      return {
        kind,
        title: LEGAL_TEXT_TITLES[kind],
        version: current.version,
        body: current.body,
        source: current.source,
        versions: legalTextVersions(db, kind).map((v) => ({
          version: v.version,
          createdAt: v.createdAt.toISOString(),
        })),
      };
    }),
    waiting: waitingForStaff(db, admin).map((w) => ({ ...w, since: w.since?.toISOString() ?? null })),
    disclosure: { version: disclosure.version, body: disclosure.body },
    templates: listTemplates(db, admin).map((t) => ({
      ...t,
      createdAt: t.createdAt.toISOString(),
      versions: templateVersions(db, admin, t.kind).map((v) => ({
        version: v.version,
        createdAt: v.createdAt.toISOString(),
      })),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  if (form.get("intent") === LEGAL_TEXT_INTENT) {
    const submission = parseWithZod(form, { schema: legalTextSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      const saved = saveLegalText(getDb(), admin, submission.value);
      return redirectWithToast(`${HERE}#${saved.kind}`, {
        title: "Saved",
        description: `${LEGAL_TEXT_TITLES[saved.kind]}: version ${saved.version}. It applies from the next agreement; those signed keep theirs.`,
      });
    } catch (error) {
      if (error instanceof InvalidInputError) {
        return data({ result: submission.reply({ fieldErrors: error.fieldErrors }) }, { status: 400 });
      }
      return refuse(error, { back: HERE });
    }
  }
  if (form.get("intent") === DISCLOSURE_INTENT) {
    const submission = parseWithZod(form, { schema: disclosureSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      const saved = saveDisclosure(getDb(), admin, submission.value.body);
      return redirectWithToast(`${HERE}#disclosure`, {
        title: "Saved",
        description: `The consent disclosure: version ${saved.version}. Consents already given keep theirs.`,
      });
    } catch (error) {
      if (error instanceof InvalidInputError) {
        return data({ result: submission.reply({ fieldErrors: error.fieldErrors }) }, { status: 400 });
      }
      return refuse(error, { back: HERE });
    }
  }
  const submission = parseWithZod(form, { schema: templateSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const saved = saveTemplate(getDb(), admin, submission.value);
    return redirectWithToast(`${HERE}#${saved.kind}`, {
      title: "Saved",
      description: `${saved.name}: version ${saved.version}. Agreements already prepared keep their version.`,
    });
  } catch (error) {
    if (error instanceof InvalidInputError) {
      return data({ result: submission.reply({ fieldErrors: error.fieldErrors }) }, { status: 400 });
    }
    return refuse(error, { back: HERE });
  }
}

export default function AdminAgreements() {
  const { templates, disclosure, waiting, legalTexts } = useLoaderData<typeof loader>();
  const answer = useActionData<{ result: SubmissionResult<string[]> }>();
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold">Agreements</h1>
      <WaitingForSignature rows={waiting} className={`mt-4 ${card} p-5`} />
      <p className="mt-2 text-sm text-slate-600">
        The brokerage&apos;s own agreement texts, prepared on a transaction or signed from the site. Places to fill in:{" "}
        {TEMPLATE_FIELDS.map((f) => `{{${f.name}}}`).join(", ")}, {"{{startsOn}}"}, {"{{endsOn}}"}. A line starting with
        &quot;# &quot; is a heading; a paragraph between ** and ** is bold. Have the broker&apos;s counsel review a text
        before it is used.
      </p>
      {templates.map((t) => (
        <TemplateForm key={t.kind} template={t} lastResult={answer?.result} />
      ))}
      <DisclosureForm disclosure={disclosure} lastResult={answer?.result} />
      <h2 className="mt-8 text-xl font-bold">The texts the law writes</h2>
      <p className="mt-1 text-sm text-slate-600">
        Each is shown to signers or printed in agreements as it is saved here. When the law changes, read the statute at
        its source, paste its text, say where and when you read it, and save: the next agreement uses the new version;
        those signed keep theirs.
      </p>
      {legalTexts.map((t) => (
        <LegalTextForm key={t.kind} text={t} lastResult={answer?.result} />
      ))}
    </div>
  );
}

const constraint = getZodConstraint(templateSchema);

function TemplateForm({
  template,
  lastResult,
}: {
  template: {
    kind: string;
    name: string;
    body: string;
    version: number;
    versions: Array<{ version: number; createdAt: string }>;
  };
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `template-${template.kind}`,
    lastResult:
      (lastResult?.initialValue as { kind?: string } | null | undefined)?.kind === template.kind
        ? lastResult
        : undefined,
    constraint,
    defaultValue: { kind: template.kind, name: template.name, body: template.body },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: templateSchema }),
  });
  return (
    <section id={template.kind} aria-labelledby={`${template.kind}-title`} className={`mt-6 ${card} scroll-mt-24 p-5`}>
      <h2 id={`${template.kind}-title`} className="text-lg font-semibold">
        {template.name} <span className="text-sm font-normal text-slate-600">(version {template.version})</span>
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3">
        <input type="hidden" name="kind" value={template.kind} />
        <TextField field={fields.name} label="Name" />
        <TextareaField field={fields.body} label="Text" rows={18} className="font-mono" />
        <div>
          <SubmitButton pendingLabel="Saving...">Save as a new version</SubmitButton>
        </div>
      </Form>
      <p className="mt-3 text-sm text-slate-600">
        Versions: {template.versions.map((v) => `${v.version} (${formatDate(v.createdAt)})`).join(", ")}
      </p>
    </section>
  );
}

const disclosureConstraint = getZodConstraint(disclosureSchema);

/** The E-SIGN consumer disclosure's next version. */
function DisclosureForm({
  disclosure,
  lastResult,
}: {
  disclosure: { version: number; body: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "disclosure",
    lastResult:
      (lastResult?.initialValue as { intent?: string } | null | undefined)?.intent === DISCLOSURE_INTENT
        ? lastResult
        : undefined,
    constraint: disclosureConstraint,
    defaultValue: { body: disclosure.body },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: disclosureSchema }),
  });
  return (
    <section id="disclosure" aria-labelledby="disclosure-title" className={`mt-6 ${card} scroll-mt-24 p-5`}>
      <h2 id="disclosure-title" className="text-lg font-semibold">
        Consent to sign electronically{" "}
        <span className="text-sm font-normal text-slate-600">(version {disclosure.version})</span>
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        What every signer reads before consenting (E-SIGN, 15 U.S.C. §7001(c)). Keep its sections: paper copies,
        withdrawing, what this consent covers, your e-mail address, what you need.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3">
        <TextareaField field={fields.body} label="Text" rows={14} className="font-mono" />
        <div>
          <SubmitButton intent={DISCLOSURE_INTENT} pendingLabel="Saving...">
            Save as a new version
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

const legalTextConstraint = getZodConstraint(legalTextSchema);

/** A legal text's next version (the agency disclosure of Civil Code §2079.16, a notice of B&P §10147.5). */
function LegalTextForm({
  text,
  lastResult,
}: {
  text: {
    kind: string;
    title: string;
    version: number;
    body: string;
    source: string;
    versions: Array<{ version: number; createdAt: string }>;
  };
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `legal-${text.kind}`,
    lastResult:
      (lastResult?.initialValue as { kind?: string } | null | undefined)?.kind === text.kind ? lastResult : undefined,
    constraint: legalTextConstraint,
    defaultValue: { kind: text.kind, body: text.body, source: text.source },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: legalTextSchema }),
  });
  return (
    <section id={text.kind} aria-labelledby={`${text.kind}-title`} className={`mt-6 ${card} scroll-mt-24 p-5`}>
      <h3 id={`${text.kind}-title`} className="text-lg font-semibold">
        {text.title} <span className="text-sm font-normal text-slate-600">(version {text.version})</span>
      </h3>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3">
        <input type="hidden" name="kind" value={text.kind} />
        <TextareaField
          field={fields.body}
          label="Text"
          rows={text.kind === "agency_disclosure" ? 18 : 3}
          className="font-mono"
        />
        <TextareaField field={fields.source} label="Source (the statute, its address, the day read)" rows={2} />
        <div>
          <SubmitButton intent={LEGAL_TEXT_INTENT} pendingLabel="Saving...">
            Save as a new version
          </SubmitButton>
        </div>
      </Form>
      <p className="mt-3 text-sm text-slate-600">
        Versions: {text.versions.map((v) => `${v.version} (${formatDate(v.createdAt)})`).join(", ")}
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
