/**
 * The security rule of start-up: on a public URL the password-less demo
 * provider runs only when DEMO_SIGN_IN=true says so, and then every page says
 * it. Each case starts a server of its own (real process, real build).
 */
import { expect, test } from "./fixtures";
import { startApp } from "./servers";

test("a public APP_URL without OIDC_ISSUER refuses to start and names the variable", async ({ js }) => {
  test.skip(!js, "a start-up rule: one run is enough");
  const server = await startApp("public-no-oidc", { APP_URL: "https://homes.example.com" }, { wait: false });
  try {
    const code = await Promise.race([
      server.exited,
      new Promise<"running">((r) => setTimeout(() => r("running"), 20_000)),
    ]);
    expect(code).not.toBe("running");
    expect(code).not.toBe(0);
    expect(server.output()).toMatch(
      /OIDC_ISSUER: is required when APP_URL \(https:\/\/homes\.example\.com\) is not localhost/,
    );
    // It never listened.
    await expect(fetch(`http://localhost:${server.port}/healthz`)).rejects.toThrow();
  } finally {
    await server.stop();
  }
});

test("DEMO_SIGN_IN=true runs a public demo with a banner on every page", async ({ page }) => {
  const server = await startApp("public-demo", { APP_URL: "http://demo.example.test", DEMO_SIGN_IN: "true" });
  try {
    for (const path of ["/", "/blog", "/privacy-policy", "/client-portal", "/no-such-page"]) {
      await page.goto(`http://localhost:${server.port}${path}`);
      await expect(page.getByTestId("demo-banner"), path).toContainText("demo sign-in");
    }
  } finally {
    await server.stop();
  }
});

test("on localhost the demo provider is the default and shows no banner", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("demo-banner")).toHaveCount(0);
});
