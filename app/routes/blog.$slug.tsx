import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { blogPosts } from "~/db/schema";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.post ? data.post.title : "Article Not Found" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const post = getDb()
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, params.slug ?? ""), eq(blogPosts.published, true)))
    .get();
  if (!post) return data({ post: null }, { status: 404 });
  return { post: { title: post.title, content: post.content } };
}

export default function Article() {
  const { post } = useLoaderData<typeof loader>();
  if (!post) {
    return (
      <article className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Article Not Found</h1>
        <Link to="/blog" className="mt-6 inline-block text-brand-700 hover:underline">
          Back to Blog
        </Link>
      </article>
    );
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">{post.title}</h1>
      {post.content.split("\n").map((p, i) => (
        <p key={i} className="mt-4">
          {p}
        </p>
      ))}
    </article>
  );
}
