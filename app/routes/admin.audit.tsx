/**
 * /admin/audit (admins): who did what, across the agency: filter by person, action, transaction and
 * dates; newest first, 50 a page by id (it holds millions of rows: each filter walks its own index,
 * app/models/audit.server.ts); the same filter as CSV (/admin/audit.csv).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { AuditTable } from "~/components/audit-table";
import { FilterSelect } from "~/components/filter-select";
import { inputClass } from "~/components/field-shell";
import { buttonOutline } from "~/components/submit-button";
import { AUDIT_ACTIONS } from "~/domain/enums";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { auditFilterOf, auditQueryOf, auditQueryString } from "~/lib/audit-filter";
import { formatDateTime } from "~/lib/format";
import { privatePageMeta } from "~/lib/seo";
import { auditPeople, listAudit, toAuditRow } from "~/models/audit.server";

export const meta: MetaFunction = () => privatePageMeta("Audit");

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const query = auditQueryOf(new URL(request.url).searchParams);
  const page = listAudit(db, admin, auditFilterOf(query));
  const { before: _page, ...filter } = query;
  return {
    query: filter,
    people: auditPeople(db, admin),
    events: page.events.map((e) => toAuditRow(e, formatDateTime)),
    olderHref: page.next ? auditQueryString(filter, { before: page.next }) : null,
    csvHref: `/admin/audit.csv${auditQueryString(filter)}`,
  };
}

export default function Audit() {
  const d = useLoaderData<typeof loader>();
  const q = d.query;
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-brand-900">Audit</h1>
      <p className="mt-1 text-sm text-slate-600">
        Who opened, downloaded or changed what, and who signed in: kept for good, never changed (10 CCR §2725).
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Person"
          name="actorId"
          value={q.actorId ?? ""}
          options={{ "": "Everyone", ...Object.fromEntries(d.people.map((p) => [p.id, p.name])) }}
        />
        <FilterSelect
          label="Action"
          name="action"
          value={q.action ?? ""}
          options={{ "": "Every action", ...Object.fromEntries(AUDIT_ACTIONS.map((a) => [a, a])) }}
        />
        <label className="text-sm font-semibold">
          Transaction
          <input
            name="transactionId"
            inputMode="numeric"
            defaultValue={q.transactionId ?? ""}
            className={`${inputClass} w-28`}
          />
        </label>
        <label className="text-sm font-semibold">
          From
          <input type="date" name="from" defaultValue={q.from ?? ""} className={inputClass} />
        </label>
        <label className="text-sm font-semibold">
          To
          <input type="date" name="to" defaultValue={q.to ?? ""} className={inputClass} />
        </label>
        <button type="submit" className={buttonOutline}>
          Filter
        </button>
        <Link to="/admin/audit" className="py-2 text-sm text-brand-700 underline">
          Clear
        </Link>
        <a href={d.csvHref} download className="py-2 text-sm text-brand-700 underline">
          Download CSV
        </a>
      </Form>
      <AuditTable events={d.events} olderHref={d.olderHref} showTransaction />
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
