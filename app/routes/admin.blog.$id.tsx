import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { ArticlePreview } from "~/components/article";
import { BlogPostForm } from "~/components/blog-post-form";
import { SubmitButton } from "~/components/submit-button";
import { getDb } from "~/infra/database.server";
import type { User } from "~/db/schema";
import { requireAdmin } from "~/infra/guards.server";
import { idParam, modelCall } from "~/infra/http.server";
import { readEditorForm } from "~/infra/blog-images.server";
import { intentOf, refuse, unknownIntent } from "~/infra/page-action.server";
import { blogPostIntents } from "~/lib/intents";
import { privatePageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { deletePost, getPostById, updatePost, type PostValues } from "~/models/blog.server";
import { saveOrPreview, type BlogActionData } from "~/sections/blog-editor.server";
import { imageSources } from "~/lib/images";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privatePageMeta(data ? `Edit: ${data.post.title}` : "Edit Post");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const post = modelCall(() => getPostById(getDb(), admin, id));
  return {
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt ?? "",
      imageUrl: post.imageUrl ?? "",
      content: post.content,
      published: post.published,
    },
    image:
      post.imageId && post.imageVariants
        ? { id: post.imageId, sources: imageSources(post.imageId, post.imageVariants) }
        : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const form = await readEditorForm(request);
  switch (intentOf(form.formData, blogPostIntents)) {
    case blogPostIntents.save:
    case blogPostIntents.preview: {
      const db = getDb();
      const existing = modelCall(() => getPostById(db, admin, id));
      // The form holds every field: a blank slug is made from the title, a blank excerpt or image cleared.
      const save = (input: PostValues) =>
        updatePost(db, admin, id, {
          ...input,
          slug: input.slug,
          excerpt: input.excerpt,
          imageUrl: input.imageUrl,
          imageId: input.imageId,
        });
      return saveOrPreview(admin, form, save, existing);
    }
    case blogPostIntents.delete:
      return deleteAction(admin, id);
    default:
      return unknownIntent();
  }
}

async function deleteAction(admin: User, id: number) {
  try {
    deletePost(getDb(), admin, id);
  } catch (error) {
    return refuse(error, { back: "/admin/blog" });
  }
  return redirectWithToast("/admin/blog", { description: "Post deleted." });
}

export default function EditPost() {
  const { post, image } = useLoaderData<typeof loader>();
  const actionData = useActionData<BlogActionData>();
  const location = useLocation();
  // Delete asks first: a second step opened by the URL, so it works without JavaScript.
  const confirming = new URLSearchParams(location.search).get("delete") === "confirm";
  return (
    <div className="mx-auto max-w-4xl">
      <Link to="/admin/blog" className="text-sm text-brand-700 underline">
        Back to Blog Posts
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-brand-900">Edit Post</h1>
        {post.published ? (
          <Link to={`/blog/${post.slug}`} className="text-sm font-semibold text-brand-700 underline">
            View on the blog
          </Link>
        ) : null}
      </div>
      <BlogPostForm
        key={post.id}
        id={`edit-post-${post.id}`}
        defaultValue={post}
        lastResult={actionData?.result}
        image={actionData ? actionData.image : image}
      />
      {actionData?.preview ? <ArticlePreview post={actionData.preview} /> : null}
      <section aria-labelledby="delete-title" className="mt-8 rounded-xl border border-red-200 bg-white p-5">
        <h2 id="delete-title" className="text-lg font-semibold text-red-800">
          Delete this post
        </h2>
        {confirming ? (
          <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
            <p className="text-sm">Delete "{post.title}" for good? It disappears from the blog at once.</p>
            <SubmitButton
              intent={blogPostIntents.delete}
              pendingLabel="Deleting..."
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-70"
            >
              Yes, delete it
            </SubmitButton>
            <Link
              to={`/admin/blog/${post.id}`}
              replace
              className="rounded-md border border-slate-300 px-4 py-2 font-semibold"
            >
              Cancel
            </Link>
          </Form>
        ) : (
          <Link
            to="?delete=confirm"
            preventScrollReset
            className="mt-3 inline-block rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800"
          >
            Delete
          </Link>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
