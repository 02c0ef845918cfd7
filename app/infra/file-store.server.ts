/**
 * Where uploaded files live: put a stream, get it back as a stream, delete it (the `FileStore` interface
 * of app/models/files.server.ts, which models are given). Files live in a directory (FILES_DIR); with S3
 * configured each is also copied to the bucket (app/infra/offsite-store.server.ts, docs/backups.md).
 *
 * Keys are the store's own names, never an uploaded name: `documents/3f/3fa9…` (a random 128-bit id,
 * in 256 folders so that no folder grows to hundreds of thousands of files) or a name the caller
 * chooses (`images/{id}-{width}.webp`). A file is written as `<key>.partial`, flushed to the disk, then
 * renamed: a key that exists is a whole file, and a crash leaves only `.partial` files, which the daily
 * retention job removes once they are a day old (`removePartials`).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { env } from "~/config/env.server";
import { getDb } from "~/infra/database.server";
import { offsiteStore, siteObjectStore } from "~/infra/offsite-store.server";
import { newStorageKey, type FileStore } from "~/models/files.server";

const PARTIAL = ".partial";
/** A key: folders and names of letters, digits, `-`, `_` and `.`, never `..` or a leading `/`. */
const KEY = /^[a-z]+(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/;

export class DirectoryStore implements FileStore {
  constructor(readonly root: string) {}

  private pathOf(key: string) {
    if (!KEY.test(key) || key.split("/").includes("..")) throw new Error(`Not a storage key: ${key}`);
    return path.join(this.root, ...key.split("/"));
  }

  async put(folder: string, body: Readable | ReadableStream<Uint8Array>, options: { key?: string } = {}) {
    const key = options.key ?? newStorageKey(folder);
    const file = this.pathOf(key);
    const partial = `${file}${PARTIAL}`;
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const hash = createHash("sha256");
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const source = body instanceof Readable ? body : Readable.fromWeb(body as WebReadableStream<Uint8Array>);
    try {
      // `flush`: the bytes are on the disk before the file is renamed into place.
      await pipeline(source, measure, fs.createWriteStream(partial, { flags: "wx", flush: true }));
      await fs.promises.rename(partial, file);
      await syncDirectory(path.dirname(file));
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    return { key, size, sha256: hash.digest("hex") };
  }

  async get(key: string): Promise<Readable | null> {
    return this.getLocal(key);
  }

  /** A file's SHA-256 and size, read from the disk. */
  async hashOf(key: string): Promise<{ sha256: string; size: number }> {
    const hash = createHash("sha256");
    let size = 0;
    for await (const chunk of fs.createReadStream(this.pathOf(key))) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    return { sha256: hash.digest("hex"), size };
  }

  /** The file's bytes on this disk, or null. */
  getLocal(key: string): Readable | null {
    const file = this.pathOf(key);
    if (!fs.existsSync(file)) return null;
    return fs.createReadStream(file);
  }

  async delete(key: string) {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async *list(folder: string) {
    const base = this.pathOf(`${folder}/x`).slice(0, -2);
    for await (const file of walk(base)) {
      if (file.endsWith(PARTIAL)) continue;
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat) continue;
      yield { key: path.relative(this.root, file).split(path.sep).join("/"), modifiedAt: stat.mtime };
    }
  }

  /**
   * Removes what a crash left half-written: `.partial` files last written before `olderThan` (an upload in
   * progress, in this process or another, writes its file continuously, so it is never one of them).
   */
  async removePartials(olderThan: Date): Promise<number> {
    let removed = 0;
    for await (const file of walk(this.root)) {
      if (!file.endsWith(PARTIAL)) continue;
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat || stat.mtime >= olderThan) continue;
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }
}

async function* walk(dir: string): AsyncGenerator<string> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** A rename is durable once its folder is flushed (Linux; elsewhere opening a folder may fail: skipped). */
async function syncDirectory(dir: string) {
  const handle = await fs.promises.open(dir, "r").catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // not supported for folders on this system
  } finally {
    await handle.close();
  }
}

export type SiteFileStore = FileStore & { removePartials(olderThan: Date): Promise<number> };

let store: SiteFileStore | undefined;
let storeRoot: string | undefined;

/**
 * This process's file store: FILES_DIR (created when first used); with S3 configured, the same directory with
 * each file's copy queued to the bucket and a missing file fetched back from it (offsite-store.server.ts).
 */
export function fileStore(): SiteFileStore {
  const config = env();
  if (!store || storeRoot !== config.filesDir) {
    fs.mkdirSync(config.filesDir, { recursive: true });
    const local = new DirectoryStore(config.filesDir);
    store = config.s3 ? offsiteStore(local, getDb, () => siteObjectStore()) : local;
    storeRoot = config.filesDir;
  }
  return store;
}
