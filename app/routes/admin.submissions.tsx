import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminDenied, adminMeta } from "~/components/admin-denied";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getDb } from "~/db/client.server";
import { adminPageAccess } from "~/lib/admin-access.server";
import { formatDate } from "~/lib/format";
import { countContactSubmissions, listContactSubmissions } from "~/models/contact.server";
import { ADMIN_PAGE_SIZE } from "~/models/transaction.server";

export const meta: MetaFunction<typeof loader> = () => adminMeta("Contact Submissions");

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, deny } = await adminPageAccess(request, "/admin/submissions");
  if (deny) return deny;
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
  const db = getDb();
  const total = countContactSubmissions(db, user);
  const rows = listContactSubmissions(db, user, { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
  return {
    denied: false as const,
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
    total,
    rows: rows.map((s) => ({ ...s, createdAt: formatDate(s.createdAt) })),
  };
}

export default function Submissions() {
  const d = useLoaderData<typeof loader>();
  if (d.denied) return <AdminDenied loginHref={d.loginHref} />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/admin" className="text-sm text-brand-700 underline">
        Back to Dashboard
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">Contact Submissions</h1>
      <p className="mt-1 text-slate-600">{d.total} in all, newest first.</p>
      <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {d.rows.map((s) => (
          <li key={s.id} className="p-4 text-sm" data-testid="submission">
            <p className="font-semibold">
              {s.firstName} {s.lastName} <span className="font-normal text-slate-500">· {s.createdAt}</span>
            </p>
            <p>
              <a className="text-brand-700 underline" href={`mailto:${s.email}`}>
                {s.email}
              </a>{" "}
              · <a href={`tel:${s.phone.replace(/[^\d+]/g, "")}`}>{s.phone}</a>
            </p>
            {s.message ? <p className="mt-1 whitespace-pre-line text-slate-700">{s.message}</p> : null}
          </li>
        ))}
      </ul>
      {d.pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex justify-between text-sm">
          {d.page > 1 ? <Link to={`?page=${d.page - 1}`}>← Previous</Link> : <span />}
          <span>
            Page {d.page} of {d.pageCount}
          </span>
          {d.page < d.pageCount ? <Link to={`?page=${d.page + 1}`}>Next →</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
