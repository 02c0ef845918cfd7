/**
 * A ZIP written as it is read (archiver: a maintained ZIP writer), so that gigabytes of files never sit in
 * memory: each entry is appended once the one before it has been written (archiver would otherwise open and
 * buffer every source at once), stored as it is or deflated. The answer's stream is piped with backpressure
 * by server/remix-handler.ts. An entry that fails ends the archive (the download breaks rather than lies).
 */
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";

export type ZipEntry = {
  name: string;
  /** The bytes: a string, or a stream read when its turn comes. */
  source: string | Readable | (() => Readable);
  /** Stored as it is (a PDF or an image is compressed already); else deflated. */
  store?: boolean;
};

/** The ZIP of `entries` (taken one at a time, as the archive asks for them), as a web stream. */
export function zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: { date: Date; onError: (error: unknown) => void },
) {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  let written = 0;
  archive.on("entry", () => (written += 1));
  /** Resolves once `count` entries have been written. */
  const writtenUpTo = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (written >= count) {
          archive.off("entry", check);
          resolve();
        }
      };
      archive.on("entry", check);
      check();
    });
  void (async () => {
    let appended = 0;
    for await (const entry of entries) {
      const source = typeof entry.source === "function" ? entry.source() : entry.source;
      archive.append(source, { name: entry.name, store: entry.store ?? false, date: options.date });
      appended += 1;
      await writtenUpTo(appended);
    }
    await archive.finalize();
  })().catch((error: unknown) => {
    options.onError(error);
    archive.abort();
  });
  return Readable.toWeb(archive) as ReadableStream<Uint8Array>;
}
