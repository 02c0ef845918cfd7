import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArticleView } from "~/components/article";
import { getDb } from "~/infra/database.server";
import { formatDate } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { env } from "~/config/env.server";
import { paragraphsOf } from "~/lib/blog-schema";
import { authorLine, getPostBySlug, postImage } from "~/models/blog.server";
import { IMAGE_WIDTHS, imagePath } from "~/lib/images";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const post = data?.post;
  if (!post) return [{ title: "Article Not Found" }, { name: "robots", content: "noindex" }];
  return pageMeta(matches, {
    title: `${post.title} | Blog`,
    description: post.excerpt ?? post.title,
    path: `/blog/${post.slug}`,
    og: { type: "article", image: post.ogImage, publishedTime: post.isoDate },
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
        image: postImage(post),
        // The social card's image: the uploaded one's largest file, else the URL.
        ogImage: post.imageId
          ? `${env().APP_URL}${imagePath(post.imageId, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!)}`
          : post.imageUrl,
        paragraphs: paragraphsOf(post.content),
        date: formatDate(post.createdAt),
        isoDate: post.createdAt.toISOString(),
        author: authorLine(getDb(), post, env().site.name),
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
  return <ArticleView post={post} />;
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
