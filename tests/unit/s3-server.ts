/**
 * Vitest's global setup: the S3-compatible server the tests of the copies off the host need
 * (tests/unit/offsite.test.ts). `.ci/run` starts one and exports TEST_S3_*; a run of `npm test` without them
 * starts its own when OpenStack Swift is installed (tests/s3/swift-s3.sh, on ports of its own) and stops it at the
 * end; without Swift it says that those tests are skipped and the one command that installs it.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const SCRIPT = path.resolve("tests/s3/swift-s3.sh");

/** Whether a port is free on loopback now. */
const free = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

/** A first port whose `count` ports from it are free. */
async function freeRange(count: number): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const first = 20_000 + Math.floor(Math.random() * 30_000);
    let ok = true;
    for (let p = first; p < first + count && ok; p++) ok = await free(p);
    if (ok) return first;
  }
  throw new Error("no free ports for the S3 test server");
}

async function installed(): Promise<boolean> {
  try {
    await run("sh", ["-c", "command -v swift-proxy-server"]);
    return true;
  } catch {
    return false;
  }
}

export default async function setup() {
  if (process.env.TEST_S3_ENDPOINT) return undefined;
  if (!(await installed())) {
    console.warn(
      "\n[s3] The tests of the copies off the host are skipped: OpenStack Swift is not installed.\n" +
        "[s3] Install it once with: sudo bash tests/s3/swift-s3.sh install\n",
    );
    return undefined;
  }
  const first = await freeRange(5);
  const ports = { SWIFT_S3_PORT: first, SWIFT_S3_BASE_PORT: first + 1, SWIFT_S3_MEMCACHED_PORT: first + 4 };
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "swift-s3-")), "server");
  const env = { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])) };
  let stdout: string;
  try {
    ({ stdout } = await run("bash", [SCRIPT, "start", dir], { env, timeout: 90_000 }));
  } catch (error) {
    console.warn(
      `\n[s3] The S3 test server did not start (${(error as Error).message.split("\n")[0]}): its tests are skipped.\n`,
    );
    return undefined;
  }
  for (const [, name, value] of stdout.matchAll(/^export S3_(\w+)=(.*)$/gm)) process.env[`TEST_S3_${name}`] = value!;
  console.log(`[s3] Swift's S3 API for the tests at ${process.env.TEST_S3_ENDPOINT}`);
  return async () => {
    await run("bash", [SCRIPT, "stop", dir], { env }).catch(() => undefined);
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  };
}
