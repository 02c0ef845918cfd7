/**
 * The production server (`npm run serve`; `npm run build` bundles this folder into build/server.js).
 *
 * 1. Read and check the configuration (app/config/env.server.ts); a wrong value stops the start.
 * 2. Decide this process's role: one process does everything, or, with WEB_CONCURRENCY > 1, a primary
 *    runs the jobs and forks that many web processes sharing the port (cluster.ts).
 * 3. Load the app build: importing it runs the app's start-up for this role (migrations, seed, mail,
 *    backups and the demo provider in the primary; pages only in a web process).
 * 4. Serve: Express with Remix behind the page cache (web.ts), or supervise the web processes.
 * Both stop gracefully on SIGTERM/SIGINT (graceful-stop.ts).
 */
import "dotenv/config";
import cluster from "node:cluster";
import { installGlobals } from "@remix-run/node";
import { runPrimary } from "./cluster";
import { readConfig, takeRole } from "./config";
import { loadAppBuild } from "./app-build";
import { serveWeb } from "./web";

process.env.NODE_ENV ??= "production";
// What remix-serve installs: the web globals Remix expects, on Node's own fetch.
installGlobals({ nativeFetch: true });

const config = takeRole(readConfig(), cluster.isPrimary);
const app = await loadAppBuild(config);

if (config.SERVER_ROLE === "jobs") runPrimary(config, app.hooks);
else serveWeb(config, app);
