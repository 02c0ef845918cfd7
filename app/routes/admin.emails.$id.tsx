import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { EmailStatusBadge } from "~/components/email-status";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import type { User } from "~/db/schema";
import { EMAIL_KIND_LABELS } from "~/lib/admin-schemas";
import { countOf } from "~/lib/plural";
import { requireAdmin } from "~/infra/guards.server";
import { formatDateTime } from "~/lib/format";
import { idParam, modelCall, readForm } from "~/infra/http.server";
import { intentOf, refuse, unknownIntent } from "~/infra/page-action.server";
import { emailIntents } from "~/lib/intents";
import { privatePageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { getEmail, retryEmail } from "~/models/mail-queue.server";
import { card } from "~/components/card";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privatePageMeta(data ? `E-mail: ${data.email.subject}` : "E-mail");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const e = modelCall(() => getEmail(getDb(), admin, id));
  return {
    email: {
      id: e.id,
      kind: e.kind,
      to: e.toName ? `${e.toName} <${e.toAddress}>` : e.toAddress,
      replyTo: e.replyTo,
      subject: e.subject,
      text: e.textBody,
      status: e.status,
      attempts: e.attempts,
      lastError: e.lastError,
      messageId: e.messageId,
      headers: e.headers,
      createdAt: formatDateTime(e.createdAt),
      sentAt: e.sentAt ? formatDateTime(e.sentAt) : null,
      nextAttemptAt: e.status === "queued" ? formatDateTime(e.nextAttemptAt) : null,
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const formData = await readForm(request);
  switch (intentOf(formData, emailIntents)) {
    case emailIntents.retry:
      return retryAction(admin, id);
    default:
      return unknownIntent();
  }
}

async function retryAction(admin: User, id: number) {
  try {
    retryEmail(getDb(), admin, id);
  } catch (error) {
    return refuse(error, { back: `/admin/emails/${id}` });
  }
  return redirectWithToast(`/admin/emails/${id}`, {
    title: "Queued again",
    description: "The e-mail will be sent with the next batch.",
  });
}

export default function EmailDetail() {
  const { email: e } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/admin/emails" className="text-sm text-brand-700 underline">
        Back to E-mail Log
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-brand-900">{e.subject}</h1>
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-500">To</dt>
        <dd>{e.to}</dd>
        {e.replyTo ? (
          <>
            <dt className="text-slate-500">Reply-To</dt>
            <dd>{e.replyTo}</dd>
          </>
        ) : null}
        <dt className="text-slate-500">Kind</dt>
        <dd>{EMAIL_KIND_LABELS[e.kind]}</dd>
        <dt className="text-slate-500">Status</dt>
        <dd>
          <EmailStatusBadge status={e.status} /> after {countOf(e.attempts, "attempt")}
          {e.lastError ? <span className="block text-red-800">{e.lastError}</span> : null}
        </dd>
        <dt className="text-slate-500">Created</dt>
        <dd>{e.createdAt}</dd>
        <dt className="text-slate-500">{e.sentAt ? "Sent" : "Next try"}</dt>
        <dd>{e.sentAt ?? e.nextAttemptAt ?? "—"}</dd>
        <dt className="text-slate-500">Message-ID</dt>
        <dd className="break-all font-mono text-xs">{e.messageId}</dd>
        {Object.entries(e.headers).map(([name, value]) => (
          <FragmentRow key={name} name={name} value={value} />
        ))}
      </dl>
      {e.status === "failed" ? (
        <Form method="post" className="mt-4">
          <SubmitButton intent={emailIntents.retry} pendingLabel="Queuing...">
            Retry
          </SubmitButton>
        </Form>
      ) : null}
      <h2 className="mt-8 text-lg font-semibold">Text</h2>
      <pre className={`mt-2 whitespace-pre-wrap ${card} p-4 text-sm`} data-testid="email-text">
        {e.text}
      </pre>
    </div>
  );
}

function FragmentRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt className="text-slate-500">{name}</dt>
      <dd className="break-all font-mono text-xs">{value}</dd>
    </>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
