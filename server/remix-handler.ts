/**
 * Remix's request handler for Express. @remix-run/express's adapter does the same translation of the
 * request and the answer; this one is kept for three reasons the adapter has no room for:
 * 1. The body was read and checked before any route (middleware.ts `readBody`): the request carries
 *    those bytes, where the adapter would stream the (already read) socket. An upload's body alone is
 *    streamed, within its limit (streamed-body.ts).
 * 2. A rendered public page goes into the page cache, which needs its bytes before they are sent; the
 *    adapter writes the answer itself.
 * 3. A page is written in one piece. Nothing on this site defers data, so its stream ends as soon as it
 *    starts, and a chunk-by-chunk copy (the adapter's) runs compression once per React chunk, which the
 *    bench measured much slower (docs/decisions/012-production-server.md; figures in docs/benchmarks.md).
 * The client's address goes to loaders and actions as `context.clientIp` (the rate limits), and around
 * the whole answer as the app's request context (`withRequest`: the audit's address).
 */
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { requestBodies } from "./middleware";
import { streamedBody } from "./streamed-body";
import type { ServerHooks } from "~/entry.server";
import { buildEntry, isStorable, sendEntry, type PageCache } from "./page-cache";
import { PAGE_SCOPE_HEADER } from "~/lib/route-access";

/** The page-cache key of a request that missed the cache (web.ts), to store its answer under. */
export const missedCacheKeys = new WeakMap<IncomingMessage, string>();

export function remixHandler(
  build: ServerBuild,
  pageCache: PageCache,
  upload: { limit: number; tooLarge: string },
  withRequest: ServerHooks["withRequest"],
) {
  const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const key = req.method === "GET" ? missedCacheKeys.get(req) : undefined;
      const version = key ? pageCache.version() : 0;
      const client = { ip: req.ip ?? null, browser: req.get("user-agent")?.slice(0, 400) ?? null };
      const response = await withRequest(client, () =>
        handleRequest(toWebRequest(req, res, upload), { clientIp: req.ip }),
      );
      if (key && isStorable(response.status, response.headers) && pageCache.worthStoring(key)) {
        const body = Buffer.from(await response.arrayBuffer());
        const entry = await buildEntry(response.status, response.headers, body, version);
        pageCache.set(key, entry);
        sendEntry(req, res, entry, "MISS");
        return;
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

const WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/** The web Request of an Express request: the body already read, or an upload's stream. */
function toWebRequest(req: Request, res: Response, upload: { limit: number; tooLarge: string }): globalThis.Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  // Loaders and actions are aborted when the client goes away before the answer is written.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const read = requestBodies.get(req);
  // express.raw reads into a plain (never shared) ArrayBuffer.
  let body: BodyInit | undefined = read
    ? new Uint8Array(read.buffer as ArrayBuffer, read.byteOffset, read.length)
    : undefined;
  // Not read by middleware.ts: an upload, streamed.
  if (!read && !WITHOUT_BODY.has(req.method) && !req.readableEnded) body = streamedBody(req, res, upload);
  return new globalThis.Request(url, {
    method: req.method,
    headers,
    body,
    signal: controller.signal,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

async function sendResponse(res: Response, response: globalThis.Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) if (name !== PAGE_SCOPE_HEADER) res.append(name, value);
  if (!response.body) return void res.end();
  if (/^text\/html/i.test(response.headers.get("content-type") ?? "")) {
    return void res.end(Buffer.from(await response.arrayBuffer()));
  }
  // With backpressure (Remix's writeReadableStreamToWritable reads on whatever the socket takes, so a large
  // download, a transaction's 2 GB export, would sit in memory): the next chunk is read once the last
  // one is written.
  try {
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res);
  } catch (error) {
    // The client went away mid-download: nothing to answer any more.
    if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE" || res.destroyed) return;
    throw error;
  }
}
