/**
 * The security rule of start-up: on a public URL the password-less demo
 * provider runs only when DEMO_SIGN_IN=true says so, and then every page says
 * it. Each case starts a server of its own (real process, real build).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import { expect, test } from "./fixtures";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(name: string, extraEnv: Record<string, string>) {
  const port = await freePort();
  const oidcPort = await freePort();
  const db = `tests/.tmp/${name}-${port}.db`;
  mkdirSync("tests/.tmp", { recursive: true });
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      LOCAL_OIDC_PORT: String(oidcPort),
      DATABASE_URL: db,
      SESSION_SECRET: "demo-test-session-secret-of-32-characters",
      OIDC_ISSUER: "",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const cleanup = async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    await exited;
    rmSync(db, { force: true });
    rmSync(`${db}-wal`, { force: true });
    rmSync(`${db}-shm`, { force: true });
  };
  return { port, child, exited, output: () => output, cleanup };
}

async function waitUntilUp(port: number, child: ChildProcess) {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error("the server exited");
    try {
      if ((await fetch(`http://localhost:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not start");
}

test("a public APP_URL without OIDC_ISSUER refuses to start and names the variable", async ({ js }) => {
  test.skip(!js, "a start-up rule: one run is enough");
  const server = await startServer("public-no-oidc", { APP_URL: "https://homes.example.com" });
  try {
    const code = await Promise.race([server.exited, new Promise<"running">((r) => setTimeout(() => r("running"), 20_000))]);
    expect(code).not.toBe("running");
    expect(code).not.toBe(0);
    expect(server.output()).toMatch(/OIDC_ISSUER: is required when APP_URL \(https:\/\/homes\.example\.com\) is not localhost/);
    // It never listened.
    await expect(fetch(`http://localhost:${server.port}/healthz`)).rejects.toThrow();
  } finally {
    await server.cleanup();
  }
});

test("DEMO_SIGN_IN=true runs a public demo with a banner on every page", async ({ page }) => {
  const server = await startServer("public-demo", { APP_URL: "http://demo.example.test", DEMO_SIGN_IN: "true" });
  try {
    await waitUntilUp(server.port, server.child);
    for (const path of ["/", "/blog", "/privacy-policy", "/client-portal", "/no-such-page"]) {
      await page.goto(`http://localhost:${server.port}${path}`);
      await expect(page.getByTestId("demo-banner"), path).toContainText("demo sign-in");
    }
  } finally {
    await server.cleanup();
  }
});

test("on localhost the demo provider is the default and shows no banner", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("demo-banner")).toHaveCount(0);
});
