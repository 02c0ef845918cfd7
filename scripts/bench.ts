/**
 * npm run bench: measures what the landing page (and a few others) ship to a
 * browser, on the production build served by the production server (build/server.js) with compression:
 * compressed JavaScript, HTML (the stylesheet is inlined in it) and linked CSS
 * transferred on load (until the network is idle),
 * the JavaScript added by the first focus in the contact form, the cumulative
 * layout shift, and server response times for the main pages; then the mail sender (bench-mail.ts),
 * uploads and the portal's documents (bench-documents.ts), deadlines (bench-deadlines.ts), messages
 * (bench-messages.ts), estimates (bench-estimates.ts), offers (bench-offers.ts), the team (bench-team.ts) and the admin
 * pages (bench-admin.ts,
 * `--scale=today|10y`), and the dashboard on the day 100,000 leads arrive (`flood`).
 * It prints figures; it asserts nothing (budgets are compared in the output).
 */
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { launchOptions } from "../playwright.config";
import { benchAdmin } from "./bench-admin";
import { benchDocuments } from "./bench-documents";
import { benchDeadlines } from "./bench-deadlines";
import { benchEstimates } from "./bench-estimates";
import { benchManage } from "./bench-manage";
import { benchAgreements } from "./bench-agreements";
import { benchShowings } from "./bench-showings";
import { benchProof } from "./bench-proof";
import { benchListings } from "./bench-listings";
import { benchFileReview } from "./bench-file-review";
import { benchBackups } from "./bench-backups";
import { benchReplication } from "./bench-replication";
import { benchOffers } from "./bench-offers";
import { benchTeam } from "./bench-team";
import { SCALES } from "./bench-data";
import { benchMail } from "./bench-mail";
import { benchMessages } from "./bench-messages";
import { spawnServer, startBareServer, waitForServer } from "./bench-server";
import { describeLoad, load, type LoadResult } from "./load";

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const BASE = `http://localhost:${PORT}`;
const BUDGET_JS_KB = 90;

type Transfer = { url: string; type: string; bytes: number };

function collect(page: Page) {
  const transfers: Transfer[] = [];
  page.on("requestfinished", async (request) => {
    const response = await request.response();
    if (!response) return;
    const sizes = await request.sizes();
    transfers.push({
      url: request.url(),
      type: request.resourceType(),
      bytes: sizes.responseBodySize,
    });
  });
  return transfers;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (list: Transfer[], type: string) => list.filter((t) => t.type === type).reduce((n, t) => n + t.bytes, 0);

async function main() {
  // The admin part's large databases stay between runs (scripts/bench-data.ts); this part starts afresh.
  mkdirSync("tests/.tmp/bench", { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`tests/.tmp/bench/bench.db${suffix}`, { force: true });
  const server = spawnServer(PORT, { DATABASE_URL: "tests/.tmp/bench/bench.db" });
  try {
    await waitForServer(`${BASE}/healthz`);
    const browser = await chromium.launch(launchOptions);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const transfers = collect(page);
    await page.goto(BASE, { waitUntil: "networkidle" });
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    await page.waitForTimeout(500);
    const js = sum(transfers, "script");
    const css = sum(transfers, "stylesheet");
    const html = sum(transfers, "document");
    const inlined = await page.evaluate(() => document.head.querySelector("style")?.textContent?.length ?? 0);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    // The budget is in gzip bytes (what a browser without brotli gets): the build's .gz file of each script.
    const scripts = transfers
      .filter((x) => x.type === "script")
      .map((t) => {
        const path = new URL(t.url).pathname;
        const file = `build/client${path}`;
        // No .gz is written when gzip would not be smaller.
        return { path, bytes: t.bytes, gzip: statSync(existsSync(`${file}.gz`) ? `${file}.gz` : file).size };
      });
    const gzipped = scripts.reduce((n, t) => n + t.gzip, 0);
    console.log(
      `landing: ${kb(gzipped)} KB gzipped JS on load (budget ${BUDGET_JS_KB} KB: ${gzipped / 1024 <= BUDGET_JS_KB ? "within" : "OVER"}; ` +
        `${kb(js)} KB as received, brotli), ${kb(html)} KB compressed HTML (its inlined stylesheet ${kb(inlined)} KB before compression), ` +
        `${kb(css)} KB linked CSS, CLS ${cls.toFixed(4)}`,
    );
    for (const t of scripts)
      console.log(`  ${kb(t.bytes).padStart(6)} KB brotli, ${kb(t.gzip).padStart(6)} KB gzip  ${t.path}`);

    const before = transfers.length;
    await page.getByLabel("First Name*").focus();
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    const later = transfers.slice(before).filter((t) => t.type === "script");
    console.log(
      `landing, first focus in the contact form: +${kb(later.reduce((n, t) => n + t.bytes, 0))} KB JS (validation with the shared zod schema)`,
    );

    // Server response time of the main pages (median of 20 sequential GETs).
    for (const path of ["/", "/blog", "/blog/what-is-escrow-california", "/ca-disclosures", "/sitemap.xml"]) {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        const response = await fetch(`${BASE}${path}`);
        await response.arrayBuffer();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(`GET ${path}: median ${times[10]!.toFixed(1)} ms, p95 ${times[18]!.toFixed(1)} ms`);
    }
    await browser.close();
    await publicLoad();
  } finally {
    server.kill();
  }
}

const PUBLIC_PAGES = ["/", "/blog", "/blog/what-is-escrow-california", "/privacy-policy"];
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html" };

/**
 * Anonymous public pages under load (20 connections, 5 s each), next to a bare node:http server in
 * its own process that answers the same bytes (the landing page, brotli) from memory: the ceiling of
 * this machine. Goal: each page at least 25 % of the bare server's requests/s, p99 at most 25 ms.
 */
async function publicLoad() {
  const landing = await fetch(`${BASE}/`, { headers: BROWSER_HEADERS });
  const bytes = Buffer.from(await landing.arrayBuffer()); // fetch decodes: the identity bytes
  const barePort = PORT + 5;
  const bare = await startBareServer(barePort, bytes);
  try {
    const baseline = await load(`http://localhost:${barePort}/`, { headers: BROWSER_HEADERS });
    console.log(`load, bare node:http with the landing page's bytes: ${describeLoad(baseline)}`);
    const results: Array<[string, LoadResult]> = [];
    for (const path of PUBLIC_PAGES) {
      const result = await load(`${BASE}${path}`, { headers: BROWSER_HEADERS });
      results.push([path, result]);
      const ratio = result.rps / baseline.rps;
      const verdict = ratio >= 0.25 && result.p99 <= 25 ? "goal met" : "goal NOT met";
      console.log(
        `load, GET ${path}: ${describeLoad(result)}; ${(ratio * 100).toFixed(0)} % of bare (goal >= 25 %, p99 <= 25 ms: ${verdict})`,
      );
    }
  } finally {
    bare.kill();
  }
}

/**
 * `npm run bench -- --scale=10y` measures the admin pages on ten years of data (scripts/bench-data.ts);
 * `--only=pages|mail|documents|deadlines|messages|estimates|offers|team|admin|agreements|showings|backups|replication|manage|proof|reviews|listings|flood` runs one part alone.
 */
function option(name: string, fallback: string) {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return given ? given.slice(name.length + 3) : fallback;
}
const scale = SCALES[option("scale", "today")];
if (!scale) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(", ")}`);
const only = option("only", "all");
const parts: Record<string, () => Promise<void>> = {
  pages: main,
  mail: () => benchMail({ port: PORT + 10, dir: "tests/.tmp/bench" }),
  documents: () => benchDocuments({ port: PORT + 30, dir: "tests/.tmp/bench" }),
  deadlines: () => benchDeadlines({ port: PORT + 40, dir: "tests/.tmp/bench" }),
  messages: () => benchMessages({ port: PORT + 50, dir: "tests/.tmp/bench" }),
  estimates: () => benchEstimates({ port: PORT + 60, dir: "tests/.tmp/bench" }),
  offers: () => benchOffers({ port: PORT + 70, dir: "tests/.tmp/bench" }),
  team: () => benchTeam({ port: PORT + 80, dir: "tests/.tmp/bench" }),
  agreements: () => benchAgreements({ port: PORT + 100, dir: "tests/.tmp/bench" }),
  showings: () => benchShowings({ port: PORT + 110, dir: "tests/.tmp/bench" }),
  backups: () => benchBackups({ port: PORT + 120, dir: "tests/.tmp/bench" }),
  replication: () => benchReplication({ port: PORT + 125, dir: "tests/.tmp/bench" }),
  manage: () => benchManage({ port: PORT + 130, dir: "tests/.tmp/bench" }),
  proof: () => benchProof({ port: PORT + 140, dir: "tests/.tmp/bench" }),
  reviews: () => benchFileReview({ port: PORT + 160, dir: "tests/.tmp/bench" }),
  listings: () => benchListings({ port: PORT + 170, dir: "tests/.tmp/bench" }),
  admin: () => benchAdmin({ port: PORT + 20, dir: "tests/.tmp/bench", scale }),
  // The dashboard and the leads the day 100,000 leads arrive (an import, a flood of sign-ups).
  flood: () =>
    benchAdmin({
      port: PORT + 90,
      dir: "tests/.tmp/bench",
      scale: SCALES.flood!,
      only: ["/admin", "/admin?type=selling", "/admin/leads", "/admin/leads?sort=score"],
    }),
};
if (only !== "all" && !parts[only]) throw new Error(`--only must be one of ${Object.keys(parts).join(", ")}`);

(async () => {
  for (const [name, run] of Object.entries(parts)) if (only === "all" || only === name) await run();
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
