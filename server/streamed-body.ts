/**
 * The body of an upload request (app/lib/route-access.ts `isUploadPath`), handed to Remix as a stream
 * rather than read first: the app writes each file to the disk as it arrives (app/infra/upload.server.ts).
 * The client is read only as fast as the app reads (pause and resume), and no further than `limit`
 * bytes: past it the stream fails with a 413 error, and the connection is closed once the answer is sent.
 * Whatever the app leaves unread (it refused the upload) is read and dropped after the answer, so the
 * browser, still sending, gets that answer rather than a reset connection.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export function streamedBody(
  req: IncomingMessage,
  res: ServerResponse,
  options: { limit: number; tooLarge: string },
): ReadableStream<Uint8Array> {
  let received = 0;
  let settled = false;
  let overLimit = false;
  res.once("finish", () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    if (overLimit) req.destroy();
    else req.resume();
  });
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (error: Error) => {
          if (settled) return;
          settled = true;
          req.pause();
          controller.error(error);
        };
        req.on("data", (chunk: Buffer) => {
          if (settled) return;
          received += chunk.length;
          if (received > options.limit) {
            overLimit = true;
            if (!res.headersSent) res.setHeader("Connection", "close");
            return fail(Object.assign(new Error(options.tooLarge), { status: 413 }));
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        req.once("error", fail);
        req.once("close", () => {
          if (!req.complete) fail(new Error("The client went away before the upload ended."));
        });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        settled = true;
      },
    },
    { highWaterMark: 256 * 1024, size: (chunk) => chunk.byteLength },
  );
}
