/**
 * An agent's photo from an upload: /admin/profile's form and `POST /api/team/{id}/photo` share it.
 * Who may is checked before the file is read into an image; a file that is not an image (by its bytes), too
 * large, or unreadable is refused with its message and changes nothing.
 */
import { getDb } from "~/infra/database.server";
import { PHOTO_WIDTHS, storeImage, type EditorForm } from "~/infra/blog-images.server";
import { InvalidInputError } from "~/lib/errors";
import type { Actor } from "~/models/actor.server";
import { assertMayEditProfile, setProfilePhoto } from "~/models/agent-profile.server";

/** Stores the form's photo as the profile's (nothing when the form has none); throws a refusal otherwise. */
export async function storeProfilePhoto(actor: Actor, userId: string, form: EditorForm): Promise<boolean> {
  const db = getDb();
  assertMayEditProfile(db, actor, userId);
  if (form.refusal) throw form.refusal;
  if (!form.image) return false;
  let imageId: string;
  try {
    imageId = await storeImage(db, actor, form.image, { widths: PHOTO_WIDTHS, square: true });
  } catch (error) {
    console.info("[profile] an uploaded photo could not be read:", (error as Error).message);
    // The images' one rule names why (too many pixels, damaged): app/infra/blog-images.server.ts.
    const message =
      error instanceof InvalidInputError ? error.message : "This image could not be read. Try another file.";
    throw new InvalidInputError(message, { photo: [message] });
  }
  setProfilePhoto(db, actor, userId, imageId);
  return true;
}
