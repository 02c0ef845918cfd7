/**
 * A listing's photos (docs/listings.md): staff on the sale and its seller upload them (JPEG, PNG, WebP, HEIC
 * by their bytes, at most 25 MB each, 50 in all), reorder them and write their alt text; each is kept as an image of
 * three WebP widths without its metadata (EXIF, its GPS position) by the image store the caller gives
 * (app/infra/blog-images.server.ts `storeImage`). The first is the page's lead and Open Graph image.
 */
import { and, asc, count, eq, getTableColumns, gt, inArray, max, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { images, listingPhotos, type ListingPhoto } from "~/db/schema";
import { ConflictError, InvalidInputError, NotFoundError, UploadRefusal } from "~/lib/errors";
import { IMAGE_TYPES, UPLOAD_MESSAGES } from "~/lib/upload-rules";
import type { Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import type { ReceiveUpload, StagedFile } from "~/models/files.server";
import { getTransaction } from "~/models/permissions.server";
import { INCOMING_FOLDER, type ImageVariantSize } from "~/lib/images";

export const MAX_PHOTOS = 50;
export const PHOTO_MAX_BYTES = 25 * 1024 * 1024;
const NOT_FOUND = "Photo not found";

/** A sale the actor may add photos to: staff on it or its seller (anyone else 404; a purchase has none). */
function saleFor(db: DbOrTx, actor: Actor, transactionId: number) {
  const t = getTransaction(db, actor, transactionId);
  if (t.type !== "selling") throw new NotFoundError("Listing not found");
  return t;
}

const photoCount = (db: DbOrTx, transactionId: number) =>
  db.select({ n: count() }).from(listingPhotos).where(eq(listingPhotos.transactionId, transactionId)).get()?.n ?? 0;

/** The sale's photos in order, each with its image's stored sizes. */
export function listPhotos(
  db: Db,
  actor: Actor,
  transactionId: number,
): Array<ListingPhoto & { variants: ImageVariantSize[] }> {
  saleFor(db, actor, transactionId);
  return db
    .select({ ...getTableColumns(listingPhotos), variants: images.variants })
    .from(listingPhotos)
    .innerJoin(images, eq(images.id, listingPhotos.imageId))
    .where(eq(listingPhotos.transactionId, transactionId))
    .orderBy(asc(listingPhotos.position), asc(listingPhotos.id))
    .all();
}

/**
 * `POST /api/transactions/{id}/photos` and the photo forms: the actor's right is checked before a byte is read, the
 * files received with the photos' rules (their bytes, 25 MB), each stored as an image (`storeImage`), then added at
 * the end, in the order sent. More than 50 in all: 409, nothing added.
 */
export async function uploadListingPhotos(
  db: Db,
  actor: Actor,
  transactionId: number,
  receive: ReceiveUpload,
  storeImage: (original: StagedFile) => Promise<string>,
  now = new Date(),
): Promise<Array<ListingPhoto & { variants: ImageVariantSize[] }>> {
  saleFor(db, actor, transactionId);
  const upload = await receive({
    fileField: "photos",
    folder: INCOMING_FOLDER,
    accept: IMAGE_TYPES,
    typeMessage: UPLOAD_MESSAGES.imageType,
    maxFileBytes: PHOTO_MAX_BYTES,
  });
  if (upload.files.length === 0) throw new UploadRefusal(400, UPLOAD_MESSAGES.noFile);
  if (photoCount(db, transactionId) + upload.files.length > MAX_PHOTOS) {
    await upload.discard();
    throw new ConflictError(`A listing has at most ${MAX_PHOTOS} photos: remove some first`);
  }
  // One image that cannot be read (too many pixels, damaged) refuses the upload with its 400: no photo is added, the
  // originals not yet read are discarded, and the images made before it, used by nothing, go with the daily job's.
  const imageIds: string[] = [];
  try {
    for (const file of upload.files) imageIds.push(await storeImage(file));
  } catch (error) {
    await upload.discard();
    throw error;
  }
  return db.transaction((tx) => {
    if (photoCount(tx, transactionId) + imageIds.length > MAX_PHOTOS) {
      throw new ConflictError(`A listing has at most ${MAX_PHOTOS} photos: remove some first`);
    }
    let position =
      tx
        .select({ p: max(listingPhotos.position) })
        .from(listingPhotos)
        .where(eq(listingPhotos.transactionId, transactionId))
        .get()?.p ?? 0;
    const rows = imageIds.map((imageId) =>
      tx
        .insert(listingPhotos)
        .values({ transactionId, imageId, position: ++position, uploadedBy: actor.id, createdAt: now })
        .returning()
        .get(),
    );
    recordAudit(tx, actor, {
      action: "listing.photos_add",
      subject: { type: "transaction", id: transactionId },
      transactionId,
      changes: { photos: rows.length },
      at: now,
    });
    return withSizes(tx, rows);
  });
}

/** Photos with their images' stored sizes (what their sources are made of, app/lib/images.ts). */
function withSizes(db: DbOrTx, rows: ListingPhoto[]): Array<ListingPhoto & { variants: ImageVariantSize[] }> {
  if (rows.length === 0) return [];
  const sizes = new Map(
    db
      .select({ id: images.id, variants: images.variants })
      .from(images)
      .where(
        inArray(
          images.id,
          rows.map((r) => r.imageId),
        ),
      )
      .all()
      .map((i) => [i.id, i.variants]),
  );
  return rows.map((r) => ({ ...r, variants: sizes.get(r.imageId) ?? [] }));
}

function photoFor(db: DbOrTx, actor: Actor, id: number): ListingPhoto {
  const row = db.select().from(listingPhotos).where(eq(listingPhotos.id, id)).get();
  if (!row) throw new NotFoundError(NOT_FOUND);
  try {
    saleFor(db, actor, row.transactionId);
  } catch {
    throw new NotFoundError(NOT_FOUND);
  }
  return row;
}

/**
 * `PATCH /api/photos/{id}` `{ position, alt }`: its alt text (what the room shows), and its place (1 is the first;
 * the others move to make room).
 */
export function updateListingPhoto(
  db: Db,
  actor: Actor,
  id: number,
  input: { position?: number; alt?: string },
  now = new Date(),
): ListingPhoto & { variants: ImageVariantSize[] } {
  return db.transaction((tx) => {
    const row = photoFor(tx, actor, id);
    if (input.alt !== undefined) tx.update(listingPhotos).set({ alt: input.alt }).where(eq(listingPhotos.id, id)).run();
    if (input.position !== undefined) {
      const total = photoCount(tx, row.transactionId);
      if (!Number.isInteger(input.position) || input.position < 1) {
        throw new InvalidInputError("Enter the photo's place, from 1", {
          position: ["Enter the photo's place, from 1"],
        });
      }
      const to = Math.min(input.position, total);
      const ordered = tx
        .select({ id: listingPhotos.id })
        .from(listingPhotos)
        .where(eq(listingPhotos.transactionId, row.transactionId))
        .orderBy(asc(listingPhotos.position), asc(listingPhotos.id))
        .all()
        .map((r) => r.id)
        .filter((pid) => pid !== id);
      ordered.splice(to - 1, 0, id);
      ordered.forEach((pid, i) =>
        tx
          .update(listingPhotos)
          .set({ position: i + 1 })
          .where(eq(listingPhotos.id, pid))
          .run(),
      );
    }
    recordAudit(tx, actor, {
      action: "listing.photo_update",
      subject: { type: "transaction", id: row.transactionId },
      transactionId: row.transactionId,
      changes: { photo: id, ...input },
      at: now,
    });
    return withSizes(tx, [tx.select().from(listingPhotos).where(eq(listingPhotos.id, id)).get()!])[0]!;
  });
}

/** `DELETE /api/photos/{id}`: the photo leaves the listing (its image is purged a day later, unused). */
export function removeListingPhoto(db: Db, actor: Actor, id: number, now = new Date()) {
  db.transaction((tx) => {
    const row = photoFor(tx, actor, id);
    tx.delete(listingPhotos).where(eq(listingPhotos.id, id)).run();
    tx.update(listingPhotos)
      .set({ position: sql`${listingPhotos.position} - 1` })
      .where(and(eq(listingPhotos.transactionId, row.transactionId), gt(listingPhotos.position, row.position)))
      .run();
    recordAudit(tx, actor, {
      action: "listing.photo_remove",
      subject: { type: "transaction", id: row.transactionId },
      transactionId: row.transactionId,
      changes: { photo: id },
      at: now,
    });
  });
}
