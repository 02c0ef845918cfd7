import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext, useState } from "react";

/** React 18 knows no `fetchPriority` prop and passes lowercase attributes on as they are. */
const low = { fetchpriority: "low" } as object;

/**
 * The page's JavaScript modules, preloaded at low priority, ahead of the same preloads by Remix's
 * <Scripts> (the browser fetches a module once, at the priority of its first preload). Every page is
 * complete without JavaScript (its stylesheet is inline), so its scripts only enhance it: on a slow
 * phone the document and its images go first, and the first paint never waits for, or follows, the
 * evaluation of the modules. The list is the one <Scripts> preloads (the entry's modules, then
 * each matched route's), taken once, as the page was rendered: client navigations add none.
 */
export function LowPriorityModulePreloads() {
  const { manifest } = useContext(UNSAFE_RemixContext)!;
  const matches = useMatches();
  const [paths] = useState(() => [
    ...new Set([
      manifest.entry.module,
      ...manifest.entry.imports,
      ...matches.flatMap((match) => {
        const route = manifest.routes[match.id];
        return route ? [...(route.imports ?? []), route.module] : [];
      }),
    ]),
  ]);
  return (
    <>
      {paths.map((path) => (
        <link key={path} rel="modulepreload" href={path} {...low} />
      ))}
    </>
  );
}
