/** A listing photo's sources: its three WebP widths at /images/{id}-{width}.webp (app/routes/images.$file.ts). */
import { IMAGE_WIDTHS } from "~/lib/upload-rules";

export const photoSources = (photo: { imageId: string; alt: string }) => ({
  src: `/images/${photo.imageId}-${IMAGE_WIDTHS[1]}.webp`,
  srcSet: IMAGE_WIDTHS.map((w) => `/images/${photo.imageId}-${w}.webp ${w}w`).join(", "),
  alt: photo.alt,
});
