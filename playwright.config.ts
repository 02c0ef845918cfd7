import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests run against the production build served by remix-serve, with
 * a database of their own and the real local OpenID provider. Every test runs
 * twice: with JavaScript on and with JavaScript off.
 * The browser is the one at CHROMIUM_PATH (default /usr/bin/chromium).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3101);
export const BASE_URL = `http://localhost:${PORT}`;
export const ADMIN_EMAIL = "admin@e2e.test";

const launchOptions = {
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

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false } },
  ],
  webServer: {
    command:
      "rm -rf tests/.tmp && mkdir -p tests/.tmp && node server.js",
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      APP_URL: BASE_URL,
      LOCAL_OIDC_PORT: String(OIDC_PORT),
      DATABASE_URL: "tests/.tmp/e2e.db",
      ADMIN_EMAILS: ADMIN_EMAIL,
      SESSION_SECRET: "e2e-session-secret-of-at-least-32-characters",
      OIDC_ISSUER: "",
    },
  },
});
