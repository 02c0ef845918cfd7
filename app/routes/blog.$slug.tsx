import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PostImage } from "~/components/post-image";
import { getDb } from "~/db/client.server";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { siteConfig } from "~/lib/site.server";
import { getPostBySlug } from "~/models/blog.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const post = data?.post;
  if (!post) return [{ title: "Article Not Found" }, { name: "robots", content: "noindex" }];
  return pageMeta(matches, {
    title: `${post.title} | Blog`,
    description: post.excerpt ?? post.title,
    path: `/blog/${post.slug}`,
    og: { type: "article", image: post.imageUrl, publishedTime: post.isoDate },
  });
};

export async function loader({ params }: LoaderFunctionArgs) {
  try {
    // The public article page shows published posts only, to everyone.
    const post = getPostBySlug(getDb(), params.slug ?? "");
    if (!post) return data({ post: null }, { status: 404 });
    return {
      post: {
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        imageUrl: post.imageUrl,
        paragraphs: post.content.split(/\r?\n/).filter((p) => p.trim() !== ""),
        date: formatDate(post.createdAt),
        isoDate: post.createdAt.toISOString(),
        author: post.authorId ? `The ${siteConfig().name} team` : null,
      },
    };
  } catch (error) {
    console.error("[blog] could not load an article:", error);
    return data({ post: null }, { status: 500 });
  }
}

export default function Article() {
  const { post } = useLoaderData<typeof loader>();
  if (!post) return <ArticleNotFound />;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      {post.imageUrl ? <PostImage src={post.imageUrl} eager className="rounded-xl" /> : null}
      <h1 className="mt-8 text-3xl font-bold text-brand-900 sm:text-4xl">{post.title}</h1>
      <p className="mt-3 text-sm text-slate-500">
        <time dateTime={post.isoDate}>{post.date}</time>
        {post.author ? <span> · By {post.author}</span> : null}
      </p>
      <div className="mt-8 space-y-5 text-lg leading-relaxed text-slate-800">
        {post.paragraphs.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      <aside className="mt-12 rounded-xl bg-brand-900 p-8 text-center text-white">
        <h2 className="text-2xl font-semibold">Thinking about buying or selling?</h2>
        <p className="mt-2 text-slate-200">Book a free consultation and see what a flat fee saves you.</p>
        <a href="/#contact" className="mt-6 inline-block rounded-md bg-white px-5 py-2 font-semibold text-brand-900">
          Get Your Free Consultation
        </a>
      </aside>
      <Link to="/blog" className="mt-8 inline-block text-brand-700 hover:underline">
        ← Back to Blog
      </Link>
    </article>
  );
}

function ArticleNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Article Not Found</h1>
      <p className="mt-3 text-slate-600">This article does not exist or is no longer available.</p>
      <Link to="/blog" className="mt-6 inline-block rounded-md bg-brand-600 px-5 py-2 font-semibold text-white">
        Back to Blog
      </Link>
    </section>
  );
}

export function ErrorBoundary() {
  return <ArticleNotFound />;
}
