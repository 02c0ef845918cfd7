/**
 * An uploaded image's files and addresses, in one place: each image (a blog's, an agent's photo, a listing's) is
 * stored once per width as WebP, `images/{id}-{width}.webp`, and served at /images/{id}-{width}.webp
 * (app/routes/images.$file.ts). A small original is never enlarged: its wider files keep its own width, and the
 * sizes an <img> is offered list each real width once. Nothing parses an address back: a page gets the id and the
 * sizes it needs from `imageSources`.
 */

/** The widths (px) each image is stored at. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** One stored file of an image, as `images.variants` keeps it: its width's name and its real size. */
export type ImageVariantSize = { name: number; width: number; height: number };

/** What an <img> needs: the middle size, the smallest (a thumbnail), every size in `srcSet`, its real shape. */
export type ImageSources = {
  imageId: string;
  src: string;
  thumb: string;
  srcSet: string;
  width: number;
  height: number;
};

/** Where an image's files are stored (an id of 32 hexadecimal digits). */
export const IMAGES_FOLDER = "images";
/** Where an uploaded original waits for its re-encoding (deleted right after). */
export const INCOMING_FOLDER = "incoming";
/** A stored file's name: its image's id and its width's name. */
export const IMAGE_FILE = /^([0-9a-f]{32})-(\d+)\.webp$/;

export const imageKey = (id: string, width: number) => `${IMAGES_FOLDER}/${id}-${width}.webp`;
export const imagePath = (id: string, width: number) => `/images/${id}-${width}.webp`;

export function imageSources(id: string, variants: ImageVariantSize[]): ImageSources {
  // A small original is not enlarged: its larger files have its own width, listed once.
  const sorted = [...variants]
    .sort((a, b) => a.width - b.width || a.name - b.name)
    .filter((v, i, all) => i === 0 || v.width !== all[i - 1]!.width);
  const smallest = sorted[0]!;
  const largest = sorted[sorted.length - 1]!;
  const middle = sorted.find((v) => v.name === IMAGE_WIDTHS[1]) ?? largest;
  return {
    imageId: id,
    src: imagePath(id, middle.name),
    thumb: imagePath(id, smallest.name),
    srcSet: sorted.map((v) => `${imagePath(id, v.name)} ${v.width}w`).join(", "),
    width: largest.width,
    height: largest.height,
  };
}

/** A listing photo's sources and its text. */
export const photoSources = (photo: { imageId: string; variants: ImageVariantSize[]; alt: string }) => ({
  ...imageSources(photo.imageId, photo.variants),
  alt: photo.alt,
});

/** A listing photo as its queries read it: the photo's own columns and its image's stored sizes. */
export type PhotoRow = { imageId: string; variants: ImageVariantSize[]; alt: string };
