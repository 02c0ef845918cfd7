/** Blog posts: published ones for everyone, drafts for admins only. */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogPosts, type BlogPost, type User } from "~/db/schema";

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
export function getPostBySlug(
  db: Db,
  slug: string,
  actor: Pick<User, "isAdmin"> | null = null,
): BlogPost | undefined {
  const conditions = [eq(blogPosts.slug, slug)];
  if (!actor?.isAdmin) conditions.push(eq(blogPosts.published, true));
  return db.select().from(blogPosts).where(and(...conditions)).get();
}

export function toPostJson(post: BlogPost) {
  return {
    ...post,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}
