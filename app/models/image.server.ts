/**
 * Blog images and agents' photos (the rows; their WebP files are the file store's, written by
 * app/infra/blog-images.server.ts). An image is uploaded by an admin in the blog editor and shown by the posts
 * that name it, or by a staff member as a profile's photo. The retention
 * rule (`purgeImages`, the daily job's): one no post or profile names a day after its upload (a post saved with another
 * image, or never saved) is deleted, row and files; so are image files no row names and originals left
 * waiting, a day old.
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { agentProfiles, blogPosts, images, listingPhotos, type Image, type ImageVariant } from "~/db/schema";
import type { Actor } from "~/models/actor.server";
import type { FileStore } from "~/models/files.server";
import { IMAGE_FILE, IMAGES_FOLDER, imageKey, INCOMING_FOLDER } from "~/lib/images";

/** Records an image whose files are stored, uploaded by `actor` (the caller decides who may: app/infra/blog-images.server.ts). */
export function createImage(db: Db, actor: Actor, id: string, variants: ImageVariant[], now = new Date()): Image {
  return db.insert(images).values({ id, variants, uploadedBy: actor.id, createdAt: now }).returning().get();
}

/** An image by id (public: its files are). */
export function getImage(db: Db, id: string): Image | undefined {
  return db.select().from(images).where(eq(images.id, id)).get();
}

/** How old an unused image, or a file of one no row names, is before it is deleted. */
const UNUSED_AFTER_MS = 24 * 3600_000;

/** The daily job's part for images: unused ones (rows and files), files no row names, originals left. */
export async function purgeImages(db: Db, files: FileStore, now = new Date()) {
  let deleted = 0;
  for (;;) {
    const unused = takeUnusedImages(db, now);
    for (const image of unused) await Promise.all(image.variants.map((v) => files.delete(imageKey(image.id, v.name))));
    deleted += unused.length;
    if (unused.length === 0) break;
  }
  const stored: { key: string; id: string }[] = [];
  for await (const file of files.list(IMAGES_FOLDER)) {
    const id = IMAGE_FILE.exec(file.key.slice(IMAGES_FOLDER.length + 1))?.[1];
    if (id && now.getTime() - file.modifiedAt.getTime() > UNUSED_AFTER_MS) stored.push({ key: file.key, id });
  }
  const known = knownImageIds(db, [...new Set(stored.map((f) => f.id))]);
  for (const file of stored) if (!known.has(file.id)) await files.delete(file.key);
  for await (const file of files.list(INCOMING_FOLDER)) {
    if (now.getTime() - file.modifiedAt.getTime() > UNUSED_AFTER_MS) await files.delete(file.key);
  }
  return deleted;
}

/** Unused images older than a day: their rows are deleted and returned, for the caller to delete the files. */
function takeUnusedImages(db: Db, now: Date, limit = 500): Image[] {
  return db.transaction((tx) => {
    const rows = tx
      .select({ image: images })
      .from(images)
      .leftJoin(blogPosts, eq(blogPosts.imageId, images.id))
      .leftJoin(agentProfiles, eq(agentProfiles.photoImageId, images.id))
      .leftJoin(listingPhotos, eq(listingPhotos.imageId, images.id))
      .where(
        and(
          isNull(blogPosts.id),
          isNull(agentProfiles.userId),
          isNull(listingPhotos.id),
          lt(images.createdAt, new Date(now.getTime() - UNUSED_AFTER_MS)),
        ),
      )
      .limit(limit)
      .all()
      .map((r) => r.image);
    for (const row of rows) tx.delete(images).where(eq(images.id, row.id)).run();
    return rows;
  });
}

/** Whether each id names an image, for the files' sweep. */
function knownImageIds(db: Db, ids: string[]): Set<string> {
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
