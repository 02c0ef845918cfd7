/**
 * Remix's request handler for Express. @remix-run/express's adapter does the same translation of the
 * request and the answer; this one is kept for three reasons the adapter has no room for:
 * 1. The body was read and checked before any route (middleware.ts `readBody`): the request carries
 *    those bytes, where the adapter would stream the (already read) socket.
 * 2. A rendered public page goes into the page cache, which needs its bytes before they are sent; the
 *    adapter writes the answer itself.
 * 3. A page is written in one piece. Nothing on this site defers data, so its stream ends as soon as it
 *    starts, and a chunk-by-chunk copy (the adapter's) runs compression once per React chunk. Measured
 *    on an uncached landing page (one process, 20 connections, brotli): 183-200 requests/s written in
 *    one piece, 112-133 copied chunk by chunk (docs/decisions/production-server.md).
 * The client's address goes to loaders and actions as `context.clientIp` (the rate limits).
 */
import type { IncomingMessage } from "node:http";
import { createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { requestBodies } from "./middleware";
import { buildEntry, isStorable, sendEntry, type PageCache } from "./page-cache";

/** The page-cache key of a request that missed the cache (web.ts), to store its answer under. */
export const missedCacheKeys = new WeakMap<IncomingMessage, string>();

export function remixHandler(build: ServerBuild, pageCache: PageCache) {
  const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const key = req.method === "GET" ? missedCacheKeys.get(req) : undefined;
      const version = key ? pageCache.version() : 0;
      const response = await handleRequest(toWebRequest(req, res), { clientIp: req.ip });
      if (key && isStorable(response.status, response.headers)) {
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

/** The web Request of an Express request, with the body already read. */
function toWebRequest(req: Request, res: Response): globalThis.Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  // Loaders and actions are aborted when the client goes away before the answer is written.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const body = requestBodies.get(req);
  return new globalThis.Request(url, {
    method: req.method,
    headers,
    // express.raw reads into a plain (never shared) ArrayBuffer.
    body: body ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length) : undefined,
    signal: controller.signal,
  });
}

async function sendResponse(res: Response, response: globalThis.Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body) return void res.end();
  if (/^text\/html/i.test(response.headers.get("content-type") ?? "")) {
    return void res.end(Buffer.from(await response.arrayBuffer()));
  }
  await writeReadableStreamToWritable(response.body, res);
}
