/**
 * Blog posts: published ones for everyone, drafts for admins only; admins
 * write, edit, publish and delete them.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogPosts, users, type BlogPost, type User } from "~/db/schema";
import { slugify, type BlogPostInput } from "~/lib/blog-schema";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { assertAdmin, type Actor } from "~/models/actor.server";

export function listPublishedPosts(db: Db): BlogPost[] {
  return db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .all();
}

/** Every post, drafts included, for admins; published ones for anyone else. */
export function listPosts(db: Db, actor: Pick<User, "isAdmin"> | null): BlogPost[] {
  if (!actor?.isAdmin) return listPublishedPosts(db);
  return db.select().from(blogPosts).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id)).all();
}

/** A post by slug; an unpublished one only for admins. */
export function getPostBySlug(db: Db, slug: string, actor: Pick<User, "isAdmin"> | null = null): BlogPost | undefined {
  const conditions = [eq(blogPosts.slug, slug)];
  if (!actor?.isAdmin) conditions.push(eq(blogPosts.published, true));
  return db
    .select()
    .from(blogPosts)
    .where(and(...conditions))
    .get();
}

export function toPostJson(post: BlogPost) {
  return {
    ...post,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

/** A post by id, drafts included. Admins only. */
export function getPostById(db: Db, actor: Actor, id: number): BlogPost {
  assertAdmin(actor);
  const post = db.select().from(blogPosts).where(eq(blogPosts.id, id)).get();
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

const postValues = (input: BlogPostInput, slug: string) => ({
  title: input.title,
  slug,
  excerpt: input.excerpt ?? null,
  imageUrl: input.imageUrl ?? null,
  content: input.content,
  published: input.published,
});

/** A new post written by the admin (its author). Admins only. */
export function createPost(db: Db, actor: Actor, input: BlogPostInput, now: Date = new Date()): BlogPost {
  assertAdmin(actor);
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
  changes: Partial<BlogPostInput>,
  now: Date = new Date(),
): BlogPost {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const existing = tx.select().from(blogPosts).where(eq(blogPosts.id, id)).get();
    if (!existing) throw new NotFoundError("Post not found");
    const given = (key: keyof BlogPostInput) => key in changes;
    const input: BlogPostInput = {
      title: changes.title ?? existing.title,
      content: changes.content ?? existing.content,
      excerpt: given("excerpt") ? changes.excerpt : (existing.excerpt ?? undefined),
      imageUrl: given("imageUrl") ? changes.imageUrl : (existing.imageUrl ?? undefined),
      published: changes.published ?? existing.published,
    };
    const slug = given("slug") ? freeSlug(db, changes.slug, input.title, id) : existing.slug;
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
  const name = [author?.firstName, author?.lastName].filter(Boolean).join(" ");
  return name ? `${name}, ${teamName} team` : `The ${teamName} team`;
}
