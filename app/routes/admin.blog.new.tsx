import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { ArticlePreview } from "~/components/article";
import { BlogPostForm } from "~/components/blog-post-form";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { readEditorForm } from "~/infra/blog-images.server";
import { intentOf, unknownIntent } from "~/infra/page-action.server";
import { newPostIntents } from "~/lib/intents";
import { privatePageMeta } from "~/lib/seo";
import { createPost } from "~/models/blog.server";
import { saveOrPreview, type BlogActionData } from "~/sections/blog-editor.server";

export const meta: MetaFunction = () => privatePageMeta("New Post");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readEditorForm(request);
  switch (intentOf(form.formData, newPostIntents)) {
    case newPostIntents.save:
    case newPostIntents.preview:
      return saveOrPreview(admin, form, (input) => createPost(getDb(), admin, input));
    default:
      return unknownIntent();
  }
}

export default function NewPost() {
  const actionData = useActionData<BlogActionData>();
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/admin/blog" className="text-sm text-brand-700 underline">
        Back to Blog Posts
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">New Post</h1>
      <BlogPostForm id="new-post" lastResult={actionData?.result} image={actionData?.image ?? null} />
      {actionData?.preview ? <ArticlePreview post={actionData.preview} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
