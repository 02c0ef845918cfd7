/**
 * The production server: Express with @remix-run/express (what remix-serve
 * runs), plus what remix-serve cannot do: refuse cross-site writes with 403
 * before any route runs, and long-lived caching of fingerprinted assets.
 * Start it with `npm run serve` after `npm run build`.
 */
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
installGlobals({ nativeFetch: true });

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
// Importing the build runs start-up: configuration check, migrations, seed,
// and the local OpenID provider when no external one is configured.
const build = await import(path.join(buildDir, "server/index.js"));
const { isCrossSiteWrite, serverEnv, CROSS_SITE_MESSAGE } = build.entry.module;
const config = serverEnv();

const app = express();
app.disable("x-powered-by");
if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);
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
app.use(compression());
app.use(
  "/assets",
  express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
);
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
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

app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const port = config.PORT;
app.listen(port, () => console.log(`Listening on http://localhost:${port}`));
