/**
 * One description of who the site's paths are for, read by the server (which pages the page cache may
 * serve to anonymous visitors, which answers are never stored by a browser or a proxy), the sitemap and
 * robots.txt.
 *
 * - Public pages: the same for every anonymous visitor, cached (server/page-cache.ts) and in the sitemap.
 * - Private paths: someone's data (the portal, the admin area, the API, documents, calendars, unsubscribe pages): every answer
 *   is `Cache-Control: private, no-store`, and robots.txt keeps crawlers out. Any request that carries a
 *   session is private too, whatever its path (its page names the user).
 */

import { BUYER_INPUT_NAMES, OTHER_COST_NAMES, SELLER_INPUT_NAMES } from "~/lib/estimate-names";
import { tokenPattern } from "~/lib/token-format";

/** The public pages of the sitemap. */
export const PUBLIC_PAGES = [
  "/",
  "/net-sheet",
  "/cash-to-close",
  "/start-listing",
  "/blog",
  "/agents",
  "/sold",
  "/homes",
  "/open-houses",
  "/reviews",
  "/reviews/policy",
  "/privacy-policy",
  "/terms-of-service",
  "/ca-disclosures",
] as const;
/** Public files rendered by routes, cached like the pages. */
const PUBLIC_FILES = ["/sitemap.xml", "/robots.txt"] as const;
/**
 * A listing's showing page, /showings/{token}: the same for every anonymous visitor, so cached like
 * a public page, but unlisted: not in the sitemap, and robots.txt keeps crawlers out of /showings/.
 */
const SHOWING_PAGE_PATH = new RegExp(`^/showings/${tokenPattern()}$`);
/**
 * The header a public page's answer names its own scopes with (`sale:12@5`, or `homes@3,agents@7` for a page that
 * lists several kinds: each scope and the version its loader read before its data), when a change should empty it
 * alone from the page cache (app/db/schema/site.ts `pageScopes`). The server keeps it with the cached page and never
 * sends it.
 */
export const PAGE_SCOPE_HEADER = "x-page-scope";

/**
 * A public page's `headers`, one for every route that names its scope: the loader's page scope passed on to the
 * server's cache, and an action's `Retry-After` (a rate-limited form) to the visitor.
 */
export function pageHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders?: Headers }) {
  const out = new Headers();
  const scope = loaderHeaders.get(PAGE_SCOPE_HEADER);
  if (scope) out.set(PAGE_SCOPE_HEADER, scope);
  const retryAfter = actionHeaders?.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
}

/** An article: /blog/{slug}. */
const ARTICLE_PATH = /^\/blog\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** An agent's page: /agents/{slug}. */
export const AGENT_PAGE_PATH = /^\/agents\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A listing's page: /homes/{slug}. */
export const HOME_PAGE_PATH = /^\/homes\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The query parameters a public page reads; a request with any other query is rendered fresh, never stored. */
export const PUBLIC_PAGE_QUERY: Readonly<Record<string, readonly string[]>> = {
  "/": ["homeValue", "sent"],
  // The calculator's "List at … for …" carries the price it was given.
  "/start-listing": ["price"],
  // The homes we sold by ZIP code or neighbourhood, and the lists' pages.
  "/agents": ["page"],
  "/sold": ["zip", "area", "page"],
  "/reviews": ["page"],
  // Our listings by ZIP code, price range and bedrooms.
  "/homes": ["zip", "minPrice", "maxPrice", "beds", "page"],
  "/open-houses": ["page"],
  // An estimate's inputs are its address (to bookmark and share); `sent`: "Send me this estimate" went.
  "/net-sheet": [...SELLER_INPUT_NAMES, ...OTHER_COST_NAMES, "sent"],
  "/cash-to-close": [...BUYER_INPUT_NAMES, ...OTHER_COST_NAMES, "sent"],
};

/**
 * Sections that hold someone's data: the path itself, its `.data` (Remix's data requests) and below it.
 * `page`: the section's own path is a page (the portal, the admin dashboard), not only a prefix.
 */
export const PRIVATE_SECTIONS = [
  { path: "/api", page: false },
  { path: "/admin", page: true },
  { path: "/client-portal", page: true },
  { path: "/documents", page: false },
  { path: "/calendar", page: false },
  { path: "/deadlines", page: false },
  { path: "/estimates", page: false },
  { path: "/unsubscribe", page: false },
  // A buyer's agent's own page of their showing (accept a time, cancel, feedback).
  { path: "/showings/agent", page: false },
  // A client's single-use review link.
  { path: "/review", page: false },
  // An open house's door sign-in: a visitor's answers, never cached or crawled.
  { path: "/open-house", page: false },
] as const;

/**
 * The paths that take uploaded files (multipart/form-data up to UPLOAD_MAX_MB a file): the server
 * streams their bodies to the app instead of reading 1 MB first (server/streamed-body.ts). A page's
 * path comes with its `.data` twin (Remix's data requests).
 */
const UPLOAD_PATHS = [
  /^\/client-portal(?:\.data)?$/,
  /^\/admin\/transactions\/[1-9]\d*(?:\.data)?$/,
  /^\/admin\/blog\/(?:new|[1-9]\d*)(?:\.data)?$/,
  /^\/admin\/profile(?:\.data)?$/,
  /^\/api\/team\/[^/]+\/photo$/,
  /^\/api\/transactions\/[1-9]\d*\/documents$/,
  /^\/api\/transactions\/[1-9]\d*\/photos$/,
];

export const isUploadPath = (path: string) => UPLOAD_PATHS.some((pattern) => pattern.test(path));

/**
 * A provider's inbound webhook (a reply with its attachments, as JSON, up to INBOUND_WEBHOOK_MAX_BYTES):
 * streamed to its route, which checks the credentials before it reads a byte (app/routes/api.inbound-email.ts).
 */
export const INBOUND_WEBHOOK_PATH = "/api/inbound-email";
/** Postmark's largest inbound message is 35 MB, which base64 makes about 47 MB of JSON. */
export const INBOUND_WEBHOOK_MAX_BYTES = 50 * 1024 * 1024;

const publicPaths = new Set<string>([...PUBLIC_PAGES, ...PUBLIC_FILES]);

/** A public page or file, the same for every anonymous visitor. */
export const isPublicPath = (path: string) =>
  publicPaths.has(path) ||
  ARTICLE_PATH.test(path) ||
  AGENT_PAGE_PATH.test(path) ||
  HOME_PAGE_PATH.test(path) ||
  SHOWING_PAGE_PATH.test(path);

/** A path whose answers are someone's data. */
export const isPrivatePath = (path: string) =>
  PRIVATE_SECTIONS.some(
    (section) =>
      path === section.path || path.startsWith(`${section.path}/`) || path.startsWith(`${section.path}.data`),
  );

/** robots.txt's rules: crawlers stay out of every private section. */
export const robotsDisallowed = () => [
  ...PRIVATE_SECTIONS.map((section) => (section.page ? section.path : `${section.path}/`)),
  "/showings/",
];
