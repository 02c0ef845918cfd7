/**
 * Blog posts: published ones for everyone, drafts for admins only; admins
 * write, edit, publish and delete them.
 */
import { and, desc, eq, getTableColumns, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogPosts, images, users, type BlogPost, type ImageVariant, type User } from "~/db/schema";
import type { BlogPostInput } from "~/lib/blog-schema";
import { slugify } from "~/lib/slug";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { type Actor } from "~/models/actor.server";
import { fullName } from "~/lib/format";
import { assertAdmin } from "~/models/permissions.server";
import { imageSources, type ImageSources } from "~/lib/images";

/** A post with the sizes of its uploaded image (null without one). */
export type Post = BlogPost & { imageVariants: ImageVariant[] | null };

/** A post's values as the models take them: the form's, and the uploaded image (none: null). */
export type PostValues = BlogPostInput & { imageId?: string | null };

const selectPosts = (db: Db) =>
  db
    .select({ ...getTableColumns(blogPosts), imageVariants: images.variants })
    .from(blogPosts)
    .leftJoin(images, eq(images.id, blogPosts.imageId));

export function listPublishedPosts(db: Db): Post[] {
  return selectPosts(db)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .all();
}

/** Every post, drafts included, for admins; published ones for anyone else. */
export function listPosts(db: Db, actor: Pick<User, "isAdmin"> | null): Post[] {
  if (!actor?.isAdmin) return listPublishedPosts(db);
  return selectPosts(db).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id)).all();
}

/** A post by slug; an unpublished one only for admins. */
export function getPostBySlug(db: Db, slug: string, actor: Pick<User, "isAdmin"> | null = null): Post | undefined {
  const conditions = [eq(blogPosts.slug, slug)];
  if (!actor?.isAdmin) conditions.push(eq(blogPosts.published, true));
  return selectPosts(db)
    .where(and(...conditions))
    .get();
}

/** The uploaded image's sources (src, srcSet, width, height), or null. */
export const postImage = (post: Pick<Post, "imageId" | "imageVariants">): ImageSources | null =>
  post.imageId && post.imageVariants ? imageSources(post.imageId, post.imageVariants) : null;

export function toPostJson(post: BlogPost & { imageVariants?: ImageVariant[] | null }) {
  const { imageVariants, ...fields } = post;
  return {
    ...fields,
    image: postImage({ imageId: post.imageId, imageVariants: imageVariants ?? null }),
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

/** A post by id, drafts included. Admins only. */
export function getPostById(db: Db, actor: Actor, id: number): Post {
  assertAdmin(actor);
  const post = selectPosts(db).where(eq(blogPosts.id, id)).get();
  if (!post) throw new NotFoundError("Post not found");
  return post;
}

/** The slug to store: the given one, else one made from the title; taken by another post → a field error. */
function freeSlug(db: Db, given: string | undefined, title: string, exceptId?: number): string {
  const slug = given || slugify(title);
  if (!slug)
    throw new InvalidInputError("Invalid input", { slug: ["Enter a slug: the title has no letters or digits"] });
  const taken = db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      exceptId === undefined ? eq(blogPosts.slug, slug) : and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)),
    )
    .get();
  if (taken) throw new InvalidInputError("Invalid input", { slug: ["This slug is already used by another post"] });
  return slug;
}

/** An image id the form sent must name a stored image (it may have been deleted as unused meanwhile). */
function assertImage(db: Db, imageId: string | null | undefined) {
  if (!imageId || db.select({ id: images.id }).from(images).where(eq(images.id, imageId)).get()) return;
  throw new InvalidInputError("Invalid input", { image: ["This image is no longer stored: upload it again"] });
}

const postValues = (input: PostValues, slug: string) => ({
  title: input.title,
  slug,
  excerpt: input.excerpt ?? null,
  imageUrl: input.imageUrl ?? null,
  imageId: input.imageId ?? null,
  content: input.content,
  published: input.published,
});

/** A new post written by the admin (its author). Admins only. */
export function createPost(db: Db, actor: Actor, input: PostValues, now: Date = new Date()): BlogPost {
  assertAdmin(actor);
  assertImage(db, input.imageId);
  return db.transaction((tx) =>
    tx
      .insert(blogPosts)
      .values({
        ...postValues(input, freeSlug(db, input.slug, input.title)),
        authorId: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get(),
  );
}

/**
 * Changes a post. Admins only. Only the fields in `changes` change (PATCH /api/blog/{id} sends some, the
 * editor's form all of them), each already validated as on create; a field given as empty clears it
 * (excerpt, image). The slug: a given one is used, a given blank one is made from the title, and one not
 * given stays, so a new title does not move the article's address.
 */
export function updatePost(
  db: Db,
  actor: Actor,
  id: number,
  changes: Partial<PostValues>,
  now: Date = new Date(),
): BlogPost {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const existing = tx.select().from(blogPosts).where(eq(blogPosts.id, id)).get();
    if (!existing) throw new NotFoundError("Post not found");
    const given = (key: keyof PostValues) => key in changes;
    const input: PostValues = {
      title: changes.title ?? existing.title,
      content: changes.content ?? existing.content,
      excerpt: given("excerpt") ? changes.excerpt : (existing.excerpt ?? undefined),
      imageUrl: given("imageUrl") ? changes.imageUrl : (existing.imageUrl ?? undefined),
      imageId: given("imageId") ? changes.imageId : existing.imageId,
      published: changes.published ?? existing.published,
    };
    const slug = given("slug") ? freeSlug(db, changes.slug, input.title, id) : existing.slug;
    if (input.imageId !== existing.imageId) assertImage(db, input.imageId);
    return tx
      .update(blogPosts)
      .set({ ...postValues(input, slug), updatedAt: now })
      .where(eq(blogPosts.id, id))
      .returning()
      .get()!;
  });
}

export function deletePost(db: Db, actor: Actor, id: number): void {
  assertAdmin(actor);
  if (db.delete(blogPosts).where(eq(blogPosts.id, id)).run().changes === 0) throw new NotFoundError("Post not found");
}

/** The author line of a post: the admin who wrote it, of the agency's team; null without an author. */
export function authorLine(db: Db, post: Pick<BlogPost, "authorId">, teamName: string): string | null {
  if (!post.authorId) return null;
  const author = db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, post.authorId))
    .get();
  const name = fullName(author);
  return name ? `${name}, ${teamName} team` : `The ${teamName} team`;
}
