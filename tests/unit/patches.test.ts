/**
 * The patched packages (patches/, docs/decisions/021-route-matching-patches.md): each patch is for the
 * version installed (package.json pins it), and every line it adds is in the installed file, so a patch
 * that stopped applying fails here, not silently in production. The router's cache is also checked by
 * what it does: a route table's branches are kept, so a table changed in place still matches as before.
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { matchRoutes as MatchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const PATCHES = "patches";

/** `@remix-run+router+1.23.3.patch` → the package `@remix-run/router` at 1.23.3. */
function packageOf(file: string) {
  const match = /^(.+)\+(\d+\.\d+\.\d+)\.patch$/.exec(file)!;
  return { name: match[1]!.replace("+", "/"), version: match[2]! };
}

/** The lines a patch adds, by the installed file they go in. */
function addedLines(patch: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of patch.split("\n")) {
    const file = /^\+\+\+ b\/(.+)$/.exec(line);
    if (file) {
      current = [];
      byFile.set(file[1]!, current);
    } else if (current && line.startsWith("+") && line.slice(1).trim() !== "") {
      current.push(line.slice(1));
    }
  }
  return byFile;
}

const patchFiles = fs.readdirSync(PATCHES).filter((f) => f.endsWith(".patch"));

describe("patched packages", () => {
  it("keeps only the route-matching patches", () => {
    expect(patchFiles.sort()).toEqual([
      "@remix-run+react+2.17.5.patch",
      "@remix-run+router+1.23.3.patch",
      "react-router-dom+6.30.4.patch",
    ]);
  });

  it.each(patchFiles)("%s is for the installed version, which package.json pins, and is in effect", (file) => {
    const { name, version } = packageOf(file);
    const installed = JSON.parse(fs.readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version: string };
    expect(installed.version).toBe(version);
    const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
      dependencies: Record<string, string>;
      overrides: Record<string, string>;
    };
    expect(manifest.dependencies[name] ?? manifest.overrides[name]).toBe(version);
    const added = addedLines(fs.readFileSync(path.join(PATCHES, file), "utf8"));
    expect(added.size).toBeGreaterThan(0);
    for (const [target, lines] of added) {
      const text = fs.readFileSync(target, "utf8");
      const missing = lines.filter((line) => !text.includes(line));
      expect(missing, `${target}: lines of ${file} not in the installed file`).toEqual([]);
    }
  });

  it("the server's router keeps a route table's ranked branches", () => {
    // The CommonJS build, the one the production server loads (and the one patched).
    const { matchRoutes } = require("@remix-run/router") as { matchRoutes: typeof MatchRoutes };
    const routes = [{ id: "a", path: "/a" }];
    expect(matchRoutes(routes, "/a")?.map((m) => m.route.id)).toEqual(["a"]);
    routes[0]!.path = "/b"; // unpatched, the table would be flattened again and "/a" would no longer match
    expect(matchRoutes(routes, "/a")?.map((m) => m.route.id)).toEqual(["a"]);
  });
});
