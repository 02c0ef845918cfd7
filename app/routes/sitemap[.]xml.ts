import { getDb } from "~/infra/database.server";
import { env } from "~/config/env.server";
import { PAGE_SCOPE_HEADER, PUBLIC_PAGES } from "~/lib/route-access";
import { pageScopeHeader } from "~/models/content-version.server";
import { listPublishedPosts } from "~/models/blog.server";
import { listPublicAgents } from "~/models/agent-profile.server";
import { shownSlugs } from "~/models/home-listing.server";

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/**
 * GET /sitemap.xml: the public pages, every published post, every agent's page and every listing's. Served from the
 * page cache, it names the scopes of the pages it lists (`homes`, `agents`; the posts are the content version every
 * cached page follows), read before its data: a listing or an agent shown is in it at once.
 */
export async function loader() {
  const base = env().APP_URL;
  const scope = ["homes", "agents"].map((s) => pageScopeHeader(getDb(), s)).join(",");
  const urls = [
    ...PUBLIC_PAGES.map((path) => ({ loc: `${base}${path}`, lastmod: null as string | null })),
    ...listPublishedPosts(getDb()).map((post) => ({
      loc: `${base}/blog/${encodeURIComponent(post.slug)}`,
      lastmod: post.updatedAt.toISOString().slice(0, 10),
    })),
    ...listPublicAgents(getDb()).map((agent) => ({
      loc: `${base}/agents/${encodeURIComponent(agent.slug)}`,
      lastmod: null as string | null,
    })),
    ...shownSlugs(getDb()).map((home) => ({
      loc: `${base}/homes/${encodeURIComponent(home.slug)}`,
      lastmod: home.updatedAt.toISOString().slice(0, 10),
    })),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls
  .map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`)
  .join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=0, s-maxage=60",
      [PAGE_SCOPE_HEADER]: scope,
    },
  });
}
