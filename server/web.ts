/** One web process: the page cache in front, then Express with the middleware and Remix. */
import http, { type Server } from "node:http";
import cluster from "node:cluster";
import express from "express";
import morgan from "morgan";
import type { Env } from "~/config/env.server";
import { ListenError } from "~/lib/errors";
import type { AppBuild } from "./app-build";
import { onStop } from "./graceful-stop";
import {
  assets,
  compressAnswers,
  defaultHeaders,
  publicFiles,
  readBody,
  refuseControlCharacters,
  refuseCrossSiteWrites,
  uploadLimit,
} from "./middleware";
import { cacheKey, PageCache, sendEntry } from "./page-cache";
import { missedCacheKeys, remixHandler } from "./remix-handler";

export function serveWeb(config: Env, { build, hooks }: AppBuild) {
  const pageCache = new PageCache({
    version: hooks.publicContentVersion,
    scopeVersion: hooks.pageScopeVersion,
    maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
  });

  const app = express();
  app.disable("x-powered-by");
  app.disable("etag"); // public pages get their ETag from the page cache
  if (config.TRUST_PROXY !== false) app.set("trust proxy", config.TRUST_PROXY);
  app.use(defaultHeaders);
  app.use(compressAnswers());
  app.use("/assets", assets(config));
  app.use(publicFiles(config));
  app.use(morgan(config.LOG_FORMAT));
  app.use(refuseControlCharacters);
  app.use(refuseCrossSiteWrites(config));
  app.use(readBody(config));
  const upload = uploadLimit(config);
  app.all("*", remixHandler(build, pageCache, { limit: upload.bytes, tooLarge: upload.message }, hooks.withRequest));

  // The page cache answers before Express: a hit costs a Map lookup, one indexed read of the content
  // version and a write of bytes compressed once (hits are not in the access log).
  const server = http.createServer((req, res) => {
    const key = cacheKey(req.method, req.url, req.headers.cookie);
    const entry = key ? pageCache.get(key) : undefined;
    if (entry) return sendEntry(req, res, entry, "HIT");
    if (key) missedCacheKeys.set(req, key); // rendered by Remix and stored under the same key
    app(req, res);
  });
  // An idle keep-alive socket is closed by the client or its proxy, not by us first: were the server to close it at
  // the instant a client reuses it, that request (a POST too, never retried) would fail with ECONNRESET, as it did
  // once in the browser tests (Playwright's shared keep-alive agent). 65 s is longer than the usual proxy's and load
  // balancer's idle timeout (60 s); a graceful stop closes idle sockets at once, whatever this is.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // A port that cannot be had ends the process at once with one clear line (a cluster's primary then stops).
  server.once("error", (error) => {
    console.error(new ListenError("PORT", config.PORT, error).message);
    process.exit(1);
  });
  server.listen(config.PORT, () => {
    if (cluster.isWorker) console.log(`Web process ${process.pid} ready`);
    else console.log(`Listening on http://localhost:${config.PORT}`);
  });

  onStop("stopping (finishing requests in flight)", () => closeGracefully(server), hooks);
}

/** Stops accepting, closes idle keep-alive connections, and waits for the requests in flight. */
async function closeGracefully(server: Server) {
  const closing = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  await closing;
  clearInterval(idle);
}
