/**
 * What every request passes through before Remix (the order is web.ts's): default headers, compression,
 * the build's static files, the access log, the cross-site write guard and the body check.
 */
import type { IncomingMessage } from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express, { type Request, type RequestHandler, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import type { Env } from "~/config/env.server";
import { INBOUND_WEBHOOK_MAX_BYTES, INBOUND_WEBHOOK_PATH, isPrivatePath, isUploadPath } from "~/lib/route-access";
import { formatBytes, MAX_FILES_PER_UPLOAD, uploadRequestLimit } from "~/lib/upload-rules";
import { CROSS_SITE_MESSAGE, isCrossSiteWrite } from "~/lib/same-origin";
import { BODY_LIMIT_BYTES, BODY_MESSAGES, checkBody } from "./request-body";

/**
 * Headers every answer gets unless the app set its own, added as the answer starts (setting them earlier
 * would make Remix's headers a second copy):
 * - nosniff: every answer, static files and JSON included, is read as what its Content-Type says;
 * - `private, no-store` on someone's data (app/lib/route-access.ts), and on any request that carries a
 *   session (its page names the user): never kept by a browser cache or a proxy.
 */
export const defaultHeaders: RequestHandler = (req, res, next) => {
  const isPrivate = isPrivatePath(req.path) || (req.headers.cookie ?? "").includes("__session=");
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (!this.hasHeader("X-Content-Type-Options")) this.setHeader("X-Content-Type-Options", "nosniff");
    if (isPrivate && !this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", "private, no-store");
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  next();
};

/**
 * Rendered answers are compressed on every request, so at low levels: gzip 4 and brotli 3, a little
 * larger than the defaults (6 and 4) for much less work. Cached public pages are compressed once, at gzip 9
 * and brotli 6 (page-cache.ts).
 */
export const compressAnswers = () =>
  compression({ level: 4, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } } });

/**
 * Fingerprinted assets: the brotli or gzip file the build wrote (vite.config.ts) when the browser takes it,
 * else the file itself; a year, immutable.
 */
export const assets = (config: Env) =>
  expressStaticGzip(path.join(config.BUILD_DIR, "client/assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { immutable: true, maxAge: "1y", index: false },
  });

/**
 * Files of public/ (favicon, images): not fingerprinted, so a month, then revalidated (give a changed image
 * a new name). Only a path that names a file (a dot in its last segment) is looked for on disk: a page's
 * path would cost a file-system stat on every request.
 */
export function publicFiles(config: Env): RequestHandler {
  const serve = express.static(path.join(config.BUILD_DIR, "client"), {
    index: false,
    setHeaders(res, file) {
      const image = /\.(?:avif|gif|ico|jpe?g|png|svg|webp)$/i.test(file);
      res.setHeader(
        "Cache-Control",
        image ? "public, max-age=2592000, stale-while-revalidate=86400" : "public, max-age=3600",
      );
    },
  });
  return (req, res, next) => (/\.[^/]+$/.test(req.path) ? serve(req, res, next) : next());
}

/**
 * An address with a control character (%00 to %1F, %7F) in its path or query gets 400: no page, search or
 * token of this site has one, and a NUL reaching SQLite's full-text search was a 500.
 */
export const refuseControlCharacters: RequestHandler = (req, res, next) => {
  if (/%(?:[01][0-9a-f]|7f)/i.test(req.originalUrl)) return refuse(req, res, 400, ADDRESS_MESSAGE);
  next();
};

export const ADDRESS_MESSAGE = "The address contains a control character.";

/** A write whose Origin is another site gets 403 before any route runs (the rule: app/lib/same-origin.ts). */
export const refuseCrossSiteWrites =
  (config: Env): RequestHandler =>
  (req, res, next) => {
    const crossSite = isCrossSiteWrite({
      method: req.method,
      origin: req.get("origin"),
      fetchSite: req.get("sec-fetch-site"),
      allowedOrigins: [config.APP_URL, `${req.protocol}://${req.get("host")}`],
    });
    if (crossSite) res.status(403).json({ message: CROSS_SITE_MESSAGE });
    else next();
  };

/** The bodies read (at most 1 MB) and checked for each request, kept for the Remix handler. */
export const requestBodies = new WeakMap<IncomingMessage, Buffer>();

const readRaw = express.raw({ type: () => true, limit: BODY_LIMIT_BYTES });

/**
 * Reads a request's body, at most 1 MB (a larger Content-Length is refused before reading, a chunked body
 * as it passes the limit), and checks it (request-body.ts): each refusal is a 4xx with a message.
 * An upload (multipart/form-data to a path of `isUploadPath`) is not read here: the app streams it
 * (server/streamed-body.ts), up to `uploadLimit` bytes; nor is the inbound webhook's JSON (its route
 * checks the credentials first, then reads up to INBOUND_WEBHOOK_MAX_BYTES).
 */
export const readBody =
  (config: Env): RequestHandler =>
  (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    if (isUploadPath(req.path) && isMultipartType(req.get("content-type"))) {
      const limit = uploadLimit(config);
      if (Number(req.get("content-length") ?? 0) > limit.bytes) return refuse(req, res, 413, limit.message);
      return next();
    }
    if (req.path === INBOUND_WEBHOOK_PATH && req.method === "POST") {
      if (Number(req.get("content-length") ?? 0) > INBOUND_WEBHOOK_MAX_BYTES) {
        return refuse(req, res, 413, INBOUND_TOO_LARGE);
      }
      return next();
    }
    readAndCheck(req, res, next);
  };

/** The most an upload request may carry (its files at UPLOAD_MAX_MB, and 1 MB of fields), and its 413. */
export function uploadLimit(config: Env) {
  const bytes = uploadRequestLimit(config.uploadMaxBytes);
  return {
    bytes,
    message: `The upload is too large: at most ${MAX_FILES_PER_UPLOAD} files of ${formatBytes(config.uploadMaxBytes)} each.`,
  };
}

const INBOUND_TOO_LARGE = "The message is too large: the limit is 50 MB.";

const isMultipartType = (contentType: string | undefined) => /^\s*multipart\/form-data\s*;/i.test(contentType ?? "");

const readAndCheck: RequestHandler = (req, res, next) => {
  readRaw(req, res, async (error?: unknown) => {
    const status = (error as { status?: number } | undefined)?.status;
    if (status === 413) return refuse(req, res, 413, BODY_MESSAGES.tooLarge);
    if (error) return refuse(req, res, 400, BODY_MESSAGES.unreadable);
    const body = Buffer.isBuffer(req.body) ? (req.body as Buffer) : undefined;
    const refusal = await checkBody({ method: req.method, path: req.path, contentType: req.get("content-type"), body });
    if (refusal) return refuse(req, res, refusal.status, refusal.message);
    if (body?.length) requestBodies.set(req, body);
    next();
  });
};

/** A refusal before Remix: JSON for the API, plain text for pages; the connection is not kept. */
function refuse(req: Request, res: Response, status: number, message: string) {
  res.set("Connection", "close");
  if (req.path.startsWith("/api/")) res.status(status).json({ message });
  else res.status(status).type("text/plain").send(message);
}
