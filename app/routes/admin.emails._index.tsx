import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AdminTable } from "~/components/admin-table";
import { FilterSelect } from "~/components/filter-select";
import { EmailStatusBadge } from "~/components/email-status";
import { Pager } from "~/components/pager";
import { buttonOutline } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { EMAIL_KIND_LABELS, EMAIL_STATUS_LABELS, emailLogSchema, searchParamsObject } from "~/lib/admin-schemas";
import { requireAdmin } from "~/infra/guards.server";
import { formatDateTime } from "~/lib/format";
import { privatePageMeta } from "~/lib/seo";
import { listLeadEmails } from "~/models/lead.server";
import { listEmails } from "~/models/mail-queue.server";
import { modelCall } from "~/infra/http.server";

export const meta: MetaFunction<typeof loader> = () => privatePageMeta("E-mail Log");

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const filter = emailLogSchema.parse(searchParamsObject(request.url));
  const db = getDb();
  const result = filter.lead
    ? modelCall(() => listLeadEmails(db, admin, filter.lead!, filter.page))
    : {
        lead: null,
        ...listEmails(db, admin, {
          status: filter.status === "all" ? undefined : filter.status,
          kind: filter.kind === "all" ? undefined : filter.kind,
          page: filter.page,
        }),
      };
  return {
    filter,
    ...result,
    rows: result.rows.map((r) => ({
      ...r,
      createdAt: formatDateTime(r.createdAt),
      sentAt: r.sentAt ? formatDateTime(r.sentAt) : null,
      nextAttemptAt: r.status === "queued" ? formatDateTime(r.nextAttemptAt) : null,
    })),
  };
}

export default function EmailLog() {
  const d = useLoaderData<typeof loader>();
  const href = (page: number) =>
    d.lead
      ? `?${new URLSearchParams({ lead: String(d.lead.id), page: String(page) })}`
      : `?${new URLSearchParams({ status: d.filter.status, kind: d.filter.kind, page: String(page) })}`;
  return (
    <div className="mx-auto max-w-6xl">
      <Link to="/admin" className="text-sm text-brand-700 underline">
        Back to Dashboard
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">E-mail Log</h1>
      {d.lead ? (
        <p className="mt-1 text-slate-600">
          The e-mails of{" "}
          <Link to={`/admin/leads/${d.lead.id}`} className="text-brand-700 underline">
            {d.lead.name}
          </Link>
          , newest first: {d.total}.{" "}
          <Link to="/admin/emails" className="text-brand-700 underline">
            Every e-mail
          </Link>
        </p>
      ) : (
        <p className="mt-1 text-slate-600">
          Every message the site sends, newest first: {d.total} shown by this filter.
        </p>
      )}
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Filter e-mails">
        <FilterSelect
          label="Status"
          name="status"
          value={d.filter.status}
          options={EMAIL_STATUS_LABELS}
          all="All statuses"
        />
        <FilterSelect label="Kind" name="kind" value={d.filter.kind} options={EMAIL_KIND_LABELS} all="All kinds" />
        <button type="submit" className={buttonOutline}>
          Filter
        </button>
      </Form>
      {d.rows.length === 0 ? (
        <p className="mt-8 text-center text-slate-600">No e-mails match this filter.</p>
      ) : (
        <AdminTable columns={["Recipient", "Kind", "Subject", "Status", "Attempts", "Created", "Sent / next try"]}>
          {d.rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 align-top" data-testid="email-row">
              <td className="px-3 py-2">{r.toAddress}</td>
              <td className="px-3 py-2">{EMAIL_KIND_LABELS[r.kind]}</td>
              <td className="px-3 py-2">
                <Link to={`/admin/emails/${r.id}`} className="font-medium text-brand-700 underline">
                  {r.subject}
                </Link>
              </td>
              <td className="px-3 py-2">
                <EmailStatusBadge status={r.status} />
                {r.status === "failed" && r.lastError ? (
                  <span className="mt-1 block text-xs text-red-800">{r.lastError}</span>
                ) : null}
              </td>
              <td className="px-3 py-2">{r.attempts}</td>
              <td className="px-3 py-2 whitespace-nowrap">{r.createdAt}</td>
              <td className="px-3 py-2 whitespace-nowrap">{r.sentAt ?? r.nextAttemptAt ?? "—"}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager page={d.page} pageCount={d.pageCount} href={href} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
