/**
 * A listing's photos in the workspace and in the portal (docs/listings.md): the upload (a multipart form
 * posted to the page's `?photos`), each photo's place and alt text, its removal. Comes back to #listing-photos with a
 * toast, or a toast naming what was refused.
 */
import { storeImage } from "~/infra/blog-images.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse } from "~/infra/page-action.server";
import { uploadOf } from "~/infra/upload.server";
import { NotFoundError } from "~/lib/errors";
import { photoIntents } from "~/lib/intents";
import { photoPatchSchema } from "~/lib/photo-schema";
import { IMAGE_WIDTHS, photoSources, type PhotoRow } from "~/lib/images";
import type { Db } from "~/db/client.server";
import type { Actor } from "~/models/actor.server";
import { listPhotos, removeListingPhoto, updateListingPhoto, uploadListingPhotos } from "~/models/listing-photo.server";
import { backTo, parseSectionForm, type Section } from "~/sections/page-sections.server";

/** A photo as the API and the pages give it. */
export const toPhotoJson = (p: PhotoRow & { id: number; position: number }) => ({
  ...photoSources(p),
  id: p.id,
  position: p.position,
});

/** The image store of a listing's photos: three WebP widths, without metadata. */
export const photoStore = (db: Db, actor: Actor) => (original: Parameters<typeof storeImage>[2]) =>
  storeImage(db, actor, original, { widths: IMAGE_WIDTHS });

export const listingPhotosSection: Section<typeof photoIntents> = {
  intents: photoIntents,
  takesUpload: (request) => new URL(request.url).searchParams.has("photos"),
  async upload(ctx, request) {
    const back = backTo(ctx, "listing-photos");
    try {
      if (ctx.transactionId === undefined) throw new NotFoundError("Listing not found");
      const added = await uploadListingPhotos(
        ctx.db,
        ctx.actor,
        ctx.transactionId,
        uploadOf(request),
        photoStore(ctx.db, ctx.actor),
      );
      return redirectWithToast(back, {
        description: added.length === 1 ? "Photo added." : `${added.length} photos added.`,
      });
    } catch (error) {
      return refuse(error, { back });
    }
  },
  async act(ctx, intent, formData) {
    const back = backTo(ctx, "listing-photos");
    try {
      const id = Number(formData.get("photoId")) || 0;
      if (intent === photoIntents.remove) {
        removeListingPhoto(ctx.db, ctx.actor, id);
        return redirectWithToast(back, { description: "Photo removed." });
      }
      const input = parseSectionForm(photoPatchSchema, {
        position: String(formData.get("position") ?? ""),
        alt: String(formData.get("alt") ?? ""),
      });
      updateListingPhoto(ctx.db, ctx.actor, id, input);
      return redirectWithToast(back, { description: "Photo saved." });
    } catch (error) {
      return refuse(error, { back });
    }
  },
};

/** The photos as the section shows them. */
export const photosData = (db: Db, actor: Actor, transactionId: number) =>
  listPhotos(db, actor, transactionId).map(toPhotoJson);
