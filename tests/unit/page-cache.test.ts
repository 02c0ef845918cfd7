/** The public-page cache (server/page-cache.ts): its key and bypass rules, a cached page's CSP, the content version. */
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { type User } from "~/db/schema";
import { blogPostSchema } from "~/lib/blog-schema";
import {
  buildEntry,
  cacheKey,
  chooseEncoding,
  isStorable,
  matchesEtag,
  PageCache,
  PUBLIC_CACHE_CONTROL,
  sendEntry,
  toHashPolicy,
} from "../../server/page-cache";
import { contentVersionOf } from "~/models/content-version.server";
import { createPost, deletePost, updatePost } from "~/models/blog.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { freshDb } from "./db";

describe("the page cache key and its bypass rules", () => {
  it("keys anonymous GET and HEAD of the public pages by path", () => {
    for (const url of [
      "/",
      "/blog",
      "/blog/selling-in-spring",
      "/privacy-policy",
      "/terms-of-service",
      "/ca-disclosures",
      "/start-listing",
      "/sitemap.xml",
      "/robots.txt",
    ]) {
      expect(cacheKey("GET", url, undefined)).toBe(url);
      expect(cacheKey("HEAD", url, "theme=dark")).toBe(url);
    }
  });

  it("never serves a request with a session or a toast, a write, or a private page", () => {
    expect(cacheKey("GET", "/", "__session=abc")).toBeNull();
    expect(cacheKey("GET", "/blog", "a=1; __toast=xyz")).toBeNull();
    expect(cacheKey("POST", "/", undefined)).toBeNull();
    for (const url of [
      "/client-portal",
      "/admin",
      "/admin/leads",
      "/api/blog",
      "/unsubscribe/t",
      "/r/t",
      "/blog/Not_A_Slug",
      "/blog/a/b",
      "/_root.data",
      "/blog.data",
    ]) {
      expect(cacheKey("GET", url, undefined), url).toBeNull();
    }
  });

  it("includes the calculator's query in the key and bypasses any other query", () => {
    expect(cacheKey("GET", "/?homeValue=900000", undefined)).toBe("/?homeValue=900000");
    expect(cacheKey("GET", "/?homeValue=900000&x=1", undefined)).toBeNull();
    expect(cacheKey("GET", "/?homeValue=1&homeValue=2", undefined)).toBeNull();
    expect(cacheKey("GET", `/?homeValue=${"9".repeat(40)}`, undefined)).toBeNull();
    expect(cacheKey("GET", "/blog?page=2", undefined)).toBeNull();
    expect(cacheKey("GET", "/?index", undefined)).toBeNull();
  });

  it("stores only a 200 without Set-Cookie that is not private", () => {
    const html = { "content-type": "text/html; charset=utf-8" };
    expect(isStorable(200, new Headers(html))).toBe(true);
    expect(isStorable(200, new Headers({ "content-type": "application/xml" }))).toBe(true);
    expect(isStorable(404, new Headers(html))).toBe(false);
    expect(isStorable(200, new Headers({ ...html, "set-cookie": "__toast=; Max-Age=0" }))).toBe(false);
    expect(isStorable(200, new Headers({ ...html, "cache-control": "private, no-store" }))).toBe(false);
    expect(isStorable(200, new Headers({ "content-type": "application/json" }))).toBe(false);
  });
});

describe("a cached page's CSP", () => {
  const nonce = "n0nce+/=";
  const csp = `default-src 'self'; script-src 'self' 'nonce-${nonce}'; object-src 'none'`;
  const html = `<html><head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/></head><body>
<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><script>alert("injected")</script>
<script nonce="${nonce}">window.__remixContext = {};</script><script nonce="${nonce}" type="module">import "/assets/a.js";</script>
<script nonce="${nonce}" src="/assets/b.js"></script></body></html>`;

  it("allows by hash exactly the inline scripts that carried the render's nonce, and drops the nonce", async () => {
    const { createHash } = await import("node:crypto");
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const out = toHashPolicy(html, csp);
    expect(out.csp).toBe(
      `default-src 'self'; script-src 'self' ${sha("window.__remixContext = {};")} ${sha('import "/assets/a.js";')}; object-src 'none'`,
    );
    expect(out.csp).not.toContain(sha('alert("injected")'));
    expect(out.html).not.toContain("nonce");
    expect(out.html).toContain('<script>alert("injected")</script>');
  });

  it("builds one entry with identical bytes for every visitor, its variants and an ETag", async () => {
    const headers = new Headers({
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": csp,
      "set-cookie": "x=1",
    });
    const a = await buildEntry(200, headers, Buffer.from(html), 3);
    const b = await buildEntry(200, headers, Buffer.from(html), 3);
    expect(a.etag).toBe(b.etag);
    expect(a.bodies.identity.toString()).not.toContain(nonce);
    const zlib = await import("node:zlib");
    expect(zlib.gunzipSync(a.bodies.gzip).equals(a.bodies.identity)).toBe(true);
    expect(zlib.brotliDecompressSync(a.bodies.br).equals(a.bodies.identity)).toBe(true);
    expect(Object.fromEntries(a.headers)["x-content-type-options"]).toBe("nosniff");
  });

  it("answers 304 to a matching If-None-Match and picks the encoding the client prefers", async () => {
    const entry = await buildEntry(200, new Headers({ "content-type": "text/plain" }), Buffer.from("hello"), 1);
    const sent = (headers: Record<string, string>) => {
      const out = { status: 0, headers: {} as Record<string, string>, body: undefined as Buffer | undefined };
      sendEntry(
        { method: "GET", headers },
        {
          setHeader: (name: string, value: string) => (out.headers[name.toLowerCase()] = value),
          writeHead: (status: number) => (out.status = status),
          end: (body?: Buffer) => (out.body = body),
        },
        entry,
        "HIT",
      );
      return out;
    };
    const first = sent({ "accept-encoding": "gzip, deflate, br" });
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    const again = sent({ "accept-encoding": "gzip", "if-none-match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(sent({ "if-none-match": '"other"' }).status).toBe(200);
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(matchesEtag(`W/${entry.etag}`, entry.etag)).toBe(true);
  });
});

describe("the cache's content version", () => {
  let db: Db;
  let admin: User;
  beforeEach(() => {
    db = freshDb();
    admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
  });

  it("rises with every publish, edit, unpublish and delete, so an entry is stale at once", async () => {
    const cache = new PageCache({ version: () => contentVersionOf(db, "publicPages") });
    const entry = async () =>
      buildEntry(200, new Headers({ "content-type": "text/html" }), Buffer.from("<p>blog</p>"), cache.version());
    cache.set("/blog", await entry());
    expect(cache.get("/blog")).toBeDefined();
    const post = createPost(db, admin, blogPostSchema.parse({ title: "New", content: "x", published: "on" }));
    expect(cache.get("/blog")).toBeUndefined();
    cache.set("/blog", await entry());
    updatePost(db, admin, post.id, blogPostSchema.parse({ title: "New", slug: post.slug, content: "x" })); // unpublished
    expect(cache.get("/blog")).toBeUndefined();
    cache.set("/blog", await entry());
    deletePost(db, admin, post.id);
    expect(cache.get("/blog")).toBeUndefined();
  });

  it("stores a page without a query at once, one with a query when it is asked for again within the minute", () => {
    const cache = new PageCache({ version: () => 1, maxEntries: 2, ttlMs: 60_000 });
    expect(cache.worthStoring("/blog", 0)).toBe(true);
    const price = "/net-sheet?price=850000";
    expect(cache.worthStoring(price, 1_000)).toBe(false);
    expect(cache.worthStoring(price, 30_000)).toBe(true);
    // Asked for once more than a minute apart: each time as if new.
    const other = "/net-sheet?price=850001";
    expect(cache.worthStoring(other, 0)).toBe(false);
    expect(cache.worthStoring(other, 60_000)).toBe(false);
    expect(cache.worthStoring(other, 70_000)).toBe(true);
    // What it remembers is bounded (ten times its entries): the oldest asked are forgotten first.
    for (let i = 0; i < 25; i++) cache.worthStoring(`/?homeValue=${i}`, 100_000);
    expect(cache.worthStoring("/?homeValue=0", 100_001)).toBe(false);
    expect(cache.worthStoring("/?homeValue=24", 100_001)).toBe(true);
  });

  it("expires an entry after its minute and keeps at most its bound", async () => {
    const cache = new PageCache({ version: () => 1, maxEntries: 2, ttlMs: 60_000 });
    const entry = await buildEntry(200, new Headers({ "content-type": "text/html" }), Buffer.from("x"), 1, 1_000);
    cache.set("/", entry);
    expect(cache.get("/", 60_999)).toBeDefined();
    expect(cache.get("/", 61_000)).toBeUndefined();
    for (const key of ["/a", "/b", "/c"]) cache.set(key, entry);
    expect(cache.size).toBe(2);
  });

  it("keeps at most its bytes, however many entries fit: the oldest stored go first", async () => {
    const page = async (n: number) =>
      buildEntry(200, new Headers({ "content-type": "text/html" }), Buffer.from(`${n}`.repeat(50_000)), 1);
    const one = await page(1);
    const each = one.bodies.identity.length + one.bodies.gzip.length + one.bodies.br.length;
    const cache = new PageCache({ version: () => 1, maxBytes: each * 3 + 10 });
    for (const n of [1, 2, 3, 4, 5]) cache.set(`/${n}`, await page(n));
    expect(cache.size).toBe(3);
    expect(cache.byteSize).toBeLessThanOrEqual(each * 3 + 10);
    expect(["/1", "/2", "/3", "/4", "/5"].map((key) => Boolean(cache.get(key)))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    cache.set("/3", await page(3)); // storing a key again replaces its bytes
    expect(cache.byteSize).toBeLessThanOrEqual(each * 3 + 10);
  });
});
