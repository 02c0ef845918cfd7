/** The benchmarks' way to run the real server: build/server.js, with its own database and ports. */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
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

/** A process's resident memory now and at its peak (MB), from /proc. */
export function processMemory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+) kB`))?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

/** The server's process and its children (a cluster's web processes), each with its resident memory (MB). */
export function serverMemory(pid: number): Array<{ pid: number; role: "server" | "primary" | "web"; rssMb: number }> {
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The parent's pid is the second field after the command, which ends with ") ".
        return Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]) === pid;
      } catch {
        return false; // it exited meanwhile
      }
    })
    .map(Number);
  return [
    { pid, role: children.length ? "primary" : "server", rssMb: Math.round(processMemory(pid).rssMb) },
    ...children.map((child) => ({ pid: child, role: "web" as const, rssMb: Math.round(processMemory(child).rssMb) })),
  ];
}
