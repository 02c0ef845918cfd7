/** What the blog editor's pages (new and edit) share on the server: saving and previewing a post. */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { ArticleData } from "~/components/article";
import { getDb } from "~/infra/database.server";
import type { BlogPost, User } from "~/db/schema";
import { blogPostSchema, paragraphsOf, slugify, type BlogPostInput } from "~/lib/blog-schema";
import { InvalidInputError } from "~/lib/errors";
import { formatDate } from "~/lib/format";
import { refuse } from "~/infra/page-action.server";
import { newPostIntents } from "~/lib/intents";
import { env } from "~/config/env.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { authorLine } from "~/models/blog.server";

export type BlogActionData = { result: SubmissionResult<string[]>; preview?: ArticleData & { slug: string } };

/** The article as visitors will see it, from the form's values. */
function previewOf(admin: User, input: BlogPostInput, existing?: BlogPost): ArticleData & { slug: string } {
  const date = existing?.createdAt ?? new Date();
  return {
    title: input.title,
    slug: input.slug || slugify(input.title),
    imageUrl: input.imageUrl ?? null,
    paragraphs: paragraphsOf(input.content),
    date: formatDate(date),
    isoDate: date.toISOString(),
    author: authorLine(getDb(), { authorId: existing?.authorId ?? admin.id }, env().site.name),
  };
}

/** Preview or save (create or update) a post from the editor's form. */
export async function saveOrPreview(
  admin: User,
  formData: FormData,
  save: (input: BlogPostInput) => BlogPost,
  existing?: BlogPost,
) {
  const submission = parseWithZod(formData, { schema: blogPostSchema });
  if (submission.status !== "success") return data<BlogActionData>({ result: submission.reply() }, { status: 400 });
  if (formData.get("intent") === newPostIntents.preview) {
    return data<BlogActionData>({ result: submission.reply(), preview: previewOf(admin, submission.value, existing) });
  }
  let post: BlogPost;
  try {
    post = save(submission.value);
  } catch (error) {
    // A taken slug is a field error of the form; a post deleted meanwhile is a refusal (404).
    if (error instanceof InvalidInputError) {
      return data<BlogActionData>({ result: submission.reply({ fieldErrors: error.fieldErrors }) }, { status: 400 });
    }
    return refuse(error, { data: { result: submission.reply() } });
  }
  return redirectWithToast(`/admin/blog/${post.id}`, {
    title: "Saved",
    description: post.published ? "The post is published on the blog." : "The post is saved as a draft.",
  });
}
