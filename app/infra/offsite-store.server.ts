/**
 * The file store with S3 configured (docs/backups.md): the local directory first, so an upload's
 * answer never waits for the network and never fails because the store is down, and a copy of each file in
 * the bucket by the durable queue (app/models/offsite.server.ts; sent by offsite-copier.server.ts):
 *
 * - put: the copy is queued before the file is written (a crash after the write loses no copy; a write that
 *   failed leaves a row the copier drops), then the file's row records its SHA-256 and size;
 * - get: a file missing here (a new disk, a restored database) is fetched from the bucket, checked against
 *   its recorded SHA-256 and kept here again; a mismatch is refused (null, and logged);
 * - delete: the file goes here and its object is queued for deletion (the bucket's versioning keeps it).
 */
import type { Readable } from "node:stream";
import { env } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import { objectStore, type ObjectStore } from "~/infra/s3.server";
import { newStorageKey, type FileStore, type StoredFile } from "~/models/files.server";
import { fileRow, queueCopy, queueRemoval, recordStored } from "~/models/offsite.server";

/** What the local directory offers (app/infra/file-store.server.ts's DirectoryStore). */
export type LocalStore = FileStore & {
  getLocal(key: string): Readable | null;
  removePartials(olderThan: Date): Promise<number>;
};

let objects: ObjectStore | undefined;

/** This process's client of the configured bucket. */
export function siteObjectStore(): ObjectStore {
  const settings = env().s3;
  if (!settings) throw new Error("S3 is not configured");
  objects ??= objectStore(settings);
  return objects;
}

export function offsiteStore(local: LocalStore, db: () => Db, bucket: () => ObjectStore) {
  return {
    async put(folder: string, body: Readable | ReadableStream<Uint8Array>, options: { key?: string } = {}) {
      const key = options.key ?? newStorageKey(folder);
      queueCopy(db(), key);
      const stored = await local.put(folder, body, { key });
      recordStored(db(), stored);
      return stored;
    },

    async get(key: string): Promise<Readable | null> {
      const here = local.getLocal(key);
      if (here) return here;
      return fetchBack(local, db(), bucket(), key);
    },

    async delete(key: string) {
      await local.delete(key);
      queueRemoval(db(), key);
    },

    list: (folder: string) => local.list(folder),
    removePartials: (olderThan: Date) => local.removePartials(olderThan),
  };
}

/** A file missing here, from the bucket: kept here again only when its SHA-256 is the one recorded. */
async function fetchBack(local: LocalStore, db: Db, bucket: ObjectStore, key: string): Promise<Readable | null> {
  const row = fileRow(db, key);
  if (row?.removedAt) return null;
  let object: Awaited<ReturnType<ObjectStore["get"]>>;
  try {
    object = await bucket.get(key);
  } catch (error) {
    console.error(`[files] ${key} is not here and the S3 store did not answer:`, (error as Error).message);
    return null;
  }
  if (!object) return null;
  const expected = row?.sha256 ?? object.sha256;
  let stored: StoredFile;
  try {
    stored = await local.put(key.split("/")[0]!, object.body, { key });
  } catch (error) {
    console.error(`[files] could not keep ${key} fetched from the S3 store:`, (error as Error).message);
    return null;
  }
  if (!expected || stored.sha256 !== expected) {
    await local.delete(key);
    console.error(`[files] ${key} from the S3 store does not match its SHA-256: refused`);
    return null;
  }
  console.info(`[files] ${key} was missing here: fetched from the S3 store, SHA-256 checked`);
  return local.getLocal(key);
}
