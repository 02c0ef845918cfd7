import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { CampaignEmailForm, CampaignForm } from "~/components/campaign-forms";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import type { User } from "~/db/schema";
import {
  campaignEmailFormSchema,
  campaignEmailSchema,
  campaignSchema,
  emailRefSchema,
  moveSchema,
} from "~/lib/admin-schemas";
import { requireAdmin } from "~/infra/guards.server";
import { idField } from "~/lib/form-values";
import { countOf } from "~/lib/plural";
import { idParam, modelCall, readForm } from "~/infra/http.server";
import { intentOf, refuse, unknownIntent, type Refusal } from "~/infra/page-action.server";
import { InvalidInputError } from "~/lib/errors";
import { campaignIntents } from "~/lib/intents";
import { privatePageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/infra/flash-toast.server";
import {
  addCampaignEmail,
  getCampaign,
  moveCampaignEmail,
  removeCampaignEmail,
  updateCampaign,
  updateCampaignEmail,
} from "~/models/campaign.server";
import { buildDripEmail } from "~/models/drip-email.server";
import { card } from "~/components/card";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privatePageMeta(data ? `Campaign: ${data.campaign.name}` : "Campaign");

/** The sample lead of the preview. */
const SAMPLE_LEAD = { email: "alex.sample@example.com", firstName: "Alex", lastName: "Sample" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const { campaign, emails, joinsNewLeads } = modelCall(() => getCampaign(getDb(), admin, id));
  const previewId = idField.safeParse(new URL(request.url).searchParams.get("preview")).data;
  const previewed = emails.find((e) => e.id === previewId);
  const preview = previewed ? buildDripEmail(0, SAMPLE_LEAD, previewed) : null;
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      type: campaign.type,
      description: campaign.description ?? "",
      isActive: campaign.isActive,
    },
    joinsNewLeads,
    emails: emails.map((e) => ({
      id: e.id,
      sequence: e.sequence,
      subject: e.subject,
      content: e.content,
      delayDays: e.delayDays,
      isActive: e.isActive,
    })),
    preview:
      preview && previewed
        ? { emailId: previewed.id, subject: preview.subject, html: preview.html, text: preview.text }
        : null,
  };
}

type ActionData = { intent: string; emailId?: number; result: SubmissionResult<string[]>; refusal?: Refusal };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const formData = await readForm(request);
  switch (intentOf(formData, campaignIntents)) {
    case campaignIntents.updateCampaign:
      return updateCampaignAction(admin, id, formData);
    case campaignIntents.addEmail:
      return addEmailAction(admin, id, formData);
    case campaignIntents.updateEmail:
      return updateEmailAction(admin, id, formData);
    case campaignIntents.moveEmail:
      return moveEmailAction(admin, id, formData);
    case campaignIntents.removeEmail:
      return removeEmailAction(admin, id, formData);
    default:
      return unknownIntent();
  }
}

const here = (id: number) => `/admin/campaigns/${id}`;

async function updateCampaignAction(admin: User, id: number, formData: FormData) {
  const intent = campaignIntents.updateCampaign;
  const submission = parseWithZod(formData, { schema: campaignSchema });
  if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
  try {
    updateCampaign(getDb(), admin, id, submission.value);
  } catch (error) {
    return refuse(error, { data: { intent, result: submission.reply() } });
  }
  return redirectWithToast(here(id), { description: "Campaign saved." });
}

async function addEmailAction(admin: User, id: number, formData: FormData) {
  const intent = campaignIntents.addEmail;
  const submission = parseWithZod(formData, { schema: campaignEmailSchema });
  if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
  try {
    addCampaignEmail(getDb(), admin, id, submission.value);
  } catch (error) {
    return refuse(error, { data: { intent, result: submission.reply() } });
  }
  return redirectWithToast(here(id), { description: "E-mail added to the sequence." });
}

async function updateEmailAction(admin: User, id: number, formData: FormData) {
  const intent = campaignIntents.updateEmail;
  const submission = parseWithZod(formData, { schema: campaignEmailFormSchema });
  if (submission.status !== "success") {
    const emailId = idField.safeParse(formData.get("emailId")).data;
    return data<ActionData>({ intent, emailId, result: submission.reply() }, { status: 400 });
  }
  const { emailId, ...input } = submission.value;
  try {
    updateCampaignEmail(getDb(), admin, id, emailId, input);
  } catch (error) {
    return refuse(error, { data: { intent, emailId, result: submission.reply() } });
  }
  return redirectWithToast(here(id), { description: "E-mail saved." });
}

async function moveEmailAction(admin: User, id: number, formData: FormData) {
  const parsed = moveSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose an e-mail and a direction"), { back: here(id) });
  try {
    moveCampaignEmail(getDb(), admin, id, parsed.data.emailId, parsed.data.direction);
  } catch (error) {
    return refuse(error, { back: here(id) });
  }
  return redirectWithToast(here(id), { description: "Sequence reordered." });
}

async function removeEmailAction(admin: User, id: number, formData: FormData) {
  const parsed = emailRefSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return refuse(new InvalidInputError("Choose an e-mail"), { back: here(id) });
  try {
    removeCampaignEmail(getDb(), admin, id, parsed.data.emailId);
  } catch (error) {
    return refuse(error, { back: here(id) });
  }
  return redirectWithToast(here(id), { description: "E-mail removed from the sequence." });
}

export default function Campaign() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const location = useLocation();
  const editId = idField.safeParse(new URLSearchParams(location.search).get("edit")).data;
  const c = d.campaign;
  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/admin/campaigns" className="text-sm text-brand-700 underline">
        Back to Campaigns
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">{c.name}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {c.isActive ? "Active" : "Inactive: it sends nothing until it is active again"}
        {d.joinsNewLeads ? " · new leads join this campaign" : ""}
      </p>

      <section aria-labelledby="details-title" className={`mt-6 ${card} p-6`}>
        <h2 id="details-title" className="mb-3 text-lg font-semibold">
          Details
        </h2>
        <CampaignForm
          key={`${c.name}-${c.isActive}`}
          id={`campaign-${c.id}`}
          intent={campaignIntents.updateCampaign}
          submitLabel="Save campaign"
          defaultValue={c}
          lastResult={actionData?.intent === campaignIntents.updateCampaign ? actionData.result : undefined}
        />
      </section>

      <section aria-labelledby="sequence-title" className="mt-6">
        <h2 id="sequence-title" className="text-lg font-semibold">
          E-mail sequence
        </h2>
        <p className="text-sm text-slate-600">
          E-mail 1 is due its delay after the lead writes; each next one its delay after the previous one. Inactive
          e-mails are skipped. Changes apply to enrolled leads from their next e-mail on.
        </p>
        {d.emails.length === 0 ? <p className="mt-3 text-slate-600">No e-mails yet.</p> : null}
        <ol className="mt-3 space-y-3">
          {d.emails.map((e, i) => (
            <li key={e.id} className={`${card} p-4`} data-testid="campaign-email">
              {editId === e.id ? (
                <CampaignEmailForm
                  id={`email-${e.id}`}
                  intent={campaignIntents.updateEmail}
                  submitLabel="Save e-mail"
                  emailId={e.id}
                  defaultValue={e}
                  cancelHref={here(c.id)}
                  lastResult={
                    actionData?.intent === campaignIntents.updateEmail && actionData.emailId === e.id
                      ? actionData.result
                      : undefined
                  }
                />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="font-semibold">
                      <span className="text-slate-500">{e.sequence}. </span>
                      {e.subject}
                    </p>
                    <p className="text-sm text-slate-600">
                      {e.delayDays === 0 ? "At once" : `${countOf(e.delayDays, "day")} later`} ·{" "}
                      {e.isActive ? "Active" : "Inactive (skipped)"}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <Link
                      to={`?preview=${e.id}#preview`}
                      preventScrollReset
                      className="font-semibold text-brand-700 underline"
                      aria-label={`Preview ${e.subject}`}
                    >
                      Preview
                    </Link>
                    <Link
                      to={`?edit=${e.id}`}
                      preventScrollReset
                      className="font-semibold text-brand-700 underline"
                      aria-label={`Edit ${e.subject}`}
                    >
                      Edit
                    </Link>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="emailId" value={e.id} />
                      <input type="hidden" name="direction" value="up" />
                      <SubmitButton
                        intent={campaignIntents.moveEmail}
                        pendingLabel="Moving..."
                        disabled={i === 0}
                        className={`${buttonOutline} px-2 py-1 text-xs`}
                        aria-label={`Move up: ${e.subject}`}
                      >
                        ↑ Up
                      </SubmitButton>
                    </Form>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="emailId" value={e.id} />
                      <input type="hidden" name="direction" value="down" />
                      <SubmitButton
                        intent={campaignIntents.moveEmail}
                        pendingLabel="Moving..."
                        disabled={i === d.emails.length - 1}
                        className={`${buttonOutline} px-2 py-1 text-xs`}
                        aria-label={`Move down: ${e.subject}`}
                      >
                        ↓ Down
                      </SubmitButton>
                    </Form>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="emailId" value={e.id} />
                      <SubmitButton
                        intent={campaignIntents.removeEmail}
                        pendingLabel="Removing..."
                        className="rounded-md border border-red-700 px-2 py-1 text-xs font-semibold text-red-800"
                        aria-label={`Remove ${e.subject}`}
                      >
                        Remove
                      </SubmitButton>
                    </Form>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ol>
      </section>

      {d.preview ? (
        <section
          id="preview"
          aria-labelledby="preview-title"
          className="mt-6 rounded-xl border-2 border-dashed border-brand-600 bg-white p-4"
          data-testid="email-preview"
        >
          <h2 id="preview-title" className="text-lg font-semibold">
            Preview, as Alex Sample receives it
          </h2>
          <p className="mt-1 text-sm">
            <span className="text-slate-500">Subject:</span> <strong>{d.preview.subject}</strong>
          </p>
          <iframe
            title="E-mail preview"
            sandbox=""
            srcDoc={d.preview.html}
            className="mt-3 h-[32rem] w-full rounded border border-slate-200"
          />
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-semibold">Plain-text part</summary>
            <pre className="mt-2 whitespace-pre-wrap text-sm" data-testid="preview-text">
              {d.preview.text}
            </pre>
          </details>
        </section>
      ) : null}

      <section aria-labelledby="add-title" className={`mt-6 ${card} p-6`}>
        <h2 id="add-title" className="mb-3 text-lg font-semibold">
          Add an e-mail
        </h2>
        <CampaignEmailForm
          key={d.emails.length}
          id="add-email"
          intent={campaignIntents.addEmail}
          submitLabel="Add e-mail"
          lastResult={actionData?.intent === campaignIntents.addEmail ? actionData.result : undefined}
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
