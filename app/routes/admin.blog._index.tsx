import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { formatDate } from "~/lib/format";
import { privatePageMeta } from "~/lib/seo";
import { listPosts } from "~/models/blog.server";
import { card } from "~/components/card";

export const meta: MetaFunction<typeof loader> = () => privatePageMeta("Blog Posts");

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return {
    posts: listPosts(getDb(), admin).map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      published: p.published,
      date: formatDate(p.createdAt),
    })),
  };
}

export default function AdminBlog() {
  const { posts } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-brand-900">Blog Posts</h1>
        <Link
          to="/admin/blog/new"
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          New Post
        </Link>
      </div>
      {posts.length === 0 ? (
        <p className="mt-8 text-center text-slate-600">No posts yet. Write the first one.</p>
      ) : (
        <ul className={`mt-6 divide-y divide-slate-200 ${card}`}>
          {posts.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="post-row">
              <div>
                <p className="font-semibold">{p.title}</p>
                <p className="text-sm text-slate-500">
                  {p.date} ·{" "}
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${p.published ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700"}`}
                    data-testid="post-status"
                  >
                    {p.published ? "Published" : "Draft"}
                  </span>
                </p>
              </div>
              <div className="flex gap-3 text-sm font-semibold">
                <Link to={`/admin/blog/${p.id}`} className="text-brand-700 underline" aria-label={`Edit ${p.title}`}>
                  Edit
                </Link>
                {p.published ? (
                  <Link to={`/blog/${p.slug}`} className="text-brand-700 underline" aria-label={`View ${p.title}`}>
                    View
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
