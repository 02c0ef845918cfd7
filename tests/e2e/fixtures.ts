import { test as base, expect, type Page } from "@playwright/test";
import { openDatabase, type Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import type { MilestoneStatus } from "~/domain/enums";
import { createDbSessionStorage, SESSION_COOKIE } from "~/infra/session.server";
import { initializeMilestones, listMilestones, updateMilestone } from "~/models/milestone.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { ADMIN_EMAIL, BASE_URL, E2E_DATABASE, E2E_SESSION_SECRET } from "../../playwright.config";
import { insertSignedBuyerAgreement } from "../signed-agreement";
import { stoppedOrigins } from "./servers";

export { expect };

// The models run in this process too, to seed the servers' databases (withE2eDb): they read the same responsible
// broker as the specs' own servers (tests/e2e/servers.ts), whose admin acts for the brokerage.
process.env.AGENCY_BROKER_EMAIL ??= "boss@agency.test";

/** Console errors a page may log by design (an HTTP error status is a real answer). */
const EXPECTED_CONSOLE = [
  /^Failed to load resource: the server responded with a status of (400|401|403|404|409|413|415|429)/,
  // The campaign e-mail preview is an <iframe sandbox> on purpose (no scripts may run in a previewed
  // e-mail); Chromium says so when the test harness tries to run its own script in that frame. The
  // e-mail itself has no script (tests/unit/email.test.ts renders it).
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\.$/,
];

/**
 * A request refused or cut because the test stopped that app server while a page of it was still open
 * (tests/e2e/servers.ts): the browser's own words for it, whether it logs the failed resource, the router logs the
 * failed fetch (a kiosk's timer navigating after the test's end), or a body cut mid-stream is thrown.
 */
const NETWORK_FAILURE = /^(Failed to load resource: net::ERR_|(TypeError: )?(Failed to fetch|network error)\b)/;

function cutByStoppedServer(text: string, ...urls: string[]) {
  if (!NETWORK_FAILURE.test(text)) return false;
  return urls.some((url) => {
    try {
      return stoppedOrigins.has(new URL(url).origin);
    } catch {
      return false;
    }
  });
}

export const test = base.extend<{ consoleErrors: string[]; js: boolean }>({
  js: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (EXPECTED_CONSOLE.some((pattern) => pattern.test(text))) return;
        if (cutByStoppedServer(text, message.location().url, page.url())) return;
        errors.push(text);
      });
      page.on("pageerror", (error) => {
        if (cutByStoppedServer(error.message, page.url())) return;
        errors.push(`pageerror: ${error.message}`);
      });
      await use(errors);
      expect(errors, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});

let counter = 0;
/** A unique e-mail address per call, so tests never share users. */
/** A license's expiry two years after the test's clock: in force whatever day the suite runs. */
export const currentLicenseExpiry = (now = new Date()) =>
  new Date(now.getTime() + 730 * 24 * 3600_000).toISOString().slice(0, 10);

export function uniqueEmail(prefix = "client") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.test`;
}

/**
 * Keeps the browser on an access card (401/403) while a test checks it: the card sends the browser to the
 * sign-in after a second (a meta refresh without JavaScript, a timer with it), and on a loaded machine checking
 * the card can take longer than that. Until `release()`, that way to GET /api/login is answered 204 No Content,
 * which leaves the page as it is (nothing is pending). `release()` lets it through and shows the card again
 * (a reload), which then goes on to the sign-in as it would have.
 */
export async function holdSignIn(page: Page) {
  const toSignIn = /\/api\/login(\?|$)/;
  await page.route(toSignIn, (route) =>
    route.request().isNavigationRequest() ? route.fulfill({ status: 204 }) : route.continue(),
  );
  return {
    async release() {
      await page.unroute(toSignIn);
      await page.reload();
    },
  };
}

/**
 * Opens `path` in a page of its own, in the same context (signed in as the test's page is), checks it and
 * closes it: the page's way to the sign-in is held (holdSignIn), so an access card stays to be checked.
 */
export async function visitAlone(
  page: Page,
  path: string,
  check: (visited: Page, status: number | undefined) => Promise<void>,
) {
  const visited = await page.context().newPage();
  try {
    await holdSignIn(visited);
    const response = await visited.goto(path);
    await check(visited, response?.status());
  } finally {
    await visited.unrouteAll({ behavior: "ignoreErrors" });
    await visited.close();
  }
}

/** Waits for React to hydrate when JavaScript is on; a no-op without it. */
export async function ready(page: Page, js: boolean) {
  if (js) await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/**
 * Signs in through the real flow: /api/login, the local OpenID provider's
 * sign-in page, the callback, and back to returnTo.
 */
export async function signIn(page: Page, options: { email: string; firstName?: string; returnTo?: string }) {
  const params = new URLSearchParams();
  if (options.returnTo) params.set("returnTo", options.returnTo);
  await page.goto(`/api/login?${params}`);
  await fillProviderForm(page, options);
}

export async function fillProviderForm(page: Page, options: { email: string; firstName?: string }) {
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("E-mail address").fill(options.email);
  if (options.firstName) await page.getByLabel("First name").fill(options.firstName);
  await Promise.all([
    // The app is on localhost; the local provider on 127.0.0.1.
    page.waitForURL((url) => url.hostname === "localhost"),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
}

/** Read-only access to the server's database file, to check what was stored. */
export async function queryDb<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * Runs `work` on the e2e server's database with the app's own client and
 * models, inside one IMMEDIATE transaction: it waits for the server's writes
 * (busy timeout) instead of failing when the server wrote between its reads
 * and its writes (the models' own transactions become savepoints in it).
 */
export async function withE2eDb<T>(work: (db: Db) => T | Promise<T>, database = E2E_DATABASE): Promise<T> {
  const db = openDatabase(database);
  try {
    db.$client.exec("BEGIN IMMEDIATE");
    try {
      const result = await work(db);
      db.$client.exec("COMMIT");
      return result;
    } catch (error) {
      db.$client.exec("ROLLBACK");
      throw error;
    }
  } finally {
    db.$client.close();
  }
}

/**
 * Signs a browser context in without the sign-in flow, for tests that are not
 * about sign-in: the user (an admin with `admin: true` or the ADMIN_EMAILS
 * address) and a session row are written with the app's own code, and the
 * signed cookie is set. auth.spec.ts signs in through the real provider.
 */
/** Which server a fixture writes to: the main e2e server, or one a test started itself. */
export type TargetServer = { database: string; baseUrl: string; secret: string };
const MAIN_SERVER: TargetServer = { database: E2E_DATABASE, baseUrl: BASE_URL, secret: E2E_SESSION_SECRET };

export async function loginAs(
  page: Page,
  options: { email: string; firstName?: string; admin?: boolean; returnTo?: string | null },
  server: TargetServer = MAIN_SERVER,
): Promise<User> {
  const { user, cookie } = await withE2eDb(async (db) => {
    const user = upsertUserFromClaims(
      db,
      { email: options.email, firstName: options.firstName },
      options.admin || options.email === ADMIN_EMAIL ? [options.email] : [],
    );
    const storage = createDbSessionStorage({ db: () => db, secret: server.secret, secure: false });
    const session = await storage.getSession();
    session.set("userId", user.id);
    return { user, cookie: await storage.commitSession(session) };
  }, server.database);
  const value = cookie.split(";")[0]!.slice(`${SESSION_COOKIE}=`.length);
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value, url: server.baseUrl, httpOnly: true, sameSite: "Lax" }]);
  if (options.returnTo !== null) await page.goto(`${server.baseUrl}${options.returnTo ?? "/client-portal"}`);
  return user;
}

/** A request context signed in as this e-mail (the session fixture). */
export async function signedInRequest(page: Page, email: string, options: { admin?: boolean } = {}) {
  await loginAs(page, { email, firstName: "Api", admin: options.admin, returnTo: null });
  return page.request;
}

/**
 * Opens a transaction for a client with the app's models, as an admin does,
 * and brings its milestones to the given statuses (completed on `completedAt`).
 */
export async function seedTransaction(options: {
  email: string;
  type: "buying" | "selling";
  address?: string;
  homeValue?: number;
  milestones?: { status: MilestoneStatus; notes?: string; documentUrl?: string; completedAt?: number }[];
  /** A purchase comes with its client's signed buyer agreement (an offer needs one) unless this is false. */
  buyerAgreement?: boolean;
}): Promise<number> {
  return withE2eDb((db) => {
    const admin = upsertUserFromClaims(db, { email: ADMIN_EMAIL }, [ADMIN_EMAIL]);
    const transaction = createTransaction(db, admin, {
      email: options.email,
      type: options.type,
      propertyAddress: options.address ?? "Address to be confirmed",
      homeValue: String(options.homeValue ?? 500000),
    });
    if (options.type === "buying" && options.buyerAgreement !== false) insertSignedBuyerAgreement(db, transaction);
    if (options.milestones?.length) {
      initializeMilestones(db, admin, transaction.id);
      const steps = listMilestones(db, admin, transaction.id);
      options.milestones.forEach((m, i) => {
        updateMilestone(
          db,
          admin,
          { transactionId: transaction.id, milestoneId: steps[i]!.id },
          { status: m.status, adminNotes: m.notes, documentUrl: m.documentUrl },
          { now: m.completedAt ? new Date(m.completedAt) : new Date() },
        );
      });
    }
    return transaction.id;
  });
}
