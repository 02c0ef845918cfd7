/** What the blog editor's pages (new and edit) share on the server: saving and previewing a post. */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { ArticleData } from "~/components/article";
import { getDb } from "~/infra/database.server";
import type { BlogPost, User } from "~/db/schema";
import { blogPostSchema, paragraphsOf } from "~/lib/blog-schema";
import { slugify } from "~/lib/slug";
import { InvalidInputError } from "~/lib/errors";
import { formatDate } from "~/lib/format";
import { refuse } from "~/infra/page-action.server";
import { newPostIntents } from "~/lib/intents";
import { env } from "~/config/env.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { storeBlogImage, type EditorForm } from "~/infra/blog-images.server";
import { authorLine, type PostValues } from "~/models/blog.server";
import { getImage } from "~/models/image.server";
import { imageSources, type ImageSources } from "~/lib/images";

export type BlogActionData = {
  result: SubmissionResult<string[]>;
  preview?: ArticleData & { slug: string };
  /** The image the form now holds (a new upload is kept across a preview or a refused save), or null. */
  image: { id: string; sources: ImageSources } | null;
};

/** The article as visitors will see it, from the form's values. */
function previewOf(
  admin: User,
  input: PostValues,
  image: ImageSources | null,
  existing?: BlogPost,
): ArticleData & { slug: string } {
  const date = existing?.createdAt ?? new Date();
  return {
    title: input.title,
    slug: input.slug || slugify(input.title),
    imageUrl: input.imageUrl ?? null,
    image,
    paragraphs: paragraphsOf(input.content),
    date: formatDate(date),
    isoDate: date.toISOString(),
    author: authorLine(getDb(), { authorId: existing?.authorId ?? admin.id }, env().site.name),
  };
}

/** A stored image and its sources, or null. */
function imageOf(id: string): BlogActionData["image"] {
  const image = getImage(getDb(), id);
  return image ? { id, sources: imageSources(id, image.variants) } : null;
}

/** The image the form holds: its hidden `imageId` (the post's, or one uploaded before), unless removed. */
function heldImage(formData: FormData): BlogActionData["image"] {
  const id = formData.get("imageId");
  if (formData.get("removeImage") === "on" || typeof id !== "string" || !id) return null;
  return imageOf(id);
}

/**
 * Preview or save (create or update) a post from the editor's form. An uploaded image is re-encoded
 * first and then held by the form (hidden `imageId`), so a preview or a refused save does not lose it.
 */
export async function saveOrPreview(
  admin: User,
  form: EditorForm,
  save: (input: PostValues) => BlogPost,
  existing?: BlogPost,
) {
  const { formData } = form;
  const submission = parseWithZod(formData, { schema: blogPostSchema });
  let image = heldImage(formData);
  let imageError = form.refusal ? { status: form.refusal.status, message: form.refusal.message } : null;
  if (form.image) {
    try {
      image = imageOf(await storeBlogImage(getDb(), admin, form.image));
    } catch (error) {
      console.info("[blog] an uploaded image could not be read:", (error as Error).message);
      // The images' one rule names why (too many pixels, damaged): app/infra/blog-images.server.ts.
      const message =
        error instanceof InvalidInputError ? error.message : "This image could not be read. Try another file.";
      imageError = { status: 400, message };
    }
  }
  if (imageError) {
    const result = submission.reply({ fieldErrors: { image: [imageError.message] } });
    return data<BlogActionData>({ result, image }, { status: imageError.status });
  }
  if (submission.status !== "success")
    return data<BlogActionData>({ result: submission.reply(), image }, { status: 400 });
  const input: PostValues = { ...submission.value, imageId: image?.id ?? null };
  if (formData.get("intent") === newPostIntents.preview) {
    return data<BlogActionData>({
      result: submission.reply(),
      image,
      preview: previewOf(admin, input, image?.sources ?? null, existing),
    });
  }
  let post: BlogPost;
  try {
    post = save(input);
  } catch (error) {
    // A taken slug is a field error of the form; a post deleted meanwhile is a refusal (404).
    if (error instanceof InvalidInputError) {
      return data<BlogActionData>(
        { result: submission.reply({ fieldErrors: error.fieldErrors }), image },
        { status: 400 },
      );
    }
    return refuse(error, { data: { result: submission.reply(), image } });
  }
  return redirectWithToast(`/admin/blog/${post.id}`, {
    title: "Saved",
    description: post.published ? "The post is published on the blog." : "The post is saved as a draft.",
  });
}
