/**
 * What the models need of stored files, as interfaces: the file store (put, get, delete, list) and an
 * upload being received. Their implementations are plumbing (app/infra/file-store.server.ts and
 * app/infra/upload.server.ts); a route or the server passes them in, like the database, so that the rules
 * (who may add a file, which types, what is kept) live in models and app/infra only carries bytes.
 */
import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import type { UploadRefusal } from "~/lib/errors";

export type StoredFile = { key: string; size: number; sha256: string };

/** A new key in `folder`: a random 128-bit id in one of 256 sub-folders (none grows to a huge folder). */
export function newStorageKey(folder: string) {
  const id = randomBytes(16).toString("hex");
  return `${folder}/${id.slice(0, 2)}/${id}`;
}

export interface FileStore {
  /** Writes `body` under a new random key in `folder` (or under `key`); resolves once it is on the disk. */
  put(folder: string, body: Readable | ReadableStream<Uint8Array>, options?: { key?: string }): Promise<StoredFile>;
  /** The file's bytes, or null when there is no such file (with S3, fetched back first when missing here). */
  get(key: string): Promise<Readable | null>;
  /** Deletes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every key in `folder` with its last change, for the sweep of files without a row. */
  list(folder: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
}

/** A file an upload stored: its key, size and hash, its cleaned name and the type its bytes say. */
export type StagedFile = StoredFile & { name: string; contentType: string };

/** What the model asks of an upload's files. */
export type UploadRules = {
  /** The file input's name; files of other fields are read and dropped. */
  fileField: string;
  /** The store's folder the files go to. */
  folder: string;
  /** The accepted types (MIME type → name), and the message for any other. */
  accept: Readonly<Record<string, string>>;
  typeMessage: string;
  maxFileBytes: number;
  maxFiles?: number;
  /**
   * A refused file: "abort" (the default) stops reading and refuses the whole request; "skip" leaves the
   * file out, reads the rest of the form and says why in `refusal` (a form shown again with its fields).
   */
  whenRefused?: "abort" | "skip";
};

export type ReceivedUpload = {
  /** The form's other fields (text only). */
  fields: FormData;
  files: StagedFile[];
  /** With `whenRefused: "skip"`: why a file was left out (the last one), else null. */
  refusal: UploadRefusal | null;
  /** Deletes the stored files (the caller could not keep them). */
  discard(): Promise<void>;
};

/**
 * Reads an upload's body with the model's rules, storing each file as it arrives (app/infra/upload.server.ts
 * `receiveUpload`, bound to the request): called only once the model has decided the actor may upload.
 */
export type ReceiveUpload = (rules: UploadRules) => Promise<ReceivedUpload>;

/** The store's folder of documents' files. */
export const DOCUMENTS_FOLDER = "documents";
