import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { TextareaField, TextField } from "~/components/form-field";
import { LeadStatusBadge } from "~/components/lead-status";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { leadEmailSchema, leadNoteSchema } from "~/lib/admin-schemas";
import { assignAction, emailAction, noteAction, pauseAction, resumeAction, type ActionData } from "./actions.server";
import { requireStaff } from "~/infra/guards.server";
import { formatDate, formatDateTime, telHref } from "~/lib/format";
import { idParam, modelCall, readForm } from "~/infra/http.server";
import { intentOf, unknownIntent } from "~/infra/page-action.server";
import { leadIntents } from "~/lib/intents";
import { privatePageMeta } from "~/lib/seo";
import { getLead, LEAD_EMAILS_SHOWN } from "~/models/lead.server";
import { assignableAgents } from "~/models/team.server";
import { agentCardOf } from "~/models/user.server";
import { AgentPicker } from "~/components/agent-picker";
import { card } from "~/components/card";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privatePageMeta(data ? `Lead: ${data.lead.firstName} ${data.lead.lastName}` : "Lead");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const id = idParam(params.id);
  const lead = modelCall(() => getLead(getDb(), staff, id));
  const s = lead.submission;
  return {
    lead: {
      id: s.id,
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      phone: s.phone,
      message: s.message,
      receivedAt: formatDateTime(s.createdAt),
    },
    status: lead.status,
    engagement: lead.engagement
      ? {
          score: lead.engagement.score,
          currentSequence: lead.engagement.currentSequence,
          nextEmailDue: lead.engagement.nextEmailDue ? formatDateTime(lead.engagement.nextEmailDue) : null,
          lastEmailSent: lead.engagement.lastEmailSent ? formatDateTime(lead.engagement.lastEmailSent) : null,
        }
      : null,
    campaign: lead.campaign,
    others: lead.related
      .filter((r) => r.id !== s.id)
      .map((r) => ({ id: r.id, date: formatDate(r.createdAt), message: r.message })),
    timeline: lead.timeline.map((t, i) => ({
      key: i,
      at: formatDateTime(t.at),
      type: t.type,
      text: t.text,
      detail: t.detail ?? null,
    })),
    emails: { shown: Math.min(lead.emailTotal, LEAD_EMAILS_SHOWN), total: lead.emailTotal },
    assignment: {
      agentId: s.assignedAgentId,
      agent: agentCardOf(getDb(), s.assignedAgentId)?.name ?? null,
      offered: Boolean(s.claimUntil && !s.assignedAgentId),
      agents: staff.isAdmin ? assignableAgents(getDb()) : null,
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const id = idParam(params.id);
  const formData = await readForm(request);
  switch (intentOf(formData, leadIntents)) {
    case leadIntents.pause:
      return pauseAction(staff, id);
    case leadIntents.resume:
      return resumeAction(staff, id);
    case leadIntents.note:
      return noteAction(staff, id, formData);
    case leadIntents.call:
      return noteAction(staff, id, formData, "call");
    case leadIntents.assign:
      return assignAction(staff, id, formData);
    case leadIntents.email:
      return emailAction(staff, id, formData);
    default:
      return unknownIntent();
  }
}

export default function Lead() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "lead-note",
    lastResult: actionData?.intent === leadIntents.note ? actionData.result : undefined,
    constraint: getZodConstraint(leadNoteSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadNoteSchema }),
  });
  const [callForm, callFields] = useForm({
    id: "lead-call",
    lastResult: actionData?.intent === leadIntents.call ? actionData.result : undefined,
    constraint: getZodConstraint(leadNoteSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadNoteSchema }),
  });
  const [emailForm, emailFields] = useForm({
    id: "lead-email",
    lastResult: actionData?.intent === leadIntents.email ? actionData.result : undefined,
    constraint: getZodConstraint(leadEmailSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadEmailSchema }),
  });
  const l = d.lead;
  const name = `${l.firstName} ${l.lastName}`;
  const open = new URLSearchParams({ lead: String(l.id) });
  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/admin/leads" className="text-sm text-brand-700 underline">
        Back to Leads
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-brand-900">{name}</h1>
        <LeadStatusBadge status={d.status} />
        {d.engagement ? (
          <span className="text-sm text-slate-600" data-testid="lead-score">
            Score {d.engagement.score}
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        <a href={`mailto:${l.email}`} className="text-brand-700 underline">
          {l.email}
        </a>{" "}
        · <a href={telHref(l.phone)}>{l.phone}</a> · received {l.receivedAt}
      </p>
      <p className="mt-1 text-sm text-slate-600" data-testid="lead-agent">
        {d.assignment.agent
          ? `Agent: ${d.assignment.agent}`
          : d.assignment.offered
            ? "Offered to the agents taking leads: the first to claim it has it."
            : "No agent: the admins'."}
      </p>
      {l.message ? <p className={`mt-4 whitespace-pre-line ${card} p-4`}>{l.message}</p> : null}

      {d.assignment.agents ? (
        <section id="assign" aria-labelledby="assign-title" className={`mt-6 ${card} p-5`}>
          <h2 id="assign-title" className="text-lg font-semibold">
            Agent
          </h2>
          <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
            <AgentPicker agents={d.assignment.agents} value={d.assignment.agentId} />
            <SubmitButton intent={leadIntents.assign} pendingLabel="Saving..." className={buttonOutline}>
              Assign
            </SubmitButton>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="nurturing-title" className={`mt-6 ${card} p-5`}>
        <h2 id="nurturing-title" className="text-lg font-semibold">
          Nurturing
        </h2>
        {d.engagement && d.campaign ? (
          <p className="mt-1 text-sm text-slate-600">
            Campaign{" "}
            <Link to={`/admin/campaigns/${d.campaign.id}`} className="text-brand-700 underline">
              {d.campaign.name}
            </Link>{" "}
            · next e-mail: {d.engagement.nextEmailDue ?? "none"} · last sent: {d.engagement.lastEmailSent ?? "none yet"}
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-600">This lead is in no campaign.</p>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          {d.status === "nurturing" ? (
            <Form method="post">
              <SubmitButton intent={leadIntents.pause} pendingLabel="Pausing..." className={buttonOutline}>
                Pause
              </SubmitButton>
            </Form>
          ) : null}
          {d.status === "paused" ? (
            <Form method="post">
              <SubmitButton intent={leadIntents.resume} pendingLabel="Resuming..." className={buttonOutline}>
                Resume
              </SubmitButton>
            </Form>
          ) : null}
          {d.status !== "converted" ? (
            <Link
              to={`/admin/transactions/new?${open}`}
              className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              Open transaction
            </Link>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="note-title" className={`mt-6 ${card} p-5`}>
        <h2 id="note-title" className="text-lg font-semibold">
          Add note
        </h2>
        <Form method="post" {...getFormProps(form)} className="mt-2 grid gap-2">
          <TextareaField field={fields.note} label="Note" rows={3} />
          <div>
            <SubmitButton intent={leadIntents.note} pendingLabel="Adding...">
              Add note
            </SubmitButton>
          </div>
        </Form>
      </section>

      <section aria-labelledby="call-title" className={`mt-6 ${card} p-5`}>
        <h2 id="call-title" className="text-lg font-semibold">
          Log a call
        </h2>
        <Form method="post" {...getFormProps(callForm)} className="mt-2 grid gap-2">
          <TextareaField field={callFields.note} label="What was said" rows={2} />
          <div>
            <SubmitButton intent={leadIntents.call} pendingLabel="Logging...">
              Log a call
            </SubmitButton>
          </div>
        </Form>
      </section>

      <section aria-labelledby="email-title" className={`mt-6 ${card} p-5`}>
        <h2 id="email-title" className="text-lg font-semibold">
          E-mail the lead
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Sent from the agency to {l.email}, signed with your name and phone; their reply comes to your address.
        </p>
        <Form method="post" {...getFormProps(emailForm)} className="mt-2 grid gap-2">
          <TextField field={emailFields.subject} label="Subject" />
          <TextareaField field={emailFields.body} label="E-mail" rows={5} />
          {actionData?.intent === leadIntents.email && actionData.refusal?.toast ? (
            <p role="alert" className="text-sm text-red-700">
              {actionData.refusal.toast.description}
            </p>
          ) : null}
          <div>
            <SubmitButton intent={leadIntents.email} pendingLabel="Sending...">
              Send e-mail
            </SubmitButton>
          </div>
        </Form>
      </section>

      {d.others.length > 0 ? (
        <section aria-labelledby="others-title" className="mt-6">
          <h2 id="others-title" className="text-lg font-semibold">
            Other messages from {l.email}
          </h2>
          <ul className={`mt-2 divide-y divide-slate-200 ${card}`}>
            {d.others.map((o) => (
              <li key={o.id} className="p-4 text-sm">
                <Link to={`/admin/leads/${o.id}`} className="font-semibold text-brand-700 underline">
                  {o.date}
                </Link>
                {o.message ? <p className="mt-1 whitespace-pre-line text-slate-700">{o.message}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="timeline-title" className="mt-6">
        <h2 id="timeline-title" className="text-lg font-semibold">
          Timeline
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="lead-emails">
          {d.emails.total > d.emails.shown ? `The newest ${d.emails.shown} of ${d.emails.total} e-mails. ` : null}
          <Link to={`/admin/emails?lead=${d.lead.id}`} className="text-brand-700 underline">
            Every e-mail of this lead
          </Link>
        </p>
        <ol className="mt-2 space-y-2">
          {d.timeline.map((t) => (
            <li
              key={t.key}
              className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
              data-testid="timeline-entry"
              data-type={t.type}
            >
              <p>
                <span className="text-slate-500">{t.at}</span> · <span className="font-semibold">{t.text}</span>
              </p>
              {t.detail ? <p className="mt-1 whitespace-pre-line text-slate-700">{t.detail}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
