/**
 * Blog images (the rows; their WebP files are the file storage's: app/infra/blog-images.server.ts).
 * An image is uploaded by an admin in the blog editor and shown by the posts that name it; one no post
 * names a day after its upload (a post saved with another image, or never saved) is deleted by the
 * daily job.
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogPosts, images, type Image, type ImageVariant } from "~/db/schema";
import { assertAdmin, type Actor } from "~/models/actor.server";

/** Records an image whose files are stored. Admins only. */
export function createImage(db: Db, actor: Actor, id: string, variants: ImageVariant[], now = new Date()): Image {
  assertAdmin(actor);
  return db.insert(images).values({ id, variants, uploadedBy: actor.id, createdAt: now }).returning().get();
}

/** An image by id (public: its files are). */
export function getImage(db: Db, id: string): Image | undefined {
  return db.select().from(images).where(eq(images.id, id)).get();
}

/** Unused images older than a day: their rows are deleted and returned, for the caller to delete the files. */
export function takeUnusedImages(db: Db, now: Date, limit = 500): Image[] {
  return db.transaction((tx) => {
    const rows = tx
      .select({ image: images })
      .from(images)
      .leftJoin(blogPosts, eq(blogPosts.imageId, images.id))
      .where(and(isNull(blogPosts.id), lt(images.createdAt, new Date(now.getTime() - 24 * 3600_000))))
      .limit(limit)
      .all()
      .map((r) => r.image);
    for (const row of rows) tx.delete(images).where(eq(images.id, row.id)).run();
    return rows;
  });
}

/** Whether each id names an image, for the files' sweep. */
export function knownImageIds(db: Db, ids: string[]): Set<string> {
  if (ids.length === 0) return new Set();
  return new Set(
    db
      .select({ id: images.id })
      .from(images)
      .where(sql`${images.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)
      .all()
      .map((r) => r.id),
  );
}
