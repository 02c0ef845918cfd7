import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// Route-only server helpers sit beside their routes as `*.server.ts`, and the folder has a README: not routes.
export default flatRoutes({ ignoredRouteFiles: ["**/*.server.ts", "**/*.md"] }) satisfies RouteConfig;
