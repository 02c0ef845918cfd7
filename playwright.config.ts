import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests run against the production build served by the production server, with
 * a database of their own and the real local OpenID provider. Every test runs
 * twice: with JavaScript on and with JavaScript off.
 * The browser is the one at CHROMIUM_PATH (default /usr/bin/chromium).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3101);
export const BASE_URL = `http://localhost:${PORT}`;
/** The production server, as `npm run build` writes it (server/index.ts). */
export const SERVER_ENTRY = "build/server.js";
export const ADMIN_EMAIL = "admin@e2e.test";
export const E2E_SESSION_SECRET = "e2e-session-secret-of-at-least-32-characters";
/** The database of the main e2e server (fixtures write test data into it with the app's models). */
export const E2E_DATABASE = "tests/.tmp/e2e.db";
/** Its uploaded files (FILES_DIR). */
export const E2E_FILES_DIR = "tests/.tmp/files-e2e";

/**
 * Empty-database servers: the admin's "no transactions yet" screens need a
 * database nobody else writes to, one per project (JS on, JS off).
 */
const EMPTY = { js: PORT + 10, "no-js": PORT + 20 } as const;
export const emptyBaseUrl = (project: string) => `http://localhost:${EMPTY[project as keyof typeof EMPTY]}`;

/** The browser of the tests and of npm run bench: CHROMIUM_PATH, else Debian's Chromium. */
export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

/**
 * The suite signs in and sends the contact form far more often than a person could, so its servers
 * (these and the ones tests start, servers.ts) get high limits; the limits themselves are tested on
 * servers of their own (production-server.spec.ts).
 */
export const E2E_RATE_LIMITS = {
  RATE_LIMIT_CONTACT: "100000/60",
  RATE_LIMIT_SIGN_IN: "100000/60",
  RATE_LIMIT_TOKEN: "100000/60",
  RATE_LIMIT_ESTIMATE: "100000/60",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  // On a 2-core machine a browser context costs 0.4-0.8 s and a navigation 0.2-0.6 s, two to three times that
  // with two workers and their servers; the scenario tests make 20 to 40 navigations. A minute is their
  // budget (a hung test still fails in a minute).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: BASE_URL,
    // A trace snapshots the page at every action: a quarter of the suite's time on a 2-core machine
    // (first-week.spec.ts 86 s with it, 62 s without). CI keeps a screenshot of a failure; a run of one's
    // own keeps the trace of a failure.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    // One browser context per worker, reset by Playwright between tests (cookies, storage, cache, pages, routes,
    // viewport): a new context and its first page cost 0.5 s on a 2-core machine, a quarter of the suite's time.
    // A test that needs state of its own (permissions, offline, extra headers) opens a context of its own.
    reuseContext: true,
    launchOptions,
  },
  projects: [
    {
      name: "js",
      testIgnore: /empty-db/,
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true },
    },
    {
      name: "no-js",
      testIgnore: /empty-db/,
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false },
    },
    {
      name: "empty-db-js",
      testMatch: /empty-db/,
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true, baseURL: emptyBaseUrl("js") },
    },
    {
      name: "empty-db-no-js",
      testMatch: /empty-db/,
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false, baseURL: emptyBaseUrl("no-js") },
    },
  ],
  webServer: [
    server(PORT, OIDC_PORT, "e2e"),
    server(EMPTY.js, EMPTY.js + 1, "empty-js"),
    server(EMPTY["no-js"], EMPTY["no-js"] + 1, "empty-no-js"),
  ],
});

/** One server with a fresh database of its own (tests/.tmp/<name>.db). */
function server(port: number, oidcPort: number, name: string) {
  const url = `http://localhost:${port}`;
  return {
    command: `mkdir -p tests/.tmp && rm -rf tests/.tmp/${name}.db* tests/.tmp/files-${name} && node ${SERVER_ENTRY}`,
    url: `${url}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: url,
      LOCAL_OIDC_PORT: String(oidcPort),
      DATABASE_URL: `tests/.tmp/${name}.db`,
      FILES_DIR: `tests/.tmp/files-${name}`,
      ADMIN_EMAILS: ADMIN_EMAIL,
      SESSION_SECRET: E2E_SESSION_SECRET,
      OIDC_ISSUER: "",
      ...E2E_RATE_LIMITS,
    },
  };
}
