/** The page cache's rules, the rate limits, body checks, stored counts, trigram search, sessions, backups. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { transactions, users, type User } from "~/db/schema";
import { adminSearchSchema, leadSearchSchema, newTransactionSchema } from "~/lib/admin-schemas";
import { backupName, backupSite, describeBackup } from "~/infra/backup.server";
import { setDb } from "~/infra/database.server";
import { blogPostSchema } from "~/lib/blog-schema";
import { contactSchema } from "~/lib/contact-schema";
import { listingSchema } from "~/lib/listing-schema";
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
import { clientKey, consumeRateLimit, rateLimitKey, waitText } from "~/infra/rate-limit.server";
import { BODY_MESSAGES, checkBody } from "../../server/request-body";
import { contentVersionOf } from "~/models/content-version.server";
import { createDbSessionStorage } from "~/infra/session.server";
import { loader as dashboardLoader } from "~/routes/admin._index";
import { answer, args, get } from "./request";
import { createPost, deletePost, updatePost } from "~/models/blog.server";
import { submitContact } from "~/models/contact.server";
import { activeByStepBand, adminSummary, DASHBOARD_PAGE_SIZE, searchTransactions } from "~/models/dashboard.server";
import { listLeads } from "~/models/lead.server";
import { matchSummary, MAX_SEARCH_MATCHES } from "~/models/search.server";
import { initializeMilestones, listMilestones, updateMilestone } from "~/models/milestone.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { seedDatabase } from "~/db/seed.server";
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

describe("rate limits", () => {
  it("key a client by IPv4 address, or by the /64 of an IPv6 address", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:abcd:12:1:2:3:4")).toBe("2001:db8:abcd:12::/64");
    expect(clientKey("2001:db8:abcd:12::99")).toBe("2001:db8:abcd:12::/64");
    expect(clientKey("not an ip")).toBe("unknown");
    expect(clientKey(undefined)).toBe("unknown");
    expect(rateLimitKey("contact", { points: 5, seconds: 60 }, "203.0.113.7")).toBe("contact:60:203.0.113.7");
  });

  it("refuse past the limit with the time to wait, per kind and per client, counted in the database", async () => {
    const db = freshDb();
    const windows = [
      { points: 2, seconds: 60 },
      { points: 3, seconds: 86_400 },
    ];
    const consume = (ip: string, kind: "contact" | "token" = "contact") => consumeRateLimit(kind, ip, { db, windows });
    expect(await consume("203.0.113.7")).toEqual({ ok: true });
    expect(await consume("203.0.113.7")).toEqual({ ok: true });
    const refused = await consume("203.0.113.7");
    expect(refused).toMatchObject({ ok: false });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.ok === false && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await consume("203.0.113.8")).toEqual({ ok: true });
    expect(await consume("203.0.113.7", "token")).toEqual({ ok: true });
    const rows = db.$client
      .prepare("select key, points from rate_limits where key like 'contact:%203.0.113.7' order by key")
      .all();
    expect(rows).toEqual([
      { key: "contact:60:203.0.113.7", points: 3 },
      { key: "contact:86400:203.0.113.7", points: 3 },
    ]);
    // The day window: the 4th request in a day is refused for up to a day.
    const later = await consume("203.0.113.7");
    expect(later.ok === false && later.retryAfterSeconds).toBeGreaterThan(3600);
    expect(waitText(30)).toBe("a minute");
    expect(waitText(600)).toBe("10 minutes");
    expect(waitText(86_400)).toBe("24 hours");
  });
});

describe("request bodies", () => {
  const body = (method: string, path: string, contentType: string | undefined, text = "") =>
    checkBody({ method, path, contentType, body: Buffer.from(text) });

  it("take only forms on pages, and refuse a multipart body without a boundary or cut short", async () => {
    expect(await body("POST", "/", "application/x-www-form-urlencoded", "a=1")).toBeNull();
    expect(await body("POST", "/client-portal.data", "text/plain", "a=1")).toEqual({
      status: 415,
      message: BODY_MESSAGES.notAForm,
    });
    expect(await body("POST", "/", "application/json", "{}")).toMatchObject({ status: 415 });
    expect(await body("POST", "/", undefined)).toMatchObject({ status: 415 });
    expect(await body("POST", "/", "multipart/form-data", "x")).toEqual({
      status: 400,
      message: BODY_MESSAGES.badForm,
    });
    const truncated = '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nhello';
    expect(await body("POST", "/client-portal", "multipart/form-data; boundary=XX", truncated)).toMatchObject({
      status: 400,
    });
    expect(await body("POST", "/", "multipart/form-data; boundary=XX", `${truncated}\r\n--XX--\r\n`)).toBeNull();
    expect(await body("POST", "/api/contact", "application/json", "{}")).toBeNull();
    expect(await body("GET", "/", "text/plain")).toBeNull();
  });
});

describe("stored milestone counts and trigram search", () => {
  let db: Db;
  let admin: User;
  beforeEach(() => {
    db = freshDb();
    admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
  });
  const open = (email: string, address: string, names: { firstName?: string; lastName?: string } = {}) =>
    createTransaction(
      db,
      admin,
      newTransactionSchema.parse({ email, type: "buying", propertyAddress: address, homeValue: "650000", ...names }),
    );
  const counts = (id: number) =>
    db
      .select({ total: transactions.milestonesTotal, done: transactions.milestonesCompleted })
      .from(transactions)
      .where(eq(transactions.id, id))
      .get();

  it("keep each transaction's completed and total milestones in step with the milestones", () => {
    const t = open("robin@example.com", "10 Palm Ave");
    initializeMilestones(db, admin, t.id);
    expect(counts(t.id)).toEqual({ total: 13, done: 0 });
    const [first, second] = listMilestones(db, admin, t.id);
    updateMilestone(db, admin, { milestoneId: first!.id }, { status: "completed" });
    updateMilestone(db, admin, { milestoneId: second!.id }, { status: "completed" });
    updateMilestone(db, admin, { milestoneId: second!.id }, { status: "in_progress" });
    expect(counts(t.id)).toEqual({ total: 13, done: 1 });
    const row = searchTransactions(db, admin).rows.find((r) => r.id === t.id)!;
    expect([row.milestonesCompleted, row.milestonesTotal]).toEqual([1, 13]);
  });

  it("find a case-insensitive substring of address, id, e-mail or name, and follow a renamed client", () => {
    const a = open("robin.vega@example.com", "4521 Sunset Cliffs Blvd", { firstName: "Robin", lastName: "Vega" });
    const b = open("kim@example.org", "88 Harbor Dr", { firstName: "Kim", lastName: "Lee" });
    const ids = (q: string) => searchTransactions(db, admin, { q }).rows.map((r) => r.id);
    expect(ids("SUNSET cliffs")).toEqual([a.id]);
    expect(ids("bin ve")).toEqual([a.id]);
    expect(ids("EXAMPLE.ORG")).toEqual([b.id]);
    expect(ids(b.userId.slice(2, 12))).toEqual([b.id]);
    expect(ids('"; drop')).toEqual([]);
    expect(ids("dr")).toEqual([b.id]); // shorter than a trigram: matched with LIKE
    expect(ids("100%")).toEqual([]);
    db.update(users).set({ lastName: "Moreno" }).where(eq(users.id, a.userId)).run();
    expect(ids("moreno")).toEqual([a.id]);
    expect(ids("vega@")).toEqual([a.id]);
    expect(searchTransactions(db, admin, { q: "vega" }).total).toBe(1);
  });

  it("search leads by name, e-mail or phone the same way", () => {
    const send = (email: string, firstName: string, phone: string) =>
      submitContact(db, contactSchema.parse({ firstName, lastName: "Shore", email, phone, message: "Hi" }));
    send("dana@example.com", "Dana", "(619) 555-0101");
    send("lee@example.net", "Lee", "858 555 0199");
    const emails = (q: string) => listLeads(db, admin, { q }).rows.map((r) => r.email);
    expect(emails("DANA SH")).toEqual(["dana@example.com"]);
    expect(emails("555 0199")).toEqual(["lee@example.net"]);
    expect(emails(".net")).toEqual(["lee@example.net"]);
    expect(emails("sh").sort()).toEqual(["dana@example.com", "lee@example.net"]);
  });
  it("take a search with a NUL or another control character as the text without it, never as an error", async () => {
    const a = open("robin.vega@example.com", "4521 Sunset Cliffs Blvd");
    submitContact(
      db,
      contactSchema.parse({ firstName: "Dana", lastName: "Shore", email: "d@example.com", phone: "6195550101" }),
    );
    // The models: FTS5 read "a\0b" as an unterminated string (a 500 on /admin?q=a%00b).
    expect(searchTransactions(db, admin, { q: "sun\0set" }).rows.map((r) => r.id)).toEqual([a.id]);
    expect(searchTransactions(db, admin, { q: "\u0001\u007f" }).rows).toEqual([]);
    expect(listLeads(db, admin, { q: "da\0na" }).rows.map((r) => r.email)).toEqual(["d@example.com"]);
    // The pages' query schemas drop them before the models see them.
    expect(adminSearchSchema.parse({ q: "a\u0000b\tc" }).q).toBe("abc");
    expect(leadSearchSchema.parse({ q: "\u0000" }).q).toBe("");
    // The dashboard's loader (as under `npm run dev`, which has no server middleware) answers 200.
    setDb(db);
    try {
      const page = await answer(async () => dashboardLoader(args(await get("/admin?q=sun%00set", admin))));
      expect(page.status).toBe(200);
      expect((page.data as { rows: Array<{ id: number }> }).rows.map((r) => r.id)).toEqual([a.id]);
    } finally {
      setDb(undefined);
    }
  });
});

describe("kept counts", () => {
  let db: Db;
  let admin: User;
  beforeEach(() => {
    db = freshDb();
    admin = upsertUserFromClaims(db, { email: "boss@agency.test" }, ["boss@agency.test"]);
  });

  it("give the cards and the step chart what counting the rows gives, through creates, moves and deletes", () => {
    const open = (type: "buying" | "selling", email: string) =>
      createTransaction(
        db,
        admin,
        newTransactionSchema.parse({ email, type, propertyAddress: "1 A St", homeValue: "500000" }),
      );
    const a = open("buying", "a@example.com");
    open("buying", "b@example.com");
    const c = open("selling", "c@example.com");
    db.update(transactions).set({ status: "completed" }).where(eq(transactions.id, a.id)).run();
    db.update(transactions).set({ currentStep: 12 }).where(eq(transactions.id, c.id)).run();
    open("selling", "d@example.com");
    db.delete(transactions).where(eq(transactions.id, c.id)).run();
    const counted = (where: string) => db.$client.prepare(`select count(*) from transactions ${where}`).pluck().get();
    expect(adminSummary(db, admin)).toMatchObject({
      totalTransactions: counted(""),
      activeBuyers: counted("where status = 'active' and type = 'buying'"),
      activeSellers: counted("where status = 'active' and type = 'selling'"),
    });
    expect(adminSummary(db, admin)).toMatchObject({ totalTransactions: 3, activeBuyers: 1, activeSellers: 1 });
    expect(activeByStepBand(db, admin).reduce((n, b) => n + b.count, 0)).toBe(2);
    expect(searchTransactions(db, admin, { type: "selling" }).total).toBe(1);
  });

  it("list at most 500 matches of a search that matches nearly everything, newest first, and say so", () => {
    const sqlite = db.$client;
    const user = sqlite.prepare("insert into users (id, email, first_name, last_name) values (?, ?, 'Bulk', 'Client')");
    const add = sqlite.prepare(
      "insert into transactions (user_id, type, property_address, created_at, updated_at) values (?, 'buying', ?, ?, ?)",
    );
    sqlite.transaction(() => {
      for (let i = 0; i < MAX_SEARCH_MATCHES + 10; i++) {
        user.run(`bulk-${i}`, `bulk${i}@example.com`);
        add.run(`bulk-${i}`, `${i} Bulk St, San Diego`, 1_700_000_000_000 + i, 1_700_000_000_000 + i);
      }
    })();
    const broad = searchTransactions(db, admin, { q: "san diego" });
    expect(broad).toMatchObject({
      capped: true,
      total: MAX_SEARCH_MATCHES,
      pageCount: MAX_SEARCH_MATCHES / DASHBOARD_PAGE_SIZE,
    });
    expect(broad.rows[0]!.propertyAddress).toBe(`${MAX_SEARCH_MATCHES + 9} Bulk St, San Diego`);
    const lastPage = searchTransactions(db, admin, { q: "san diego", page: MAX_SEARCH_MATCHES / DASHBOARD_PAGE_SIZE });
    expect(lastPage.rows.at(-1)!.propertyAddress).toBe("10 Bulk St, San Diego");
    const rare = searchTransactions(db, admin, { q: `${MAX_SEARCH_MATCHES + 5} bulk` });
    expect(rare).toMatchObject({ capped: false, total: 1 });
    expect(matchSummary(broad.total, broad.capped, "transactions")).toBe(
      "More than 500 transactions match; the newest 500 are listed. Refine the search to see others.",
    );
    expect(matchSummary(1, false, "transactions")).toBe("1 transactions");
  });

  it("sort leads by their engagement's score as it changes", () => {
    seedDatabase(db); // the campaign new leads join
    const send = (email: string) =>
      submitContact(db, contactSchema.parse({ firstName: "S", lastName: "Core", email, phone: "6195550100" }))!;
    const low = send("low@example.com");
    const high = send("high@example.com");
    const score = (id: number, value: number) =>
      db.$client
        .prepare(
          "update lead_engagement set score = ? where id = (select engagement_id from contact_submissions where id = ?)",
        )
        .run(value, id);
    score(low.id, 5);
    score(high.id, 40);
    expect(listLeads(db, admin, { sort: "score" }).rows.map((r) => [r.email, r.score])).toEqual([
      ["high@example.com", 40],
      ["low@example.com", 5],
    ]);
    score(low.id, 90);
    expect(listLeads(db, admin, { sort: "score" }).rows.map((r) => r.email)).toEqual([
      "low@example.com",
      "high@example.com",
    ]);
  });
});

describe("sessions", () => {
  let db: Db;
  let time = 0;
  beforeEach(() => {
    db = freshDb();
    time = Date.UTC(2026, 0, 1);
  });
  const storage = () =>
    createDbSessionStorage({ db: () => db, secret: "s".repeat(32), secure: false, now: () => time });

  it("end after 7 days without a visit, and a visit keeps them going", async () => {
    const s = storage();
    const session = await s.getSession();
    session.set("userId", "u1");
    const cookie = (await s.commitSession(session)).split(";")[0]!;
    time += 6 * 86_400_000;
    expect((await s.getSession(cookie)).get("userId")).toBe("u1");
    time += 6 * 86_400_000; // 12 days after sign-in, 6 after the last visit
    expect((await s.getSession(cookie)).get("userId")).toBe("u1");
    time += 7 * 86_400_000;
    expect((await s.getSession(cookie)).get("userId")).toBeUndefined();
    expect(db.$client.prepare("select count(*) from sessions").pluck().get()).toBe(0);
  });
});

describe("backups", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "backup-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("write a checked copy of the database and the files, and keep the newest ones", async () => {
    const db = (await import("~/db/client.server")).openDatabase(path.join(dir, "app.db"));
    upsertUserFromClaims(db, { email: "kept@example.com" });
    const files = path.join(dir, "files");
    mkdirSync(path.join(files, "documents", "ab"), { recursive: true });
    writeFileSync(path.join(files, "documents", "ab", "ab01"), "the purchase agreement");
    writeFileSync(path.join(files, "documents", "ab", "ab02.partial"), "half an upload");
    const out = path.join(dir, "backups");
    mkdirSync(out);
    writeFileSync(path.join(out, "app-20261031T100000Z.db"), ""); // a backup made before files were kept
    writeFileSync(path.join(out, "unused"), "");
    const options = { backupDir: out, filesDir: files, keep: 2 };

    const first = await backupSite(db, { ...options, now: new Date("2026-11-01T10:00:00Z") });
    expect(path.basename(first.folder)).toBe("app-20261101T100000Z");
    expect(first.files).toEqual({ count: 1, copied: 1, bytes: 22 });
    expect(first.removed).toEqual([]);
    const copied = path.join(first.folder, "files", "documents", "ab", "ab01");
    expect(readFileSync(copied, "utf8")).toBe("the purchase agreement");
    expect(statSync(copied).ino).not.toBe(statSync(path.join(files, "documents", "ab", "ab01")).ino);
    expect(readdirSync(path.join(first.folder, "files", "documents", "ab"))).toEqual(["ab01"]);

    writeFileSync(path.join(files, "documents", "ab", "ab03"), "an inspection report");
    const second = await backupSite(db, { ...options, now: new Date("2026-11-02T10:00:00Z") });
    expect(second.files).toEqual({ count: 2, copied: 1, bytes: 42 });
    expect(second.removed).toEqual(["app-20261031T100000Z.db"]);
    // A file the previous backup holds is linked from it: on the disk once.
    expect(statSync(path.join(second.folder, "files", "documents", "ab", "ab01")).ino).toBe(statSync(copied).ino);

    const third = await backupSite(db, { ...options, now: new Date("2026-11-03T10:00:00Z") });
    expect(third.removed).toEqual(["app-20261101T100000Z"]);
    expect(readdirSync(out).sort()).toEqual(["app-20261102T100000Z", "app-20261103T100000Z", "unused"]);
    expect(readFileSync(path.join(third.folder, "files", "documents", "ab", "ab01"), "utf8")).toBe(
      "the purchase agreement",
    );
    expect(third.missing).toEqual([]);
    const copy = new Database(third.database, { readonly: true });
    expect(copy.prepare("select email from users").pluck().all()).toContain("kept@example.com");
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    copy.close();
    db.$client.close();
    expect(backupName(new Date("2026-11-22T09:30:05.123Z"))).toBe("app-20261122T093005Z");
  });

  it("name a document whose file is not there, and leave nothing of a backup that failed", async () => {
    const db = (await import("~/db/client.server")).openDatabase(path.join(dir, "app.db"));
    const admin = upsertUserFromClaims(db, { email: "boss@example.com" }, ["boss@example.com"]);
    const tx = createTransaction(
      db,
      admin,
      { email: "c@example.com", type: "buying", propertyAddress: "1 A St", homeValue: "500000" },
      { notify: false },
    );
    db.$client
      .prepare(
        `INSERT INTO documents (transaction_id, name, content_type, size, sha256, storage_key, uploaded_by,
           uploaded_by_role, created_at) VALUES (?, 'gone.pdf', 'application/pdf', 1, '', 'documents/cd/cd01', ?, 'admin', 0)`,
      )
      .run(tx.id, admin.id);
    const out = path.join(dir, "backups");
    const result = await backupSite(db, { backupDir: out, filesDir: path.join(dir, "no-files") });
    expect(result.missing).toEqual(["documents/cd/cd01"]);
    expect(describeBackup(result)[1]).toBe("Warning: 1 document file(s) named by the database were not in FILES_DIR");

    db.$client.close(); // a closed database cannot be copied: the run fails and leaves no folder
    await expect(
      backupSite(db, { backupDir: out, filesDir: dir, now: new Date("2030-01-01T00:00:00Z") }),
    ).rejects.toThrow();
    expect(readdirSync(out)).toEqual([path.basename(result.folder)]);
  });
});

describe("field limits", () => {
  it("refuse text over its maximum length and http:// images", () => {
    const contact = { firstName: "A", lastName: "B", email: "a@example.com", phone: "6195550100" };
    expect(contactSchema.safeParse({ ...contact, firstName: "x".repeat(101) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, message: "x".repeat(5001) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, phone: "1".repeat(41) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...contact, email: `${"a".repeat(250)}@example.com` }).success).toBe(false);
    const listing = { address: "1 Main St", price: "500000" };
    expect(listingSchema.safeParse({ ...listing, address: "x".repeat(301) }).success).toBe(false);
    expect(listingSchema.safeParse({ ...listing, notes: "x".repeat(5000) }).success).toBe(true);
    expect(listingSchema.safeParse({ ...listing, notes: "x".repeat(5001) }).success).toBe(false);
    expect(listingSchema.safeParse({ ...listing, imageUrl: `https://example.com/${"x".repeat(2040)}` }).success).toBe(
      false,
    );
    const http = listingSchema.safeParse({ ...listing, imageUrl: "http://example.com/a.jpg" });
    expect(http.success ? null : http.error.issues[0]!.message).toBe("Use an image address that starts with https://");
    expect(listingSchema.safeParse({ ...listing, imageUrl: "https://example.com/a.jpg" }).success).toBe(true);
    expect(blogPostSchema.safeParse({ title: "T", content: "c", imageUrl: "http://example.com/a.jpg" }).success).toBe(
      false,
    );
  });
});
