/** The app, as `remix vite:build` wrote it: Remix's server build and the one object it exports for us. */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { Env } from "~/config/env.server";
import type { ServerHooks } from "~/entry.server";

export type AppBuild = { build: ServerBuild; hooks: ServerHooks };

/** Imports the build, which runs the app's start-up for this process's role first. */
export async function loadAppBuild(config: Env): Promise<AppBuild> {
  const build = (await import(pathToFileURL(path.join(config.BUILD_DIR, "server/index.js")).href)) as ServerBuild;
  const hooks = (build.entry.module as unknown as { serverHooks: ServerHooks }).serverHooks;
  return { build, hooks };
}
