/**
 * The production server: Express with Remix's request handler (what remix-serve runs), plus what
 * remix-serve cannot do:
 * - the microcache of anonymous public pages, answered before Express (app/lib/page-cache.server.ts);
 * - headers every answer gets (nosniff; private, no-store on private ones), long caching of assets;
 * - refusing cross-site writes with 403, bodies over 1 MB with 413 and non-form bodies to pages with
 *   415/400, before any route runs (app/lib/request-body.server.ts);
 * - the client IP for the rate limits (req.ip: X-Forwarded-For only with TRUST_PROXY);
 * - a graceful stop on SIGTERM/SIGINT;
 * - with WEB_CONCURRENCY=N (N > 1), N web processes sharing the port (node:cluster): the primary runs
 *   migrations, seed, mail, backups and the demo provider and restarts a worker that dies; the workers
 *   serve pages (see SERVER_ROLE in app/lib/startup.server.ts).
 * Start it with `npm run serve` after `npm run build`.
 */
// .env first: WEB_CONCURRENCY decides below, before the build (which also reads .env) is loaded.
import "dotenv/config";
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler, installGlobals, writeReadableStreamToWritable } from "@remix-run/node";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express from "express";
import morgan from "morgan";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
installGlobals({ nativeFetch: true });

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
// The build checks WEB_CONCURRENCY (a bad value stops the start with a message).
const clustered =
  cluster.isPrimary && /^\s*\d+\s*$/.test(process.env.WEB_CONCURRENCY ?? "") && Number(process.env.WEB_CONCURRENCY) > 1;
if (cluster.isPrimary) {
  process.env.SERVER_ROLE = clustered ? "jobs" : "all";
  // The demo provider runs in the primary; its workers exchange sign-in codes with the same secret.
  if (clustered) process.env.LOCAL_OIDC_CLIENT_SECRET ??= randomBytes(24).toString("base64url");
}
// Importing the build runs start-up: configuration check, migrations, seed,
// and the local OpenID provider when no external one is configured.
const build = await import(path.join(buildDir, "server/index.js"));
const server_ = build.entry.module;
const { isCrossSiteWrite, serverEnv, CROSS_SITE_MESSAGE } = server_;
const config = serverEnv();

if (clustered) await runPrimary(config.WEB_CONCURRENCY);
else serve();

/**
 * The cluster's primary: forks the workers, forks a new one when one dies (a worker that dies before it
 * listens stops the whole server: it would die again), and on SIGTERM/SIGINT stops them, then itself.
 */
async function runPrimary(count) {
  const stopper = onStop("stopping the web processes", async () => {
    const workers = Object.values(cluster.workers ?? {});
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", resolve);
            worker.process.kill("SIGTERM");
          }),
      ),
    );
  });
  const fork = () => {
    const worker = cluster.fork({ SERVER_ROLE: "web" });
    let listening = false;
    worker.on("listening", () => (listening = true));
    worker.on("exit", (code, signal) => {
      if (stopper.stopping) return;
      console.error(
        `Worker ${worker.process.pid} exited (${signal ?? code})${listening ? "; starting another" : " before listening; stopping"}`,
      );
      if (listening) fork();
      else void stopper.stop("worker failure", 1);
    });
  };
  for (let i = 0; i < count; i++) fork();
  console.log(`Listening on http://localhost:${config.PORT} with ${count} web processes`);
}

/**
 * Stops on SIGTERM/SIGINT (or `stop()`) once: `work`, then the build's own shutdown (the mail batch, the
 * provider, the database, checkpointed), then exit; within 9 s in any case.
 */
function onStop(what, work) {
  const stopper = { stopping: false, stop };
  async function stop(signal, exitCode = 0) {
    if (stopper.stopping) return;
    stopper.stopping = true;
    console.log(`${signal}: ${what}`);
    const force = setTimeout(() => {
      console.error("Stop took over 9 s; exiting anyway");
      process.exit(1);
    }, 9_000);
    force.unref();
    await work();
    try {
      await server_.shutdown();
    } catch (error) {
      console.error("Stop: could not close cleanly:", error);
      process.exit(1);
    }
    console.log("Stopped");
    process.exit(exitCode);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  return stopper;
}

/** One web process: Express and Remix behind the page cache. */
function serve() {
  const pageCache = new server_.PageCache({ version: () => server_.contentVersion(server_.getDb()) });

  const app = express();
  app.disable("x-powered-by");
  app.disable("etag"); // public pages get their ETag from the page cache
  if (process.env.TRUST_PROXY) app.set("trust proxy", trustProxy(process.env.TRUST_PROXY));
  // Headers every response gets unless the app set its own, added as the response starts (setting them
  // earlier would make the Remix adapter append a second copy):
  // - nosniff: every answer, static files and JSON included, is read as what its Content-Type says;
  // - answers with someone's data are never stored by a browser cache or a proxy: the portal, the admin
  //   area, the API, unsubscribe pages, and any request that carries a session (its root data names the user).
  const PRIVATE_PATHS = /^\/(api\/|admin(\/|\.data|$)|client-portal(\/|\.data|$)|unsubscribe\/)/;
  app.use((req, res, next) => {
    const isPrivate = PRIVATE_PATHS.test(req.path) || (req.headers.cookie ?? "").includes("__session=");
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      if (!this.hasHeader("X-Content-Type-Options")) this.setHeader("X-Content-Type-Options", "nosniff");
      if (isPrivate && !this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", "private, no-store");
      return writeHead.apply(this, args);
    };
    next();
  });
  // Rendered answers are compressed on every request, so for speed: gzip level 4 and brotli quality 3 cost
  // a third of the defaults (6 and 4) on a 50 KB admin page for 5 % more bytes. Cached public pages are
  // compressed once, at gzip 9 and brotli 6 (page-cache.server.ts).
  app.use(compression({ level: 4, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } } }));
  // Fingerprinted assets: the brotli or gzip file written by the build (vite.config.ts) when the browser
  // takes it, else the file itself (compressed on the fly).
  app.use(
    "/assets",
    expressStaticGzip(path.join(buildDir, "client/assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false },
    }),
  );
  // Images in public/ are not fingerprinted: a month, then revalidated (give a changed image a new name).
  // Only a path that names a file (a dot in its last segment) is looked for on disk: a page's path would
  // cost a file-system stat on every request.
  const publicFiles = express.static(path.join(buildDir, "client"), {
    index: false,
    setHeaders(res, file) {
      const image = /\.(?:avif|gif|ico|jpe?g|png|svg|webp)$/i.test(file);
      res.setHeader(
        "Cache-Control",
        image ? "public, max-age=2592000, stale-while-revalidate=86400" : "public, max-age=3600",
      );
    },
  });
  app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  app.use(morgan(process.env.LOG_FORMAT ?? "tiny"));

  app.use((req, res, next) => {
    const crossSite = isCrossSiteWrite({
      method: req.method,
      origin: req.get("origin"),
      fetchSite: req.get("sec-fetch-site"),
      allowedOrigins: [config.APP_URL, `${req.protocol}://${req.get("host")}`],
    });
    if (crossSite) {
      res.status(403).json({ message: CROSS_SITE_MESSAGE });
      return;
    }
    next();
  });

  // Bodies: at most 1 MB is read (a larger Content-Length is refused before reading), then checked.
  const readBody = express.raw({ type: () => true, limit: server_.BODY_LIMIT_BYTES });
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    readBody(req, res, async (error) => {
      if (error?.status === 413) return refuse(req, res, 413, server_.BODY_MESSAGES.tooLarge);
      if (error) return refuse(req, res, 400, server_.BODY_MESSAGES.unreadable);
      const refusal = await server_.checkBody({
        method: req.method,
        path: req.path,
        contentType: req.get("content-type"),
        body: Buffer.isBuffer(req.body) ? req.body : undefined,
      });
      if (refusal) return refuse(req, res, refusal.status, refusal.message);
      next();
    });
  });

  const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
  app.all("*", async (req, res, next) => {
    try {
      const request = toRemixRequest(req, res);
      // The front handler below worked out the cache key already (null: not from or for the cache).
      const key = req.method === "GET" ? req.pageCacheKey : null;
      const version = key ? pageCache.version() : 0;
      const response = await handleRequest(request, { clientIp: req.ip });
      if (key && server_.isStorable(response.status, response.headers)) {
        const body = Buffer.from(await response.arrayBuffer());
        const entry = await server_.buildEntry(response.status, response.headers, body, version);
        pageCache.set(key, entry);
        server_.sendEntry(req, res, entry, "MISS");
        return;
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  /** The web Request of an Express request (what @remix-run/express does), with the body already read. */
  function toRemixRequest(req, res) {
    const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    // Abort loaders and actions when the client goes away before the answer is written.
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : undefined;
    return new Request(url, { method: req.method, headers, body, signal: controller.signal });
  }

  async function sendResponse(res, response) {
    res.statusMessage = response.statusText;
    res.status(response.status);
    for (const [name, value] of response.headers) res.append(name, value);
    if (!response.body) return res.end();
    // A page is sent in one piece: nothing on this site defers data, so its stream ends as soon as it
    // starts, and one write is compressed in one pass (React's many small chunks each cost a pass).
    if (/^text\/html/i.test(response.headers.get("content-type") ?? ""))
      return res.end(Buffer.from(await response.arrayBuffer()));
    await writeReadableStreamToWritable(response.body, res);
  }

  function refuse(req, res, status, message) {
    res.set("Connection", "close");
    if (req.path.startsWith("/api/")) res.status(status).json({ message });
    else res.status(status).type("text/plain").send(message);
  }

  function trustProxy(value) {
    if (value === "true") return true;
    if (value === "false") return false;
    return /^\d+$/.test(value) ? Number(value) : value;
  }

  // The page cache answers before Express: a hit costs a Map lookup, one indexed read of the content
  // version and a write of bytes compressed once. (Hits are not in the access log.)
  const server = http.createServer((req, res) => {
    const key = server_.cacheKey(req.method, req.url, req.headers.cookie);
    const entry = key ? pageCache.get(key) : undefined;
    if (entry) {
      server_.sendEntry(req, res, entry, "HIT");
      return;
    }
    req.pageCacheKey = key; // a miss is rendered by Remix and stored under the same key
    app(req, res);
  });
  server.keepAliveTimeout = 5_000;

  server.listen(config.PORT, () => {
    if (cluster.isWorker) console.log(`Web process ${process.pid} ready`);
    else console.log(`Listening on http://localhost:${config.PORT}`);
  });

  // Graceful stop: stop accepting, let in-flight requests finish (idle keep-alive connections are closed),
  // then the mail batch, the provider and the database (checkpointed); exit within 10 s in any case.
  onStop("stopping (finishing requests in flight)", async () => {
    const closing = new Promise((resolve) => server.close(resolve));
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.closeIdleConnections();
    await closing;
    clearInterval(idle);
  });
}
