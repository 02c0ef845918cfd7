/** The benchmarks' way to run the real server: build/server.js, with its own database and ports. */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { Db } from "~/db/client.server";
import { createDbSessionStorage } from "~/infra/session.server";
import { SERVER_ENTRY } from "../playwright.config";

/** The benchmark servers' session secret (SESSION_SECRET), which signs the cookies of `sessionCookie`. */
export const BENCH_SECRET = "bench-session-secret-of-at-least-32-characters";

/** The `__session=…` cookie of a new session of this user, written in the benchmark's database. */
export async function sessionCookie(db: Db, userId: string): Promise<string> {
  const storage = createDbSessionStorage({ db: () => db, secret: BENCH_SECRET, secure: false });
  const session = await storage.getSession();
  session.set("userId", userId);
  return (await storage.commitSession(session)).split(";")[0]!;
}

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

/**
 * `count` sequential GETs of `url` on one kept-alive connection (node:http), after `warmup` uncounted:
 * each request's time from sending to its last byte, sorted, and the last status. node:http, not fetch:
 * undici's fetch added 2-3 ms and most of the spread to each measured request on this machine.
 */
export async function sequentialTimes(url: string, headers: Record<string, string>, count = 100, warmup = 20) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let status = 0;
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const start = performance.now();
      http
        .get(
          { host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers },
          (res) => {
            status = res.statusCode ?? 0;
            res.on("data", () => {});
            res.on("end", () => resolve(performance.now() - start));
          },
        )
        .on("error", reject);
    });
  try {
    for (let i = 0; i < warmup; i++) await get();
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push(await get());
    return { times: times.sort((a, b) => a - b), status };
  } finally {
    agent.destroy();
  }
}
