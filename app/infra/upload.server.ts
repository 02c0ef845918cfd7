/**
 * Receiving uploaded files: a multipart/form-data request is parsed as it arrives
 * (@mjackson/form-data-parser), each file streamed into the file store, never held whole in memory,
 * and its type decided by its bytes (file-type), not by its name or the browser's word.
 *
 * All or nothing: a refused file (its type, its size, one file too many), a broken request or a client
 * that goes away deletes every file this request stored, and `UploadRefusal` (app/lib/errors.ts) says why
 * (400, 413, 415).
 * The caller stores rows for the files it got, or calls `discard()`.
 *
 * Memory: the parser does not wait for a file's writer, so this module does: the request's body is read
 * only while no file's writer is behind (`UploadFlow`), and the form's other fields may take 1 MB in all.
 */
import { PassThrough } from "node:stream";
import { parseFormData, type FileUpload } from "@mjackson/form-data-parser";
import { MultipartParseError } from "@mjackson/multipart-parser";
import { fileTypeFromStream } from "file-type/node";
import { UploadRefusal } from "~/lib/errors";
import { cleanFileName, MAX_FILES_PER_UPLOAD, tooLargeMessage, UPLOAD_MESSAGES } from "~/lib/upload-rules";
import { fileStore } from "~/infra/file-store.server";
import type { FileStore, ReceivedUpload, ReceiveUpload, StagedFile, UploadRules } from "~/models/files.server";

/** The form's fields apart from files: 1 MB in all (boundaries and part headers included). */
const FIELDS_BUDGET = 1024 * 1024;
/** What a file's writer may hold before the request's body waits for the disk. */
const WRITER_BUFFER = 256 * 1024;

export const isMultipart = (request: Request) =>
  /^multipart\/form-data\s*;.*boundary=/i.test(request.headers.get("content-type") ?? "");

/** `receiveUpload` bound to a request: what a model is given to read an upload with its rules. */
export const uploadOf =
  (request: Request, store: FileStore = fileStore()): ReceiveUpload =>
  (rules) =>
    receiveUpload(request, rules, store);

export async function receiveUpload(
  request: Request,
  options: UploadRules,
  storage: FileStore = fileStore(),
): Promise<ReceivedUpload> {
  if (!isMultipart(request)) throw new UploadRefusal(415, UPLOAD_MESSAGES.notMultipart);
  if (!request.body) throw new UploadRefusal(400, UPLOAD_MESSAGES.noFile);
  const maxFiles = options.maxFiles ?? MAX_FILES_PER_UPLOAD;
  const skip = options.whenRefused === "skip";
  const flow = new UploadFlow(request.body);
  const staged: StagedFile[] = [];
  const work: Promise<unknown>[] = [];
  let refusal: UploadRefusal | null = null;
  let count = 0;
  const discard = async () => {
    await Promise.all(staged.splice(0).map((file) => file && storage.delete(file.key)));
  };
  /** A refused file: the whole request, or (skip) this file only. */
  const refuse = (reason: UploadRefusal) => {
    if (!skip) throw flow.abort(reason);
    refusal = reason;
  };

  async function receive(upload: FileUpload): Promise<null> {
    // A file input left empty sends a part with no name and no bytes.
    if (upload.fieldName !== options.fileField || upload.name === "") {
      await flow.feed(upload.stream(), null);
      return null;
    }
    count += 1;
    if (count > maxFiles) {
      refuse(new UploadRefusal(400, UPLOAD_MESSAGES.tooMany));
      await flow.feed(upload.stream(), null);
      return null;
    }
    const slot = count - 1;
    const name = cleanFileName(upload.name);
    const sink = new PassThrough({ highWaterMark: WRITER_BUFFER });
    // Its errors reach the storage's pipeline; this listener keeps one raised before the pipeline
    // listens (an abort while the storage creates its folder) from being an uncaught exception.
    sink.on("error", () => {});
    const putting = storage.put(options.folder, sink);
    putting.catch(() => {}); // awaited below, or given up when the file is too large
    const whole = await flow.feed(upload.stream(), sink, { maxBytes: options.maxFileBytes, drainWhenOver: skip });
    if (!whole) {
      // The writer was destroyed: wait until its half-written file is deleted, then refuse.
      await putting.catch(() => {});
      refuse(new UploadRefusal(413, tooLargeMessage(options.maxFileBytes, name)));
      return null;
    }
    const stored = await putting;
    const file: StagedFile = { ...stored, name, contentType: "" };
    staged[slot] = file; // in the form's order, whichever is written first
    const type = stored.size === 0 ? undefined : await detectType(storage, stored.key);
    if (!type || !Object.hasOwn(options.accept, type)) {
      delete staged[slot];
      await storage.delete(file.key);
      refuse(new UploadRefusal(400, options.typeMessage));
      return null;
    }
    file.contentType = type;
    return null;
  }

  const parsing = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: flow.body,
    duplex: "half",
  } as RequestInit);
  try {
    const fields = await parseFormData(parsing, (upload) => {
      const job = receive(upload);
      work.push(job);
      return job;
    });
    await Promise.all(work);
    return { fields, files: staged.filter(Boolean), refusal, discard };
  } catch (error) {
    flow.abort(error);
    await Promise.allSettled(work);
    await discard();
    throw refusalOf(flow.error ?? error);
  }
}

function refusalOf(error: unknown): unknown {
  if (error instanceof UploadRefusal) return error;
  // A malformed body: anything else (a full disk) is the server's fault.
  if (error instanceof MultipartParseError) return new UploadRefusal(400, UPLOAD_MESSAGES.unreadable);
  return error;
}

/** The MIME type the file's first bytes say (file-type), or undefined. */
async function detectType(storage: FileStore, key: string): Promise<string | undefined> {
  const stream = await storage.get(key);
  if (!stream) return undefined;
  try {
    return (await fileTypeFromStream(stream))?.mime;
  } finally {
    stream.destroy();
  }
}

/**
 * The request's body as the parser reads it, read from the client only while every file's writer keeps
 * up (`writableNeedDrain`), and stopped at once by `abort`.
 */
class UploadFlow {
  readonly body: ReadableStream<Uint8Array>;
  error: unknown;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly writers = new Set<PassThrough>();
  /** The parts being read: `abort` cancels them, which ends a read that waits. */
  private readonly parts = new Set<ReadableStreamDefaultReader<Uint8Array>>();
  private controller?: ReadableStreamDefaultController<Uint8Array>;
  /** Bytes read from the client, and those that went to a file's writer or were dropped. */
  private received = 0;
  private consumed = 0;

  constructor(source: ReadableStream<Uint8Array>) {
    this.reader = source.getReader();
    this.body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        pull: (controller) => this.pull(controller),
        cancel: (reason) => {
          this.abort(reason);
        },
      },
      { highWaterMark: 0 },
    );
  }

  private async pull(controller: ReadableStreamDefaultController<Uint8Array>) {
    await this.writersReady();
    // The parts read so far have reached their readers (a part's reader runs in the turns after the
    // parser hands it bytes): what is left unaccounted is the form's other fields.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.error !== undefined) throw this.error;
    if (this.received - this.consumed > FIELDS_BUDGET) {
      throw this.abort(new UploadRefusal(413, UPLOAD_MESSAGES.fieldsTooLarge));
    }
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await this.reader.read();
    } catch (error) {
      // The server's adapter says 413 when the request passes its limit; anything else is a client gone.
      const status = (error as { status?: number }).status;
      const message = status === 413 ? (error as Error).message : UPLOAD_MESSAGES.unreadable;
      throw this.abort(new UploadRefusal(status === 413 ? 413 : 400, message));
    }
    if (chunk.done) return controller.close();
    this.received += chunk.value.byteLength;
    controller.enqueue(chunk.value);
  }

  private async writersReady() {
    for (;;) {
      if (this.error !== undefined) throw this.error;
      const behind = [...this.writers].find((writer) => writer.writableNeedDrain);
      if (!behind) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          behind.off("drain", done);
          behind.off("close", done);
          resolve();
        };
        behind.on("drain", done);
        behind.on("close", done);
      });
    }
  }

  /**
   * Copies a part's bytes into `sink` (null: drops them), without waiting for the sink. Past `maxBytes`
   * the sink is destroyed and false returned, at once or (`drainWhenOver`) once the part's other bytes
   * are read and dropped.
   */
  async feed(
    part: ReadableStream<Uint8Array>,
    sink: PassThrough | null,
    limit: { maxBytes: number; drainWhenOver: boolean } = { maxBytes: Infinity, drainWhenOver: true },
  ): Promise<boolean> {
    if (sink) {
      this.writers.add(sink);
      sink.once("close", () => this.writers.delete(sink));
    }
    const reader = part.getReader();
    this.parts.add(reader);
    let size = 0;
    try {
      for (;;) {
        // Not a Promise.race with a promise that settles on abort: each race would leave a reaction on
        // that long-lived promise holding its chunk, and a whole upload would stay in memory.
        const { done, value } = await reader.read();
        if (this.error !== undefined) throw this.error;
        if (done) break;
        this.consumed += value.byteLength;
        if (size > limit.maxBytes) continue; // over: dropped
        size += value.byteLength;
        if (size > limit.maxBytes) {
          sink?.destroy(new Error("The file is over the limit."));
          if (!limit.drainWhenOver) return false;
          continue;
        }
        sink?.write(value);
      }
      if (size > limit.maxBytes) return false;
      sink?.end();
      return true;
    } catch (error) {
      sink?.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    } finally {
      this.parts.delete(reader);
    }
  }

  /** Stops reading the request and every file's copy; the first reason wins. Returns it. */
  abort(reason: unknown): unknown {
    if (this.error === undefined) {
      this.error = reason ?? new Error("aborted");
      for (const part of this.parts) part.cancel(this.error).catch(() => {});
      try {
        this.controller?.error(this.error);
      } catch {
        // already closed
      }
      this.reader.cancel(this.error).catch(() => {});
      for (const writer of this.writers) writer.destroy(this.error instanceof Error ? this.error : undefined);
    }
    return this.error;
  }
}
