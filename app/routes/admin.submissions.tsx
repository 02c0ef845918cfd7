import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { Pager } from "~/components/pager";
import { SubmissionList } from "~/components/submission-list";
import { getDb } from "~/infra/database.server";
import { pageSchema, searchParamsObject } from "~/lib/admin-schemas";
import { requireStaff } from "~/infra/guards.server";
import { privatePageMeta } from "~/lib/seo";
import { countContactSubmissions, listContactSubmissions, toContactSummary } from "~/models/lead.server";
import { ADMIN_PAGE_SIZE } from "~/models/dashboard.server";
import { card } from "~/components/card";

export const meta: MetaFunction<typeof loader> = () => privatePageMeta("Contact Submissions");

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const { page } = pageSchema.parse(searchParamsObject(request.url));
  const db = getDb();
  const total = countContactSubmissions(db, staff);
  const rows = listContactSubmissions(db, staff, { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
  return {
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
    total,
    submissions: rows.map(toContactSummary),
  };
}

export default function Submissions() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/admin" className="text-sm text-brand-700 underline">
        Back to Dashboard
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">Contact Submissions</h1>
      <p className="mt-1 text-slate-600">{d.total} in all, newest first.</p>
      <SubmissionList
        submissions={d.submissions}
        testId="submission"
        leadLinks
        className={`mt-6 divide-y divide-slate-200 ${card}`}
      />
      <Pager page={d.page} pageCount={d.pageCount} href={(page) => `?page=${page}`} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
