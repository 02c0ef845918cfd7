/** The benchmarks' way to run the real server: build/server.js, with its own database and ports. */
import { spawn } from "node:child_process";
import { SERVER_ENTRY } from "../playwright.config";

export async function waitForServer(url: string, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start at ${url}`);
}

/** Spawns the server on `port` (the local provider on port + 1) with a database of its own; does not wait. */
export function spawnServer(port: number, env: Record<string, string>) {
  const base = `http://localhost:${port}`;
  return spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: base,
      LOCAL_OIDC_PORT: String(port + 1),
      OIDC_ISSUER: "",
      LOG_FORMAT: "tiny",
      ...env,
    },
    stdio: "ignore",
  });
}

/** Starts the server on `port` and waits until /healthz answers. */
export async function startBenchServer(port: number, env: Record<string, string>) {
  const base = `http://localhost:${port}`;
  const server = spawnServer(port, env);
  await waitForServer(`${base}/healthz`);
  return { base, server };
}
