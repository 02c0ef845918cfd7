/**
 * The microcache of anonymous public pages: the server serves a page rendered once to every anonymous
 * visitor for up to a minute, with its gzip and brotli variants computed once, an ETag, and 304 answers.
 *
 * - Only GET/HEAD of the public pages (app/lib/route-access.ts), without a session or toast cookie, and
 *   with no query parameter but the ones a page reads (`/?homeValue=`) is served from it (`cacheKey`).
 * - Only a 200 without Set-Cookie, and not marked private, is stored (`isStorable`).
 * - The per-request CSP nonce cannot stay in a page served to many visitors. A stored page moves to a
 *   hash-based CSP instead: each inline script that carries this render's nonce (those React and Remix
 *   wrote, and nothing an article's author could inject, since they cannot know the nonce) is allowed
 *   by its SHA-256, and the nonce attributes are removed (docs/decisions/007-page-cache.md says why).
 * - Every entry remembers the public content version (a counter that triggers on `blog_posts` raise in
 *   the database), so publishing, editing or unpublishing a post, from any connection, invalidates at once.
 *   A page that names a scope of its own (the `x-page-scope` header: a listing's showing page, `sale:12@5`)
 *   also remembers that scope's version, so a change to that listing empties that page alone.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import Negotiator from "negotiator";
import { isPublicPath, PAGE_SCOPE_HEADER, PUBLIC_PAGE_QUERY } from "~/lib/route-access";

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
export const CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 300;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

const MAX_QUERY_VALUE = 32;
/** Cookies that make a page personal: the session (the header names the user) and a pending toast. */
const PERSONAL_COOKIES = /(?:^|;\s*)(?:__session|__toast)=/;

/** The cache key of a request, or null when it must not be served from (or stored in) the cache. */
export function cacheKey(
  method: string | undefined,
  url: string | undefined,
  cookie: string | undefined,
): string | null {
  if ((method !== "GET" && method !== "HEAD") || !url || !url.startsWith("/")) return null;
  if (cookie && PERSONAL_COOKIES.test(cookie)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, "http://cache.invalid");
  } catch {
    return null;
  }
  const path = parsed.pathname;
  if (!isPublicPath(path)) return null;
  if (!parsed.search) return path;
  const allowed = PUBLIC_PAGE_QUERY[path] ?? [];
  const params = [...parsed.searchParams];
  if (params.length > allowed.length) return null;
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (!allowed.includes(name) || seen.has(name) || value.length > MAX_QUERY_VALUE) return null;
    seen.add(name);
  }
  params.sort(([a], [b]) => a.localeCompare(b));
  return `${path}?${new URLSearchParams(params).toString()}`;
}

/** Whether a rendered answer may be stored and served to other anonymous visitors. */
export function isStorable(status: number, headers: Headers): boolean {
  if (status !== 200 || headers.has("set-cookie")) return false;
  const cacheControl = headers.get("cache-control") ?? "";
  if (/no-store|private/i.test(cacheControl)) return false;
  return /^(text\/html|application\/xml|text\/plain)/i.test(headers.get("content-type") ?? "");
}

export type Encoding = "br" | "gzip" | "identity";

export type CacheEntry = {
  status: number;
  headers: Array<[string, string]>;
  bodies: Record<Encoding, Buffer>;
  etag: string;
  version: number;
  /** The page's own scopes and the versions its loader read (PAGE_SCOPE_HEADER), if it named any. */
  scopes: Array<{ name: string; version: number }>;
  storedAt: number;
};

/**
 * The scopes a rendered page names (`sale:12@5`, `home@3`, `agent:<user id>@2`, or several: `homes@3,agents@7`);
 * none when the header is absent or any part of it is not a scope.
 */
export function scopesOf(headers: Headers): CacheEntry["scopes"] {
  const header = headers.get(PAGE_SCOPE_HEADER);
  if (!header) return [];
  const parts = header.split(",").map((part) => /^([a-z-]+(?::[0-9a-z-]{1,64})?)@([0-9]+)$/.exec(part.trim()));
  if (parts.length > 8 || parts.some((m) => !m)) return [];
  return parts.map((m) => ({ name: m![1]!, version: Number(m![2]) }));
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The page with its nonce replaced by script hashes: the CSP of a page served to many visitors.
 * Returns the HTML and the policy; a page without a nonce is returned as it is.
 */
export function toHashPolicy(html: string, csp: string): { html: string; csp: string } {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  if (!nonce) return { html, csp };
  const nonceAttribute = new RegExp(`\\snonce="${escapeRegExp(nonce)}"`);
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(SCRIPT)) {
    if (!nonceAttribute.test(attributes!) || /\ssrc=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content!, "utf8").digest("base64")}'`);
  }
  return {
    html: html.replace(new RegExp(nonceAttribute.source, "g"), ""),
    csp: csp
      .replace(`'nonce-${nonce}'`, [...hashes].join(" "))
      .replace(/ {2,}/g, " ")
      .replace(/ ;/g, ";"),
  };
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const SKIPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "cache-control",
  "etag",
  "vary",
  "transfer-encoding",
  "connection",
  PAGE_SCOPE_HEADER,
]);

/** Builds an entry from a rendered answer: hash-based CSP, ETag and the compressed variants. */
export async function buildEntry(
  status: number,
  headers: Headers,
  body: Buffer,
  version: number,
  now = Date.now(),
): Promise<CacheEntry> {
  let identity = body;
  const kept: Array<[string, string]> = [];
  const csp = headers.get("content-security-policy");
  if (csp && /^text\/html/i.test(headers.get("content-type") ?? "")) {
    const hashed = toHashPolicy(body.toString("utf8"), csp);
    identity = Buffer.from(hashed.html, "utf8");
    headers = new Headers(headers);
    headers.set("content-security-policy", hashed.csp);
  }
  for (const [name, value] of headers) if (!SKIPPED_HEADERS.has(name)) kept.push([name, value]);
  if (!headers.has("x-content-type-options")) kept.push(["x-content-type-options", "nosniff"]);
  // Brotli 6, not 9: nearly as small for a fraction of the time.
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  ]);
  const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  return {
    status,
    headers: kept,
    bodies: { identity, gzip: gz, br },
    etag,
    version,
    scopes: scopesOf(headers),
    storedAt: now,
  };
}

const ENCODINGS: Encoding[] = ["br", "gzip", "identity"];
/** The best encoding the client accepts (negotiator reads q-values; no header means identity). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  // negotiator 1.x takes the server's preference for equal q-values (its types still describe 0.6).
  const encoding = negotiator.encoding as (
    available: Encoding[],
    options: { preferred: Encoding[] },
  ) => string | undefined;
  const chosen = encoding.call(negotiator, ENCODINGS, { preferred: ENCODINGS });
  return (chosen as Encoding | undefined) ?? "identity";
}

const ETAG_SUFFIX: Record<Encoding, string> = { identity: "", gzip: "-gz", br: "-br" };
export const variantEtag = (etag: string, encoding: Encoding) => `${etag.slice(0, -1)}${ETAG_SUFFIX[encoding]}"`;

/** Whether If-None-Match names this entry (in any encoding: the content is the same). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const base = etag.slice(1, -1);
  return ifNoneMatch.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === `"${base}"` || value === `"${base}-gz"` || value === `"${base}-br"`;
  });
}

type RequestLike = { method?: string; headers: Record<string, string | string[] | undefined> };
type ResponseLike = {
  setHeader(name: string, value: string): unknown;
  writeHead(status: number): unknown;
  end(body?: Buffer): unknown;
};

/** Writes an entry: 304 when If-None-Match names it, the best encoding otherwise. */
export function sendEntry(req: RequestLike, res: ResponseLike, entry: CacheEntry, state: "HIT" | "MISS") {
  const encoding = chooseEncoding(req.headers["accept-encoding"] as string | undefined);
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
  res.setHeader("ETag", variantEtag(entry.etag, encoding));
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Cache", state);
  if (matchesEtag(req.headers["if-none-match"] as string | undefined, entry.etag)) {
    res.writeHead(304);
    res.end();
    return;
  }
  const body = entry.bodies[encoding];
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Content-Length", String(body.length));
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.writeHead(entry.status);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The bytes an entry holds: its three bodies (identity, gzip, brotli). */
const sizeOf = (entry: CacheEntry) => entry.bodies.identity.length + entry.bodies.gzip.length + entry.bodies.br.length;

/**
 * A bounded map of entries, each valid for CACHE_TTL_MS and while the content version is unchanged. It
 * holds at most `maxEntries` (300) and `maxBytes` (PAGE_CACHE_MB); past either, the oldest stored go first.
 */
export class PageCache {
  private entries = new Map<string, CacheEntry>();
  private bytes = 0;
  /** Pages with a query asked for once, and when: stored if asked for again within the minute. */
  private askedOnce = new Map<string, number>();
  constructor(
    private readonly options: {
      version: () => number;
      /** A page scope's version (app/db/schema/site.ts `pageScopes`); without it, scoped entries are never stale by scope. */
      scopeVersion?: (scope: string) => number;
      maxEntries?: number;
      maxBytes?: number;
      ttlMs?: number;
    },
  ) {}

  /**
   * Whether a rendered page is worth storing. A page without a query (the landing page, an article) is
   * asked for by many visitors: at once. A page with a query (an estimate's address, a calculator value) is
   * mostly asked for once: storing it (its script hashes, its ETag, its two compressed variants) costs more
   * than its render, so it is stored only when asked for a second time within the minute (a shared link);
   * until then it is answered as any rendered page (docs/decisions/007-page-cache.md; figures in
   * docs/benchmarks.md).
   */
  worthStoring(key: string, now = Date.now()): boolean {
    if (!key.includes("?")) return true;
    const ttl = this.options.ttlMs ?? CACHE_TTL_MS;
    const first = this.askedOnce.get(key);
    if (first !== undefined && now - first < ttl) {
      this.askedOnce.delete(key);
      return true;
    }
    this.askedOnce.delete(key);
    this.askedOnce.set(key, now);
    // Bounded like the entries: the oldest asked go first.
    while (this.askedOnce.size > (this.options.maxEntries ?? MAX_ENTRIES) * 10) {
      this.askedOnce.delete(this.askedOnce.keys().next().value!);
    }
    return false;
  }

  get(key: string, now = Date.now()): CacheEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (
      now - entry.storedAt >= (this.options.ttlMs ?? CACHE_TTL_MS) ||
      entry.version !== this.options.version() ||
      (this.options.scopeVersion &&
        entry.scopes.some((scope) => scope.version !== this.options.scopeVersion!(scope.name)))
    ) {
      this.remove(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: CacheEntry) {
    if (entry.bodies.identity.length > MAX_BODY_BYTES) return;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    const maxEntries = this.options.maxEntries ?? MAX_ENTRIES;
    const maxBytes = this.options.maxBytes ?? Infinity;
    while (this.entries.size > maxEntries || this.bytes > maxBytes) this.remove(this.entries.keys().next().value!);
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }

  version() {
    return this.options.version();
  }

  clear() {
    this.entries.clear();
    this.askedOnce.clear();
    this.bytes = 0;
  }

  get size() {
    return this.entries.size;
  }

  /** The bytes its entries hold. */
  get byteSize() {
    return this.bytes;
  }
}
