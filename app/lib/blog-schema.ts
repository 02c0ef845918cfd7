/**
 * The blog editor's form (one schema for the browser, the page action and
 * the JSON API) and the slug rules.
 */
import { z } from "zod";
import { blankToUndefined, IMAGE_URL_MESSAGE, isHttpsUrl, MAX_LENGTH } from "~/lib/form-values";

/** Lowercase letters, digits and single hyphens between them. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = "Use lowercase letters, digits and hyphens";

const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

export const blogPostSchema = z.object({
  title: z.string({ required_error: "Title is required" }).trim().min(1, "Title is required").max(200),
  /** Empty: made from the title. */
  slug: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string().max(120).regex(SLUG_PATTERN, SLUG_MESSAGE).optional(),
  ),
  excerpt: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
  imageUrl: z.preprocess(
    blankToUndefined,
    z.string().trim().max(MAX_LENGTH.url).url("Enter a valid URL").refine(isHttpsUrl, IMAGE_URL_MESSAGE).optional(),
  ),
  content: z.string({ required_error: "Content is required" }).trim().min(1, "Content is required").max(50_000),
  published: checkbox.default(false),
});

export type BlogPostInput = z.infer<typeof blogPostSchema>;

/** The editor's form: the post's fields and an image file, which the server reads apart (app/infra/blog-images.server.ts). */
export const blogEditorSchema = blogPostSchema.extend({ image: z.unknown().optional() });

/**
 * PATCH /api/blog/{id}: any of the post's fields, each validated as on create; a field not sent stays as
 * it is (RFC 5789), and an unknown field is refused.
 */
export const blogPostPatchSchema = blogPostSchema.partial().strict();

/** The paragraphs of an article: one per non-empty line, always shown as text. */
export const paragraphsOf = (content: string) => content.split(/\r?\n/).filter((p) => p.trim() !== "");
