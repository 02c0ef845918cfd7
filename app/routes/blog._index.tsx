import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PostImage } from "~/components/post-image";
import { getDb } from "~/infra/database.server";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { listPublishedPosts, postImage } from "~/models/blog.server";
import { card } from "~/components/card";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Blog | San Diego Flat-Fee Real Estate",
    description: "Articles on buying and selling a home in San Diego: flat fees, escrow, preparing your home for sale.",
    path: "/blog",
  });

export async function loader() {
  const posts = listPublishedPosts(getDb()).map((p) => ({
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    imageUrl: p.imageUrl,
    image: postImage(p),
    date: formatDate(p.createdAt),
    isoDate: p.createdAt.toISOString(),
  }));
  return { posts };
}

export default function Blog() {
  const { posts } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold text-brand-900">Real Estate Insights</h1>
      <p className="mt-2 text-slate-600">Practical guides to buying and selling a home in San Diego.</p>
      {posts.length === 0 ? (
        <section className={`mt-12 ${card} p-10 text-center`}>
          <h2 className="text-2xl font-semibold">Coming Soon</h2>
          <p className="mt-2 text-slate-600">Our first articles are on their way. Questions in the meantime?</p>
          <a href="/#contact" className="mt-6 inline-block rounded-md bg-brand-600 px-5 py-2 font-semibold text-white">
            Contact Us
          </a>
        </section>
      ) : (
        <ul className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <li key={post.slug}>
              <article className={`flex h-full flex-col overflow-hidden ${card} shadow-sm`}>
                <PostImage
                  src={post.imageUrl}
                  image={post.image}
                  sizes="(min-width: 72rem) 22rem, (min-width: 64rem) 30vw, (min-width: 48rem) 45vw, calc(100vw - 2rem)"
                  eager={index < 3}
                />
                <div className="flex flex-1 flex-col p-5">
                  <time dateTime={post.isoDate} className="text-sm text-slate-500">
                    {post.date}
                  </time>
                  <h2 className="mt-1 text-lg font-semibold text-slate-900">{post.title}</h2>
                  {post.excerpt ? <p className="mt-2 flex-1 text-sm text-slate-600">{post.excerpt}</p> : null}
                  <Link
                    to={`/blog/${post.slug}`}
                    prefetch="intent"
                    className="mt-4 font-semibold text-brand-700 hover:underline"
                    aria-label={`Read More: ${post.title}`}
                  >
                    {/* The link's text itself names the article too: audits that read the text, not aria-label, see it. */}
                    Read More<span className="sr-only">: {post.title}</span>
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
