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
import {
  IMAGE_FILE,
  IMAGE_TYPES,
  IMAGE_WIDTHS,
  IMAGES_FOLDER,
  imageKey,
  INCOMING_FOLDER,
  UPLOAD_MESSAGES,
} from "~/lib/upload-rules";
import { assertAdmin, type Actor } from "~/models/actor.server";
import { createImage, getImage } from "~/models/image.server";
import { fileStore } from "~/infra/file-store.server";
import { readForm } from "~/infra/http.server";
import { isMultipart, receiveUpload } from "~/infra/upload.server";
import type { FileStore, StagedFile } from "~/models/files.server";
import type { UploadRefusal } from "~/lib/errors";

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

/** A profile's photo is at most 10 MB (issue 45), whatever the documents' limit. */
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

/** An agent's photo (issue 45): square, at 240 and 480 px (shown at 96 to 240 CSS px, twice for sharp screens). */
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
    const source = await decode(original, storage);
    const variants: ImageVariant[] = [];
    for (const width of shape.widths) {
      // rotate(): turned upright by its EXIF orientation, which is then dropped with the rest of the metadata.
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

/** The original as sharp's input: HEIC/HEIF through heic-decode, anything else as it is. */
async function decode(original: StagedFile, storage: FileStore): Promise<Sharp> {
  const stream = await storage.get(original.key);
  if (!stream) throw new Error(`The uploaded image ${original.key} is missing`);
  const bytes = await buffer(stream);
  const { default: sharp } = await import("sharp");
  if (original.contentType === "image/heic" || original.contentType === "image/heif") {
    const { default: decodeHeic } = await import("heic-decode");
    const image = await decodeHeic({ buffer: bytes });
    return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
      raw: { width: image.width, height: image.height, channels: 4 },
    });
  }
  return sharp(bytes);
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
