/**
 * Speed and hardening in a real browser and over HTTP: the public-page cache (fresh after a publish, never for a
 * signed-in visitor), its headers and 304s, the contact form's rate limit, the body limit, and a
 * graceful stop that finishes the request in flight, and several web processes (WEB_CONCURRENCY).
 */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { request as playwrightRequest, type Page } from "@playwright/test";
import { ADMIN_EMAIL, BASE_URL } from "../../playwright.config";
import { expect, fillProviderForm, loginAs, queryDb, ready, seedTransaction, test, uniqueEmail } from "./fixtures";
import { startApp, type AppServer } from "./servers";

const PUBLIC_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** A GET whose body is kept as sent (fetch and Playwright decode it). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

async function publishPost(page: Page, title: string) {
  const response = await page.request.post("/api/blog", {
    headers: { origin: BASE_URL },
    data: { title, content: `What ${title} is about.`, published: true },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; slug: string };
}

test.describe("the public-page cache", () => {
  test("serves /blog from the cache, and a published, edited or unpublished post at once", async ({
    page,
    browser,
    js,
  }) => {
    const visitor = await browser.newContext({ javaScriptEnabled: js, baseURL: BASE_URL });
    const reader = await visitor.newPage();
    // Other tests publish posts meanwhile (each publish empties the cache), so ask until a hit comes.
    await expect.poll(async () => (await reader.goto("/blog"))!.headers()["x-cache"]).toBe("HIT");
    expect((await reader.goto("/blog"))!.headers()["cache-control"]).toBe(PUBLIC_CACHE);

    await loginAs(page, { email: uniqueEmail("editor"), admin: true, returnTo: null });
    const title = `Cache fresh ${js ? "js" : "nojs"} ${Date.now()}`;
    const post = await publishPost(page, title);
    const fresh = await reader.goto("/blog");
    expect(["HIT", "MISS"]).toContain(fresh!.headers()["x-cache"]); // through the cache, and fresh:
    await ready(reader, js);
    await expect(reader.getByRole("heading", { name: title })).toBeVisible();
    await reader.getByRole("link", { name: `Read More: ${title}` }).click();
    await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(await (await reader.request.get("/sitemap.xml")).text()).toContain(`/blog/${post.slug}`);

    // Unpublished through the API: gone from the list, the article and the sitemap at once.
    const unpublished = await page.request.patch(`/api/blog/${post.id}`, {
      headers: { origin: BASE_URL },
      data: { title: `${title} (draft)`, slug: post.slug, content: "Draft.", published: false },
    });
    expect(unpublished.status()).toBe(200);
    await reader.goto("/blog");
    await expect(reader.getByRole("heading", { name: title })).toHaveCount(0);
    expect((await reader.goto(`/blog/${post.slug}`))!.status()).toBe(404);
    expect(await (await reader.request.get("/sitemap.xml")).text()).not.toContain(`/blog/${post.slug}`);
    await visitor.close();
  });

  test("never serves a signed-in visitor from the cache, nor one visitor's page to another", async ({
    page,
    browser,
    js,
  }) => {
    const anonymous = await browser.newContext({ javaScriptEnabled: js, baseURL: BASE_URL });
    const visitor = await anonymous.newPage();
    // Other tests publish posts meanwhile (each publish empties the cache), so ask until a hit comes.
    await expect.poll(async () => (await visitor.goto("/"))!.headers()["x-cache"]).toBe("HIT");

    const email = uniqueEmail("cached-admin");
    await loginAs(page, { email, admin: true, returnTo: null });
    const mine = await page.goto("/");
    expect(mine!.headers()["x-cache"]).toBeUndefined();
    expect(mine!.headers()["cache-control"]).toBe("private, no-store");
    expect(await mine!.text()).toContain(email); // the root data names the user

    // The next anonymous answer comes from the cache (or is rendered anew), never from the admin's.
    const theirs = await visitor.goto("/");
    expect(["HIT", "MISS"]).toContain(theirs!.headers()["x-cache"]);
    expect(await theirs!.text()).not.toContain(email);
    await anonymous.close();
  });

  test("Cache-Control on public, private and API answers; 304 for a matching ETag", async ({ page, js }) => {
    test.skip(!js, "HTTP headers: one run is enough");
    const anonymous = await playwrightRequest.newContext({ baseURL: BASE_URL });
    for (const path of [
      "/",
      "/blog",
      "/blog/what-is-escrow-california",
      "/privacy-policy",
      "/terms-of-service",
      "/ca-disclosures",
      "/sitemap.xml",
      "/robots.txt",
    ]) {
      const response = await anonymous.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe(PUBLIC_CACHE);
      expect(response.headers()["etag"], path).toMatch(/^"[\w-]+"$/);
      // A post published by another test in between changes /blog's ETag, rightly: ask again then.
      await expect
        .poll(
          async () => {
            const etag = (await anonymous.get(path)).headers()["etag"]!;
            const again = await anonymous.get(path, { headers: { "if-none-match": etag } });
            return [again.status(), (await again.body()).length];
          },
          { message: path },
        )
        .toEqual([304, 0]);
    }
    // The landing page's CSP allows its own inline scripts by hash: the same bytes for every visitor.
    const landing = await anonymous.get("/");
    expect(landing.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect(await landing.text()).not.toContain("nonce=");
    const asset = (await landing.text()).match(/\/assets\/[\w.-]+\.js/)![0];
    const assetAnswer = await anonymous.get(asset);
    expect(assetAnswer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Scripts are compressed at build time: the build's brotli file when the browser takes it, else its gzip file.
    for (const [accept, encoding, suffix] of [
      ["gzip, deflate, br", "br", ".br"],
      ["gzip", "gzip", ".gz"],
    ] as const) {
      const raw = await rawGet(`${BASE_URL}${asset}`, { "accept-encoding": accept });
      expect(raw.headers["content-encoding"], accept).toBe(encoding);
      expect(raw.body.equals(readFileSync(`build/client${asset}${suffix}`)), accept).toBe(true);
    }
    expect((await anonymous.get("/favicon.svg")).headers()["cache-control"]).toMatch(/max-age=2592000/);
    // The calculator's result is cached by its query once asked for twice within the minute (PageCache.worthStoring,
    // server/page-cache.ts); any other query is not. A value of this test's own: no other test asked for it first.
    const value = String(1_000_000 + (Date.now() % 900_000));
    const first = await anonymous.get(`/?homeValue=${value}`);
    expect(first.headers()["x-cache"]).toBeUndefined();
    const calc = await anonymous.get(`/?homeValue=${value}`);
    expect(calc.headers()["x-cache"]).toBe("MISS");
    expect(calc.headers()["cache-control"]).toBe(PUBLIC_CACHE);
    expect((await anonymous.get(`/?homeValue=${value}`)).headers()["x-cache"]).toBe("HIT");
    expect(await calc.text()).toContain(Number(value).toLocaleString("en-US"));
    expect((await anonymous.get("/?utm_source=x")).headers()["x-cache"]).toBeUndefined();
    await anonymous.dispose();

    await loginAs(page, { email: uniqueEmail("headers"), returnTo: null });
    for (const path of ["/", "/blog", "/client-portal", "/api/auth/user", "/api/listings"]) {
      const response = await page.request.get(path);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
      expect(response.headers()["etag"], path).toBeUndefined();
    }
  });
});

test.describe("the first paint", () => {
  test("the stylesheet is in the page's head, no stylesheet is requested, and it stays through hydration and navigation", async ({
    page,
    js,
  }) => {
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto("/blog");
    await ready(page, js);
    const inlined = () => page.evaluate(() => document.head.querySelector("style")?.textContent?.length ?? 0);
    expect(await inlined()).toBeGreaterThan(10_000);
    // Tailwind's own rules apply: the page frame's body is a flex column.
    await expect(page.locator("body")).toHaveCSS("display", "flex");
    await page.getByRole("link", { name: "Privacy Policy" }).first().click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    expect(await inlined()).toBeGreaterThan(10_000);
    await expect(page.locator("body")).toHaveCSS("display", "flex");
    expect(stylesheets).toEqual([]);
  });

  test("the portal and admin pages link the stylesheet (a year's cache) instead of inlining it, and keep it through navigation", async ({
    page,
    js,
  }) => {
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
    });
    await loginAs(page, { email: ADMIN_EMAIL, admin: true, returnTo: "/client-portal" });
    await ready(page, js);
    const inlined = () => page.evaluate(() => document.head.querySelector("style")?.textContent?.length ?? 0);
    const linked = () =>
      page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].map((l) => l.href));
    expect(await inlined()).toBe(0);
    const [href] = await linked();
    expect(href).toMatch(/\/assets\/tailwind-[\w-]+\.css$/);
    await expect(page.locator("body")).toHaveCSS("display", "flex");
    const css = await page.request.get(href!);
    expect(css.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Away to a public page and on to the admin area: the document keeps its stylesheet.
    await page.getByRole("link", { name: "Back to Main Site" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("body")).toHaveCSS("display", "flex");
    await page.goto("/admin");
    expect(await inlined()).toBe(0);
    expect(await linked()).toEqual([href]);
    // A public page loaded afresh inlines it again.
    await page.goto("/blog");
    expect(await inlined()).toBeGreaterThan(10_000);
    expect(await linked()).toEqual([]);
    expect(new Set(stylesheets)).toEqual(new Set([new URL(href!).pathname]));
  });

  test("the page's modules are preloaded at low priority, each fetched once", async ({ page, js }) => {
    test.skip(!js, "modules load only with JavaScript");
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await ready(page, js);
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")].map((l) => ({
        path: new URL(l.href).pathname,
        priority: l.getAttribute("fetchpriority"),
      })),
    );
    // The first preload of each module (the one the browser acts on) is the low-priority one.
    const first = new Map<string, string | null>();
    for (const { path, priority } of preloads) if (!first.has(path)) first.set(path, priority);
    expect(first.size).toBeGreaterThan(2);
    expect([...first.values()]).toEqual([...first.keys()].map(() => "low"));
    for (const path of first.keys())
      expect(
        scripts.filter((s) => s === path),
        path,
      ).toHaveLength(1);
  });
});

test.describe("bad bodies", () => {
  test("a body over 1 MB gets 413 before it is read, and nothing is stored", async ({ request, js }) => {
    test.skip(!js, "HTTP: one run is enough");
    const email = uniqueEmail("huge");
    const big = "x".repeat(2 * 1024 * 1024);
    const form = await request.post("/", {
      headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE_URL },
      data: `firstName=A&lastName=B&email=${encodeURIComponent(email)}&phone=6195550100&message=${big}`,
    });
    expect(form.status()).toBe(413);
    expect(await form.text()).toBe("The request is too large: the limit is 1 MB.");
    const json = await request.post("/api/contact", {
      data: { firstName: "A", lastName: "B", email, phone: "6195550100", message: big },
    });
    expect(json.status()).toBe(413);
    expect(await json.json()).toEqual({ message: "The request is too large: the limit is 1 MB." });
    expect(await queryDb("select id from contact_submissions where email = ?", email)).toEqual([]);
  });

  test("a page action given anything but a form gets 415 or 400 with a message, on the page and its .data", async ({
    page,
    js,
  }) => {
    test.skip(!js, "HTTP: one run is enough");
    const email = uniqueEmail("bodies");
    // With an active transaction the portal takes uploads: its multipart bodies are read by the upload parser.
    await seedTransaction({ email, type: "buying" });
    await loginAs(page, { email, returnTo: null });
    const post = (path: string, contentType: string | undefined, body: string) =>
      page.request.post(path, {
        headers: { origin: BASE_URL, ...(contentType ? { "content-type": contentType } : {}) },
        data: Buffer.from(body),
      });
    const truncated = '--XX\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd';
    for (const path of ["/", "/_root.data?index", "/client-portal", "/client-portal.data"]) {
      for (const [contentType, body, status] of [
        ["text/plain", "intent=add", 415],
        ["application/json", '{"intent":"add"}', 415],
        [undefined, "intent=add", 415],
        ["multipart/form-data", "intent=add", 400],
        ["multipart/form-data; boundary=XX", truncated, 400],
      ] as const) {
        const response = await post(path, contentType, body);
        expect(response.status(), `${path} ${contentType}`).toBe(status);
        expect(await response.text(), `${path} ${contentType}`).toMatch(/form/);
      }
    }
  });
});

test.describe("rate limits", () => {
  let app: AppServer;
  test.beforeAll(async () => {
    app = await startApp("limits", {
      RATE_LIMIT_CONTACT: "2/60,20/86400",
      RATE_LIMIT_SIGN_IN: "3/60",
      RATE_LIMIT_TOKEN: "3/60",
    });
  });
  test.afterAll(async () => app?.stop());

  test("the contact form over its limit shows the message, answers 429 with Retry-After, and stores nothing", async ({
    page,
    js,
  }) => {
    const send = async (email: string) => {
      await page.getByLabel("First Name*").fill("Rate");
      await page.getByLabel("Last Name*").fill("Limited");
      await page.getByLabel("Email*").fill(email);
      await page.getByLabel("Phone*").fill("(619) 555-0100");
      const answer = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Send Message" }).click();
      return answer;
    };
    await page.goto(`${app.baseUrl}/#contact`);
    await ready(page, js);
    // Two messages a minute on this server: the first two are sent.
    for (let i = 0; i < 2; i++) {
      expect((await send(uniqueEmail("sent"))).status()).toBeLessThan(400);
      // The confirmation takes the form's place; "Send another message" brings the form back.
      const sent = page.getByTestId("contact-sent");
      await expect(sent).toContainText("Thank you for your message! We will contact you soon.");
      await sent.getByRole("link", { name: "Send another message" }).click();
      await expect(page.getByLabel("Email*")).toHaveValue("");
      await ready(page, js);
    }
    const email = uniqueEmail("limited");
    const response = await send(email);
    expect(response.status()).toBe(429);
    expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "You have sent several messages in a short time, so this one was not sent." }),
    ).toBeVisible();
    await expect(page.getByLabel("Email*")).toHaveValue(email);
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(app.database, { readonly: true });
    expect(db.prepare("select count(*) from contact_submissions where email = ?").pluck().get(email)).toBe(0);
    db.close();

    // The API: whichever address this client reaches the server from, its third message is refused.
    const statuses = [];
    let last;
    for (let i = 0; i < 3; i++) {
      last = await page.request.post(`${app.baseUrl}/api/contact`, {
        data: { firstName: "Api", lastName: `${i}`, email: uniqueEmail("api"), phone: "6195550100" },
      });
      statuses.push(last.status());
    }
    expect(statuses[2]).toBe(429);
    expect(last!.headers()["retry-after"]).toMatch(/^\d+$/);
    expect((await last!.json()).message).toMatch(/^Too many requests from your network/);
  });

  test("sign-in starts, tracked links and unsubscribe pages are limited too", async ({ request, js }) => {
    test.skip(!js, "HTTP: one run is enough");
    const statuses = async (path: string, method: "get" | "post" = "get") => {
      const out = [];
      // The unsubscribe POST is what a mail provider's one-click sends (RFC 8058).
      const form = method === "post" ? { "List-Unsubscribe": "One-Click" } : undefined;
      for (let i = 0; i < 4; i++)
        out.push((await request[method](`${app.baseUrl}${path}`, { maxRedirects: 0, form })).status());
      return out;
    };
    expect(await statuses("/api/login")).toEqual([302, 302, 302, 429]);
    const refused = await request.get(`${app.baseUrl}/api/login`, { maxRedirects: 0 });
    expect(refused.headers()["retry-after"]).toMatch(/^\d+$/);
    expect(await refused.text()).toMatch(/^Too many requests from your network/);
    // Tokens share one count: three bad ones, then the fourth request is refused before it is read.
    expect([
      ...(await statuses("/r/not-a-token")).slice(0, 2),
      ...(await statuses("/unsubscribe/not-a-token", "post")).slice(0, 2),
    ]).toEqual([400, 400, 429, 429]);
  });
});

test.describe("the client address of the rate limits", () => {
  test("is the socket's; X-Forwarded-For counts only behind TRUST_PROXY", async ({ request, js }) => {
    test.skip(!js, "HTTP: one run is enough");
    const post = (server: AppServer, forwardedFor: string) =>
      request.post(`${server.baseUrl}/api/contact`, {
        headers: { "x-forwarded-for": forwardedFor },
        data: { firstName: "Proxy", lastName: "Test", email: uniqueEmail("proxy"), phone: "6195550100" },
      });
    const direct = await startApp("no-proxy", { RATE_LIMIT_CONTACT: "1/60" });
    const proxied = await startApp("proxy", { RATE_LIMIT_CONTACT: "1/60", TRUST_PROXY: "loopback" });
    try {
      // Without TRUST_PROXY a made-up header changes nothing: the second message is refused.
      expect([(await post(direct, "203.0.113.1")).status(), (await post(direct, "203.0.113.2")).status()]).toEqual([
        201, 429,
      ]);
      // Behind a trusted proxy each client is counted by the address the proxy saw.
      expect([(await post(proxied, "203.0.113.1")).status(), (await post(proxied, "203.0.113.2")).status()]).toEqual([
        201, 201,
      ]);
      expect((await post(proxied, "203.0.113.1")).status()).toBe(429);
    } finally {
      await direct.stop();
      await proxied.stop();
    }
  });
});

test.describe("graceful stop", () => {
  test("SIGTERM lets the request in flight finish and store, refuses new connections, and exits 0", async ({ js }) => {
    test.skip(!js, "HTTP: one run is enough");
    const app = await startApp("graceful", {});
    try {
      const email = uniqueEmail("inflight");
      const body = JSON.stringify({ firstName: "In", lastName: "Flight", email, phone: "6195550100" });
      const socket = net.connect(app.port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString()));
      const closed = new Promise((resolve) => socket.once("close", resolve));
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: localhost:${app.port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((r) => setTimeout(r, 300));
      app.child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
      // New connections are refused while the old one finishes.
      await expect(fetch(`${app.baseUrl}/healthz`)).rejects.toThrow();
      socket.write(body.slice(10));
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 201 /);
      expect(await app.exited).toBe(0);
      expect(app.output()).toContain("Stopped");
      const { default: Database } = await import("better-sqlite3");
      const db = new Database(app.database, { readonly: true });
      expect(db.prepare("select count(*) from contact_submissions where email = ?").pluck().get(email)).toBe(1);
      db.close();
    } finally {
      await app.stop();
    }
  });
});

test.describe("ports", () => {
  test("a port that is taken ends the start at once with one line naming it: the site, the demo provider, the SMTP door", async ({
    js,
  }) => {
    test.skip(!js, "HTTP: one run is enough");
    test.slow(); // three starts, each allowed a minute on a busy machine
    const held = net.createServer();
    await new Promise<void>((resolve) => held.listen(0, "127.0.0.1", () => resolve()));
    const port = (held.address() as net.AddressInfo).port;
    try {
      for (const [variable, env] of [
        ["PORT", { PORT: String(port) }],
        ["LOCAL_OIDC_PORT", { LOCAL_OIDC_PORT: String(port) }],
        ["INBOUND_SMTP_PORT", { INBOUND_SMTP_PORT: String(port), INBOUND_EMAIL_DOMAIN: "replies.e2e.test" }],
      ] as const) {
        const app = await startApp(`taken-${variable.toLowerCase()}`, env, { wait: false });
        try {
          const code = await Promise.race([
            app.exited,
            new Promise((r) => setTimeout(() => r("still running"), 60_000)),
          ]);
          expect(code, app.output()).toBe(1);
          expect(app.output()).toContain(`Cannot listen on port ${port} (${variable}): it is already in use`);
        } finally {
          await app.stop();
        }
      }
    } finally {
      held.close();
    }
  });
});

/** The processes whose parent is `pid` (Linux /proc; CI and this machine are Linux). */
function childPids(pid: number) {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children.sort();
}

test.describe("several web processes (WEB_CONCURRENCY)", () => {
  test("two workers serve pages and sign-in, one process sends the mail, a dead worker is replaced, SIGTERM stops all", async ({
    page,
    js,
  }) => {
    test.skip(!js, "the sign-in form and HTTP: one run is enough");
    const app = await startApp("cluster", { WEB_CONCURRENCY: "2", MAIL_TICK_SECONDS: "1" });
    try {
      await expect.poll(() => childPids(app.child.pid!).length).toBe(2);
      const workers = childPids(app.child.pid!);

      // Sign-in: the login and the callback may reach different workers; the primary runs the provider.
      await page.goto(`${app.baseUrl}/api/login?returnTo=/client-portal`);
      await fillProviderForm(page, { email: uniqueEmail("cluster") });
      await expect(page).toHaveURL(`${app.baseUrl}/client-portal`);
      await expect(page.getByRole("heading", { name: "No Active Transaction" })).toBeVisible();

      // A lead's alert is sent once, by the primary's mail sender.
      const email = uniqueEmail("cluster-lead");
      const posted = await fetch(`${app.baseUrl}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ firstName: "Two", lastName: "Workers", email, phone: "6195550100" }),
      });
      expect(posted.status).toBe(201);
      const { default: Database } = await import("better-sqlite3");
      const alerts = () => {
        const db = new Database(app.database, { readonly: true });
        try {
          return db
            .prepare(
              "select o.status from email_outbox o join contact_submissions c on c.id = o.contact_submission_id where c.email = ? and o.kind = 'lead_alert'",
            )
            .pluck()
            .all(email);
        } finally {
          db.close();
        }
      };
      await expect.poll(alerts, { timeout: 15_000 }).toEqual(["sent"]);

      // A worker killed outright is replaced, and the site keeps answering.
      process.kill(workers[0]!, "SIGKILL");
      await expect
        .poll(() => childPids(app.child.pid!).filter((pid) => pid !== workers[0]).length, { timeout: 15_000 })
        .toBe(2);
      for (let i = 0; i < 4; i++) expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
      expect(app.output()).toContain("starting another");

      const all = childPids(app.child.pid!);
      app.child.kill("SIGTERM");
      expect(await app.exited).toBe(0);
      expect(app.output()).toContain("Stopped");
      for (const pid of all) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await app.stop();
    }
  });
});
