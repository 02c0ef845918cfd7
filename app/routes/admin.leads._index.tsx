import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AdminTable } from "~/components/admin-table";
import { FilterSelect } from "~/components/filter-select";
import { LeadStatusBadge } from "~/components/lead-status";
import { Pager } from "~/components/pager";
import { buttonOutline } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import { LEAD_STATUS_LABELS, leadSearchSchema, searchParamsObject } from "~/lib/admin-schemas";
import { requireAdmin, requireStaff } from "~/infra/guards.server";
import { readForm } from "~/infra/http.server";
import { intentOf, unknownIntent } from "~/infra/page-action.server";
import { bulkIntents } from "~/lib/intents";
import { bulkAssignees } from "~/models/team.server";
import { BulkAssign, BulkCheckbox } from "~/components/bulk-assign";
import { bulkAssignAction } from "~/sections/bulk-assign.server";
import { formatDate, formatDateTime } from "~/lib/format";
import { OfferedLeadsList } from "~/components/offered-leads";
import { offeredLeads } from "~/models/routing.server";
import { pluralOf } from "~/lib/plural";
import { privatePageMeta } from "~/lib/seo";
import { listLeads } from "~/models/lead.server";
import { matchSummary } from "~/models/search.server";

export const meta: MetaFunction<typeof loader> = () => privatePageMeta("Leads");

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireStaff(request);
  const filter = leadSearchSchema.parse(searchParamsObject(request.url));
  const result = listLeads(getDb(), admin, {
    q: filter.q,
    status: filter.status === "all" ? undefined : filter.status,
    sort: filter.sort,
    page: filter.page,
  });
  const offered = offeredLeads(getDb(), admin);
  return {
    filter,
    offered: {
      total: offered.total,
      rows: offered.rows.map((r) => ({
        id: r.id,
        name: r.name,
        createdAt: formatDateTime(r.createdAt),
        claimUntil: formatDateTime(r.claimUntil),
      })),
    },
    ...result,
    matches: matchSummary(result.total, result.capped, "lead"),
    agents: bulkAssignees(getDb(), admin),
    rows: result.rows.map((r) => ({
      ...r,
      createdAt: formatDate(r.createdAt),
      nextEmailDue: r.nextEmailDue ? formatDate(r.nextEmailDue) : null,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request);
  if (intentOf(formData, bulkIntents) === null) return unknownIntent();
  const url = new URL(request.url);
  return bulkAssignAction(getDb(), admin, "leads", formData, `${url.pathname}${url.search}`);
}

export default function Leads() {
  const d = useLoaderData<typeof loader>();
  const href = (page: number) =>
    `?${new URLSearchParams({ q: d.filter.q, status: d.filter.status, sort: d.filter.sort, page: String(page) })}`;
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-3xl font-bold text-brand-900">Leads</h1>
      <p className="mt-1 text-slate-600">
        {d.capped ? d.matches : `${d.matches} ${pluralOf(d.total, "matches", "match")}.`} Each contact form is a lead,
        with its nurturing status and score.
      </p>
      <OfferedLeadsList rows={d.offered.rows} total={d.offered.total} />
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="text-sm font-semibold">
          Search
          <input
            type="search"
            name="q"
            defaultValue={d.filter.q}
            placeholder="Name, e-mail or phone"
            className="mt-1 block min-w-[16rem] rounded-md border border-slate-300 px-3 py-2 font-normal"
          />
        </label>
        <FilterSelect
          label="Status"
          name="status"
          value={d.filter.status}
          options={LEAD_STATUS_LABELS}
          all="All statuses"
        />
        <FilterSelect
          label="Sort"
          name="sort"
          value={d.filter.sort}
          options={{ newest: "Newest first", score: "Highest score" }}
        />
        <button type="submit" className={buttonOutline}>
          Search
        </button>
      </Form>
      {d.rows.length === 0 ? (
        <p className="mt-8 text-center text-slate-600">No leads match your search.</p>
      ) : (
        <AdminTable
          columns={[
            ...(d.agents ? ["Choose"] : []),
            "Name",
            "E-mail",
            "Phone",
            "Received",
            "Status",
            "Score",
            "Next e-mail",
          ]}
        >
          {d.rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100" data-testid="lead-row">
              {d.agents ? (
                <td className="px-3 py-2">
                  <BulkCheckbox id={r.id} label={`${r.firstName} ${r.lastName}`} />
                </td>
              ) : null}
              <td className="px-3 py-2">
                <Link to={`/admin/leads/${r.id}`} className="font-semibold text-brand-700 underline">
                  {r.firstName} {r.lastName}
                </Link>
              </td>
              <td className="px-3 py-2">{r.email}</td>
              <td className="px-3 py-2 whitespace-nowrap">{r.phone}</td>
              <td className="px-3 py-2 whitespace-nowrap">{r.createdAt}</td>
              <td className="px-3 py-2">
                <LeadStatusBadge status={r.status} />
              </td>
              <td className="px-3 py-2" data-testid="lead-score">
                {r.score}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{r.nextEmailDue ?? "—"}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {d.agents && d.rows.length ? <BulkAssign agents={d.agents} what="leads" /> : null}
      <Pager page={d.page} pageCount={d.pageCount} href={href} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
