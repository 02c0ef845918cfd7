/** The benchmarks' way to run the real server: build/server.js, with its own database and ports. */
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { openDatabase, type Db } from "~/db/client.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { createDbSessionStorage } from "~/infra/session.server";
import { SERVER_ENTRY } from "../playwright.config";
import { describeLoad, load } from "./load";

/** The benchmark servers' session secret (SESSION_SECRET), which signs the cookies of `sessionCookie`. */
export const BENCH_SECRET = "bench-session-secret-of-at-least-32-characters";

/** The benchmarks' admin, made an admin by its own address. */
export const BENCH_ADMIN = "bench-admin@agency.test";

/**
 * A benchmark's own database, new each run: `{dir}/{name}.db` (its WAL files removed too), migrated, with
 * the benchmarks' admin in it (`firstName` as given).
 */
export function freshBenchDatabase(dir: string, name: string, firstName?: string) {
  const database = `${dir}/${name}.db`;
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
  mkdirSync(dir, { recursive: true });
  const db = openDatabase(database);
  const admin = upsertUserFromClaims(db, { email: BENCH_ADMIN, firstName }, [BENCH_ADMIN]);
  return { database, db, admin };
}

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

/**
 * A bare node:http server in its own process that answers `bytes` (brotli-compressed once) to every request:
 * the ceiling of this machine that a page under load is compared with. Stop it with `.kill()`.
 */
export async function startBareServer(port: number, bytes: Buffer) {
  mkdirSync("tests/.tmp/bench", { recursive: true });
  const file = `tests/.tmp/bench/bare-${port}.html`;
  writeFileSync(file, bytes);
  const bare = spawn(
    process.execPath,
    [
      "-e",
      `const zlib = require("node:zlib"); const body = zlib.brotliCompressSync(require("node:fs").readFileSync(${JSON.stringify(file)}));
       require("node:http").createServer((req, res) => { res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "br", "content-length": body.length }); res.end(body); })
         .listen(${port}, () => console.log("up"));`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise((resolve) => bare.stdout!.once("data", resolve));
  return bare;
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
 * The machine's CPU time so far, from /proc/stat's first line (Linux; null elsewhere): all of it, and the
 * part a virtual machine's host gave to others while this one wanted it ("steal").
 */
function cpuTimes(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is counted in user already)
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

/** The percentage of the machine's CPU time stolen by its host since `before`; null where unknown. */
function stolenSince(before: { total: number; steal: number } | null): number | null {
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return null;
  return (100 * (after.steal - before.steal)) / (after.total - before.total);
}

/** The value at fraction `p` (0.5, 0.95) of sorted times. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * "median … ms, p95 … ms", the goal's verdict when there is one, and how much of the machine's CPU
 * time its host took meanwhile (a shared virtual machine's "steal": the figures' noise, printed with them).
 */
export function describeTimes(
  { times, stolenPercent }: { times: number[]; stolenPercent: number | null },
  goalP95?: number,
) {
  const p95 = percentile(times, 0.95);
  const goal = goalP95 ? ` (goal <= ${goalP95} ms: ${p95 <= goalP95 ? "met" : "NOT met"})` : "";
  const stolen = stolenPercent === null ? "" : `, ${stolenPercent.toFixed(0)} % of the CPU stolen meanwhile`;
  return `median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms${goal}${stolen}`;
}

/** What a restart costs: the first 100 views of a fresh process (`sequentialTimes`' `cold`). */
export const describeCold = (cold: number[]) =>
  `; a fresh process's first ${cold.length} views: median ${percentile(cold, 0.5).toFixed(1)} ms, p95 ${percentile(cold, 0.95).toFixed(1)} ms`;

/**
 * `count` sequential GETs of `url` on one kept-alive connection (node:http), after `warmup` uncounted:
 * each request's time from sending to its last byte, sorted, and the last status. node:http, not fetch:
 * undici's fetch added milliseconds and most of the spread to each measured request (docs/benchmarks.md).
 *
 * The goals are for a server that has been running: a fresh process compiles its hot code during its first
 * hundred or so views, which take 1.5-2 times as long (docs/decisions/012-production-server.md, "Measuring a
 * page"). So 200 views are not counted and 500 are; `cold` is the first 100 of them, sorted, for the
 * record of what a restart costs.
 */
export async function sequentialTimes(url: string, headers: Record<string, string>, count = 500, warmup = 200) {
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
    const uncounted: number[] = [];
    for (let i = 0; i < warmup; i++) uncounted.push(await get());
    const times: number[] = [];
    const cpu = cpuTimes();
    for (let i = 0; i < count; i++) times.push(await get());
    return {
      times: times.sort((a, b) => a - b),
      cold: uncounted.slice(0, 100).sort((a, b) => a - b),
      status,
      stolenPercent: stolenSince(cpu),
    };
  } finally {
    agent.destroy();
  }
}

/**
 * Public pages under load as the page cache serves them, each next to a bare node:http server answering the same
 * bytes (on `firstPort`, `firstPort + 1`, ...): prints both and the ratio against the goal (`label: load, ...`).
 */
export async function cachedAgainstBare(label: string, base: string, paths: string[], firstPort: number, goal = 0.9) {
  const headers = { "accept-encoding": "gzip, deflate, br", accept: "text/html" };
  for (const [i, path] of paths.entries()) {
    const page = `${base}${path}`;
    const bytes = Buffer.from(await (await fetch(page, { headers })).arrayBuffer());
    const bare = await startBareServer(firstPort + i, bytes);
    try {
      const baseline = await load(`http://localhost:${firstPort + i}/`, { headers });
      const cached = await load(page, { headers });
      const ratio = cached.rps / baseline.rps;
      console.log(`${label}: load, bare node:http with ${path}'s ${bytes.length} bytes: ${describeLoad(baseline)}`);
      console.log(
        `${label}: load, GET ${path} (cached): ${describeLoad(cached)}; ${(ratio * 100).toFixed(0)} % of bare ` +
          `(goal >= ${goal * 100} %: ${ratio >= goal ? "goal met" : "goal NOT met"})`,
      );
    } finally {
      bare.kill();
    }
  }
}
