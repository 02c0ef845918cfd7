/** An article as visitors see it (the public page and the editor's preview): its text is always text, never HTML. */
import { Link } from "@remix-run/react";
import { PostImage } from "~/components/post-image";
import type { ImageSources } from "~/lib/images";

export type ArticleData = {
  title: string;
  imageUrl: string | null;
  /** An uploaded image, shown instead of imageUrl. */
  image: ImageSources | null;
  paragraphs: string[];
  date: string;
  isoDate: string;
  author: string | null;
};

export function ArticleView({ post, preview = false }: { post: ArticleData; preview?: boolean }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <PostImage
        src={post.imageUrl}
        image={post.image}
        sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)"
        eager
        className="rounded-xl"
      />
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
      {preview ? null : (
        <Link to="/blog" className="mt-8 inline-block text-brand-700 hover:underline">
          ← Back to Blog
        </Link>
      )}
    </article>
  );
}

/** The blog editor's preview: the article exactly as visitors will see it, framed. */
export function ArticlePreview({ post }: { post: ArticleData & { slug: string } }) {
  return (
    <section
      aria-labelledby="preview-title"
      className="mt-8 rounded-xl border-2 border-dashed border-brand-600 bg-white"
      data-testid="preview"
    >
      <h2 id="preview-title" className="px-4 pt-4 text-sm font-semibold uppercase tracking-wide text-brand-700">
        Preview: /blog/{post.slug}
      </h2>
      <ArticleView post={post} preview />
    </section>
  );
}
