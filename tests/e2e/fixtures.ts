import { test as base, expect, type Page } from "@playwright/test";

export { expect };

/** Console errors a page may log by design (an HTTP error status is a real answer). */
const EXPECTED_CONSOLE = [/^Failed to load resource: the server responded with a status of (400|401|403|404)/];

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
        if (!EXPECTED_CONSOLE.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, "unexpected console errors").toEqual([]);
    },
    { auto: true },
  ],
});

let counter = 0;
/** A unique e-mail address per call, so tests never share users. */
export function uniqueEmail(prefix = "client") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.test`;
}

/** Waits for React to hydrate when JavaScript is on; a no-op without it. */
export async function ready(page: Page, js: boolean) {
  if (js) await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/**
 * Signs in through the real flow: /api/login, the local OpenID provider's
 * sign-in page, the callback, and back to returnTo.
 */
export async function signIn(
  page: Page,
  options: { email: string; firstName?: string; returnTo?: string },
) {
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
  const db = new Database("tests/.tmp/e2e.db", { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** A request context signed in as this e-mail through the real sign-in flow. */
export async function signedInRequest(page: Page, email: string) {
  await signIn(page, { email, firstName: "Api" });
  return page.request;
}

/**
 * Creates a transaction (and milestones with the given statuses) for a user who
 * has signed in once. Transactions have no client-side screen to create them
 * yet, so tests set them up in the database, as the admin's tools will.
 */
export async function seedTransaction(options: {
  email: string;
  type: "buying" | "selling";
  address?: string;
  homeValue?: number;
  milestones?: { status: string; notes?: string; documentUrl?: string; completedAt?: number }[];
}): Promise<number> {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database("tests/.tmp/e2e.db", { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    const user = db.prepare("select id from users where email = ?").get(options.email) as { id: string } | undefined;
    if (!user) throw new Error(`no user ${options.email}: sign in first`);
    const now = Date.now();
    const { lastInsertRowid } = db
      .prepare(
        "insert into transactions (user_id, type, property_address, home_value, tier, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(user.id, options.type, options.address ?? null, options.homeValue ?? null, 2, now, now);
    const insert = db.prepare(
      "insert into transaction_milestones (transaction_id, step_number, title, description, status, admin_notes, document_url, completed_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    (options.milestones ?? []).forEach((m, i) =>
      insert.run(lastInsertRowid, i + 1, `Step ${i + 1} title`, `Step ${i + 1} description`, m.status, m.notes ?? null, m.documentUrl ?? null, m.completedAt ?? null, now, now),
    );
    return Number(lastInsertRowid);
  } finally {
    db.close();
  }
}
