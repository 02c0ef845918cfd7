import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";
import type { SiteConfig } from "~/config/site";

/** The agency's details from the root loader (undefined only when the root itself failed). */
export function useSite(): SiteConfig | undefined {
  return useRouteLoaderData<RootData>("root")?.site;
}
