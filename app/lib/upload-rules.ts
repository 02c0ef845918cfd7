/**
 * The rules of uploaded files, shared by the server and the browser: which types a document or a blog
 * image may be (decided by the file's bytes on the server: app/infra/upload.server.ts), the limits, the
 * messages, how an uploaded name is cleaned for display, and how long a removed document is kept.
 */
import { addYears } from "date-fns";

/** At most this many files in one upload request. */
export const MAX_FILES_PER_UPLOAD = 10;

/** The document types accepted (detected from the bytes), with the name a person knows them by. */
export const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "image/heic": "HEIC",
  "image/heif": "HEIF",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "DOCX",
};

/** The blog images accepted: each is re-encoded to WebP (app/infra/blog-images.server.ts). */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "image/heic": "HEIC",
  "image/heif": "HEIF",
};

/** What the file input offers (a hint only: the server decides by the bytes). */
export const DOCUMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,.webp,.heic,.heif,.docx";
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,.webp,.heic,.heif";

/**
 * The most pixels an uploaded image may have (60 megapixels: a 48-megapixel phone photo passes): beyond it, a small
 * file could ask for gigabytes once decoded (a decompression bomb). One rule for every image upload.
 */
export const IMAGE_MAX_PIXELS = 60_000_000;

export const UPLOAD_MESSAGES = {
  imageTooManyPixels: "This image has too many pixels (at most 60 megapixels): resize it and upload it again.",
  imageUnreadable: "This image cannot be read: the file is damaged or incomplete. Export it again and upload it.",
  documentType: "This file type isn't accepted. Use PDF, JPEG, PNG, WebP, HEIC or DOCX.",
  imageType: "This image type isn't accepted. Use JPEG, PNG, WebP or HEIC.",
  noFile: "Choose a file to upload.",
  tooMany: `Upload at most ${MAX_FILES_PER_UPLOAD} files at a time.`,
  notMultipart: "Send the files as multipart/form-data, in a field named file.",
  unreadable: "The form could not be read: the upload was cut short or malformed. Please try again.",
  fieldsTooLarge: "The form's fields are too large.",
} as const;

/** 413's message: the file's name and the limit. */
export const tooLargeMessage = (maxBytes: number, name?: string) =>
  `${name ? `"${name}" is too large` : "This file is too large"}: files can be at most ${formatBytes(maxBytes)}.`;

/** The most an upload request may carry: its files at their limit, and 1 MB for the rest of the form. */
export const uploadRequestLimit = (maxFileBytes: number) => MAX_FILES_PER_UPLOAD * maxFileBytes + 1024 * 1024;

/** Longest display name kept. */
export const MAX_NAME_LENGTH = 200;

// Control characters, and the bidirectional overrides that make "cod.exe" look like "exe.doc".
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * An uploaded name as shown and offered on download: its last path segment (`../../etc/passwd.pdf` is
 * `passwd.pdf`; browsers on Windows once sent whole paths), without control characters, at most 200
 * characters (the extension is kept), and "document" when nothing is left.
 */
export function cleanFileName(raw: string, fallback = "document"): string {
  const base = (raw.normalize("NFC").split(/[/\\]/).pop() ?? "").replace(UNSAFE_CHARACTERS, "").trim();
  const name = base === "." || base === ".." ? "" : base;
  if (!name) return fallback;
  if (name.length <= MAX_NAME_LENGTH) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
  return `${name.slice(0, MAX_NAME_LENGTH - extension.length).trimEnd()}${extension}`;
}

/** "840 bytes", "12 KB", "3.4 MB": sizes as people read them (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const units = ["KB", "MB", "GB"] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 && !Number.isInteger(value) ? 1 : 0;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/**
 * How long a broker keeps a transaction's papers: three years from its closing (Cal. Bus. & Prof. Code
 * §10148). A removed document is kept, for staff to restore, until then (docs/decisions/017-documents.md).
 */
export const RETENTION_YEARS = 3;

/** When a removed document of a transaction closed (completed or cancelled) at `closedAt` may be deleted. */
export const purgeDate = (closedAt: Date) => addYears(closedAt, RETENTION_YEARS);

/** The newest closing whose removed documents may be deleted on `now`. */
export const purgeCutoff = (now: Date) => addYears(now, -RETENTION_YEARS);
