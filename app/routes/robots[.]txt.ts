import { env } from "~/config/env.server";
import { robotsDisallowed } from "~/lib/route-access";

/** GET /robots.txt: crawlers stay out of the private sections (app/lib/route-access.ts). */
export async function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...robotsDisallowed().map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${env().APP_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
