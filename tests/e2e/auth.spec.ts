import { request as playwrightRequest } from "@playwright/test";
import { ADMIN_EMAIL, BASE_URL } from "../../playwright.config";
import { expect, fillProviderForm, holdSignIn, ready, signIn, test, uniqueEmail } from "./fixtures";

test.describe("sign-in through the local OpenID provider", () => {
  test("a client signs in, is known to /api/auth/user, and logs out for good", async ({ page, context, js }) => {
    const email = uniqueEmail();
    const before = await page.request.get("/api/auth/user");
    expect(before.status()).toBe(401);

    await page.goto("/client-portal");
    await ready(page, js);
    await expect(page.getByRole("heading", { name: "Access Required" })).toBeVisible();
    // The Sign In button starts the flow (the 1-second redirect may beat the click).
    await Promise.race([
      page
        .getByRole("link", { name: "Sign In" })
        .click()
        .catch(() => undefined),
      page.waitForURL(/127\.0\.0\.1/),
    ]);
    await fillProviderForm(page, { email, firstName: "Casey" });

    await expect(page).toHaveURL(`${BASE_URL}/client-portal`);
    await expect(page.getByRole("heading", { name: "Welcome, Casey" })).toBeVisible();

    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(200);
    const user = await me.json();
    expect(user).toMatchObject({ email, firstName: "Casey", isAdmin: false });
    expect(Object.keys(user).sort()).toEqual(
      ["email", "firstName", "id", "isAdmin", "isAgent", "lastName", "profileImageUrl"].sort(),
    );

    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "__session");
    expect(session).toBeTruthy();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe("Lax");
    // The cookie holds only a signed id, never the user's data.
    expect(decodeURIComponent(session!.value)).not.toContain(email);

    await ready(page, js);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);

    // Replaying the old cookie signs nobody in: the session row is gone.
    const replay = await playwrightRequest.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { cookie: `__session=${session!.value}` },
    });
    expect((await replay.get("/api/auth/user")).status()).toBe(401);
    await replay.dispose();
  });

  test("an admin from ADMIN_EMAILS signs in and reaches /admin", async ({ page, js }) => {
    await signIn(page, { email: ADMIN_EMAIL, firstName: "Avery", returnTo: "/admin" });
    await expect(page).toHaveURL(`${BASE_URL}/admin`);
    await ready(page, js);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    const me = await (await page.request.get("/api/auth/user")).json();
    expect(me).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true });
  });

  test("GET /api/logout also ends the session", async ({ page }) => {
    await signIn(page, { email: uniqueEmail(), firstName: "Gale" });
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);
    await page.goto("/api/logout");
    await expect(page).toHaveURL(`${BASE_URL}/`);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("returnTo is honoured for a same-origin path", async ({ page }) => {
    await signIn(page, { email: uniqueEmail(), returnTo: "/blog" });
    await expect(page).toHaveURL(`${BASE_URL}/blog`);
  });

  for (const evil of ["//evil.example", "https://evil.example/x", "/\\evil.example"]) {
    test(`returnTo ${evil} is refused`, async ({ page }) => {
      await signIn(page, { email: uniqueEmail(), returnTo: evil });
      await expect(page).toHaveURL(`${BASE_URL}/client-portal`);
    });
  }

  test("a forged callback ends on an error page and creates no session", async ({ page, context }) => {
    const response = await page.goto("/api/auth/callback?code=forged&state=forged");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Sign-in failed" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/api/login");
    expect((await context.cookies()).some((c) => c.name === "__session")).toBe(false);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("cancelling at the provider ends on the error page, signed out", async ({ page, context }) => {
    await page.goto("/api/login?returnTo=/client-portal");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Sign-in failed" })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === "__session")).toBe(false);
  });

  test("a state that does not match the cookie is refused", async ({ page, context }) => {
    // Start a real flow (sets the state cookie), then come back with another state.
    await page.goto("/api/login");
    const response = await page.goto("/api/auth/callback?code=abc&state=not-the-one");
    expect(response?.status()).toBe(400);
    expect((await context.cookies()).some((c) => c.name === "__session")).toBe(false);
  });
});

test.describe("pages that need a sign-in or a role", () => {
  test("the portal answers 401 and sends a signed-out visitor to login after 1 second", async ({ page }) => {
    const signIn = await holdSignIn(page);
    const response = await page.goto("/client-portal");
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { name: "Access Required" })).toBeVisible();
    await expect(page.getByText("Please log in to access the client portal.", { exact: true })).toBeVisible();
    await signIn.release();
    await page.waitForURL(/127\.0\.0\.1:\d+\/interaction\//, { timeout: 5000 });
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("a signed-in non-admin gets 403 at /admin and a fresh sign-in, never a loop", async ({ page }) => {
    await signIn(page, { email: uniqueEmail(), firstName: "Noel" });
    const signInAgain = await holdSignIn(page);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this area.")).toBeVisible();
    await expect(
      page.getByText("You don't have permission to access the admin dashboard.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    await signInAgain.release();
    // The login asks the provider to sign in again and stops there for a person.
    await page.waitForURL(/127\.0\.0\.1:\d+\/interaction\//, { timeout: 5000 });
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("an anonymous visitor gets 401 at /admin", async ({ page }) => {
    await holdSignIn(page);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  });
});

test.describe("signing in again", () => {
  test("ends the session the browser had: its old cookie no longer signs anyone in", async ({ page, js }) => {
    await signIn(page, { email: uniqueEmail("again"), firstName: "Ada" });
    const cookieOf = async () => (await page.context().cookies()).find((c) => c.name === "__session")!.value;
    const first = await cookieOf();
    const asCookie = async (value: string) => {
      const other = await playwrightRequest.newContext({
        baseURL: BASE_URL,
        extraHTTPHeaders: { cookie: `__session=${value}` },
      });
      const status = (await other.get("/api/auth/user")).status();
      await other.dispose();
      return status;
    };
    expect(await asCookie(first)).toBe(200);
    // Sign in again from the same browser. The demo provider asks who you are on every sign-in
    // (app/infra/local-oidc-provider.server.tsx); it remembers its own session from the first one, and
    // without JavaScript its page that hands the browser back to the site has a Continue button.
    await page.goto("/api/login");
    await page.getByLabel("E-mail address").fill(uniqueEmail("again-2"));
    await page.getByRole("button", { name: "Sign in" }).click();
    if (!js) await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/client-portal$/);
    const second = await cookieOf();
    expect(second).not.toBe(first);
    expect(await asCookie(second)).toBe(200);
    expect(await asCookie(first)).toBe(401);
  });
});
