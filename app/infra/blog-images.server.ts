/**
 * Blog images: the editor's upload (JPEG, PNG, WebP, HEIC, decided by the bytes), re-encoded by sharp to
 * WebP at each of IMAGE_WIDTHS (never enlarged), without the original's metadata (a phone photo carries
 * its GPS position), served publicly at /images/{id}-{width}.webp with a year's cache. sharp's own
 * libvips reads HEIF only as AVIF: an iPhone's HEIC (HEVC) is decoded by heic-decode (libheif in
 * WebAssembly) first. Both are loaded on the first image, not at start: libheif reserves megabytes of
 * WebAssembly memory in every web process (docs/decisions/015-memory.md), for an editor that uploads a
 * few images a month.
 * The rows are app/models/image.server.ts's.
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { Sharp } from "sharp";
import { env } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import type { ImageVariant } from "~/db/schema";
import { IMAGE_MAX_PIXELS, IMAGE_TYPES, UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { type Actor } from "~/models/actor.server";
import { createImage, getImage } from "~/models/image.server";
import { fileStore } from "~/infra/file-store.server";
import { readForm } from "~/infra/http.server";
import { isMultipart, receiveUpload } from "~/infra/upload.server";
import type { FileStore, StagedFile } from "~/models/files.server";
import { InvalidInputError, type UploadRefusal } from "~/lib/errors";
import { assertAdmin } from "~/models/permissions.server";
import { IMAGE_FILE, IMAGE_WIDTHS, IMAGES_FOLDER, imageKey, INCOMING_FOLDER } from "~/lib/images";

export type EditorForm = { formData: FormData; image: StagedFile | null; refusal: UploadRefusal | null };

/**
 * The blog editor's form: multipart with an optional image (`image`), or a plain form. A refused image
 * (type, size) leaves the other fields read, so the form comes back with them and the image's message.
 */
export async function readEditorForm(request: Request): Promise<EditorForm> {
  if (!isMultipart(request)) return { formData: await readForm(request), image: null, refusal: null };
  const upload = await receiveUpload(request, {
    fileField: "image",
    folder: INCOMING_FOLDER,
    accept: IMAGE_TYPES,
    typeMessage: UPLOAD_MESSAGES.imageType,
    maxFileBytes: env().uploadMaxBytes,
    maxFiles: 1,
    whenRefused: "skip",
  });
  return { formData: upload.fields, image: upload.files[0] ?? null, refusal: upload.refusal };
}

/** A profile's photo is at most 10 MB, whatever the documents' limit. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The profile form (/admin/profile) or `POST /api/team/{id}/photo`: multipart with its `photo`, or a plain form. */
export async function readPhotoForm(request: Request): Promise<EditorForm> {
  if (!isMultipart(request)) return { formData: await readForm(request), image: null, refusal: null };
  const upload = await receiveUpload(request, {
    fileField: "photo",
    folder: INCOMING_FOLDER,
    accept: IMAGE_TYPES,
    typeMessage: UPLOAD_MESSAGES.imageType,
    maxFileBytes: Math.min(env().uploadMaxBytes, PHOTO_MAX_BYTES),
    maxFiles: 1,
    whenRefused: "skip",
  });
  return { formData: upload.fields, image: upload.files[0] ?? null, refusal: upload.refusal };
}

/** Re-encodes an uploaded original to the WebP sizes, records the image, deletes the original. Admins only. */
export async function storeBlogImage(
  db: Db,
  actor: Actor,
  original: StagedFile,
  storage: FileStore = fileStore(),
): Promise<string> {
  assertAdmin(actor);
  return storeImage(db, actor, original, { widths: IMAGE_WIDTHS }, storage);
}

/** An agent's photo: square, at 240 and 480 px (shown at 96 to 240 CSS px, twice for sharp screens). */
export const PHOTO_WIDTHS = [240, 480] as const;

/**
 * Re-encodes an uploaded original to WebP at each width (cut to a square, centred on what sharp finds of
 * interest, when `square`), records the image as `actor`'s, deletes the original. The caller decides who may.
 */
export async function storeImage(
  db: Db,
  actor: Actor,
  original: StagedFile,
  shape: { widths: readonly number[]; square?: boolean },
  storage: FileStore = fileStore(),
): Promise<string> {
  const id = randomBytes(16).toString("hex");
  const written: string[] = [];
  try {
    const encoded = await encodeVariants(original, storage, shape);
    const variants: ImageVariant[] = [];
    for (const { width, data, info } of encoded) {
      const stored = await storage.put(IMAGES_FOLDER, Readable.from([data]), { key: imageKey(id, width) });
      written.push(stored.key);
      variants.push({ name: width, width: info.width, height: info.height, size: info.size });
    }
    createImage(db, actor, id, variants);
    return id;
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key)));
    throw error;
  } finally {
    await storage.delete(original.key);
  }
}

/** Refuses an image whose pixels would not fit the rule (a decompression bomb), before they are decoded. */
function assertPixels(width: number | undefined, height: number | undefined) {
  if (!width || !height) throw new InvalidInputError(UPLOAD_MESSAGES.imageUnreadable);
  if (width * height > IMAGE_MAX_PIXELS) throw new InvalidInputError(UPLOAD_MESSAGES.imageTooManyPixels);
}

/**
 * The original as sharp's input, its size checked first (the header's, before any pixel is decoded): HEIC/HEIF
 * through heic-decode, anything else as it is, refused when truncated.
 */
async function decode(original: StagedFile, storage: FileStore): Promise<Sharp> {
  const stream = await storage.get(original.key);
  if (!stream) throw new Error(`The uploaded image ${original.key} is missing`);
  const bytes = await buffer(stream);
  const { default: sharp } = await import("sharp");
  if (original.contentType === "image/heic" || original.contentType === "image/heif") {
    const { default: decodeHeic } = await import("heic-decode");
    const images = await decodeHeic.all({ buffer: bytes }).catch(() => {
      throw new InvalidInputError(UPLOAD_MESSAGES.imageUnreadable);
    });
    try {
      assertPixels(images[0]?.width, images[0]?.height);
      const image = await images[0]!.decode();
      return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
        raw: { width: image.width, height: image.height, channels: 4 },
      });
    } finally {
      images.dispose();
    }
  }
  // The header alone first (no pixel decoded: sharp's own limit off for this read, the rule below decides), then the
  // pixels with sharp's limit as well.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new InvalidInputError(UPLOAD_MESSAGES.imageUnreadable);
    });
  assertPixels(meta.width, meta.height);
  return sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "truncated" });
}

/**
 * Each width's WebP (turned upright by its EXIF orientation, which is then dropped with the rest of the metadata),
 * or a 400 naming why the image cannot be used (too many pixels, damaged or incomplete): one rule for the blog's
 * images, the profiles' photos and the listings' photos.
 */
async function encodeVariants(
  original: StagedFile,
  storage: FileStore,
  shape: { widths: readonly number[]; square?: boolean },
) {
  const source = await decode(original, storage);
  try {
    const out = [];
    for (const width of shape.widths) {
      const { data, info } = await source
        .clone()
        .rotate()
        .resize(
          shape.square
            ? { width, height: width, fit: "cover", position: "attention", withoutEnlargement: true }
            : { width, withoutEnlargement: true },
        )
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      out.push({ width, data, info });
    }
    return out;
  } catch {
    // sharp decodes the pixels here: a file whose header passed but whose data is cut short or damaged.
    throw new InvalidInputError(UPLOAD_MESSAGES.imageUnreadable);
  }
}

/** GET /images/{id}-{width}.webp: public, cached a year (a file never changes: a new image has a new id). */
export async function imageResponse(db: Db, file: string, storage: FileStore = fileStore()): Promise<Response | null> {
  const match = IMAGE_FILE.exec(file);
  if (!match) return null;
  const [, id, width] = match as unknown as [string, string, string];
  const variant = getImage(db, id)?.variants.find((v) => v.name === Number(width));
  const stream = variant ? await storage.get(imageKey(id, variant.name)) : null;
  if (!variant || !stream) return null;
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      "content-type": "image/webp",
      "content-length": String(variant.size),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
