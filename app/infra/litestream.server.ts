/**
 * The database replicated off the host within a second (docs/backups.md, "Continuous replication";
 * docs/decisions/034-litestream-supervised.md): Litestream (the release binary of `@flydotio/litestream-<os>-<cpu>`,
 * pinned exactly; this project installs the Linux x64 one) copies each change of the SQLite file's WAL to the S3 bucket under `<prefix>litestream/`, once a
 * second, and keeps 35 days of history to restore to any second.
 *
 * The server's primary process supervises it: it writes the configuration from the validated S3_* variables (the
 * keys go in Litestream's environment, never in the file), starts `litestream replicate`, prints its log in the
 * server's log, starts it again if it exits (after 1 s, doubling to a minute), and reads its metrics each second
 * to write the replication's status (`replication.json` beside the database) that the Backups panel, the API and the
 * incident read from any process. Nothing of this runs without S3.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import parseMetrics from "parse-prometheus-text-format";
import { env } from "~/config/env.server";
import type { S3Settings } from "~/infra/s3.server";
import type { ReplicationStatus } from "~/lib/replication";

/** Litestream's sync interval and history (its retention: the point-in-time restores reach this far back). */
export const SYNC_INTERVAL = "1s";
export const HISTORY_DAYS = 35;
/** Litestream's CPU priority (nice): below the site's requests, above the archives' compression (19). */
const LITESTREAM_NICE = 10;
/** The status file older than this: the primary (and so its supervision) is not running. */
const STATUS_STALE_MS = 15_000;

/** The binary the package installed for this platform, or null (an unsupported platform: Windows, say). */
export function litestreamBinary(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const file = require.resolve(`@flydotio/litestream-${process.platform}-${process.arch}/litestream`);
    return fs.existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** Where the replica lives in the bucket: the site's prefix, then `litestream/`. */
export const replicaPath = (s3: S3Settings) => `${s3.prefix}litestream`;

/**
 * Litestream's configuration for the database at `database` (an absolute path: Litestream knows a database by it,
 * and a restore names the same one). JSON is YAML: the file is written with JSON.stringify, no YAML by hand.
 */
export function litestreamConfig(database: string, s3: S3Settings, metricsAddr: string | null): string {
  return JSON.stringify(
    {
      ...(metricsAddr ? { addr: metricsAddr } : {}),
      dbs: [
        {
          path: path.resolve(database),
          replicas: [
            {
              name: "s3",
              type: "s3",
              bucket: s3.bucket,
              path: replicaPath(s3),
              region: s3.region,
              ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
              "force-path-style": s3.forcePathStyle,
              "sync-interval": SYNC_INTERVAL,
              retention: `${HISTORY_DAYS * 24}h`,
              // A snapshot a day: a restore replays at most a day of WAL; the retention needs them.
              "snapshot-interval": "24h",
            },
          ],
        },
      ],
    },
    null,
    2,
  );
}

/** The keys, for Litestream's environment (never written to a file). */
export const litestreamEnv = (s3: S3Settings): NodeJS.ProcessEnv => ({
  ...process.env,
  LITESTREAM_ACCESS_KEY_ID: s3.accessKeyId,
  LITESTREAM_SECRET_ACCESS_KEY: s3.secretAccessKey,
});

/** Writes the configuration beside the database (mode 0600) and answers its path. */
export function writeLitestreamConfig(database: string, s3: S3Settings, metricsAddr: string | null): string {
  const file = path.join(path.dirname(path.resolve(database)), "litestream.yml");
  fs.writeFileSync(file, litestreamConfig(database, s3, metricsAddr), { mode: 0o600 });
  return file;
}

export const statusFile = (database: string) => path.join(path.dirname(path.resolve(database)), "replication.json");

/** The status the supervisor last wrote; `running: false` when it is missing or stale (the primary is down). */
export function readReplicationStatus(database: string, now = new Date()): ReplicationStatus {
  try {
    const status = JSON.parse(fs.readFileSync(statusFile(database), "utf8")) as ReplicationStatus;
    if (now.getTime() - Date.parse(status.at) > STATUS_STALE_MS) {
      return { ...status, running: false, error: `No news from the replication since ${status.at}` };
    }
    // The lag grows while nothing is written about it.
    const behind = status.lagSeconds > 0 ? (now.getTime() - Date.parse(status.at)) / 1000 : 0;
    return { ...status, lagSeconds: Math.round((status.lagSeconds + behind) * 10) / 10 };
  } catch {
    return {
      running: false,
      lagSeconds: 0,
      lastSyncAt: null,
      generation: null,
      bytesToday: 0,
      at: now.toISOString(),
      error: "Not started",
    };
  }
}

/** Writes a file whole (a temporary file renamed): a reader never sees half of it. */
function writeWhole(file: string, text: string) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

type Metrics = { replica: string; putBytes: number };

/**
 * What Litestream reports that the status reads: the replica's position (it moves each time a WAL segment reaches
 * the bucket) and the bytes it has PUT. (Its shadow WAL's size is not comparable with the replica's offset once the
 * WAL has been checkpointed: the lag is measured from the database's own WAL file instead.)
 */
export function readMetrics(text: string, database: string): Metrics | null {
  const families = parseMetrics(text);
  const value = (name: string, match: (labels: Record<string, string>) => boolean = () => true) => {
    const family = families.find((f) => f.name === name);
    const metric = family?.metrics.find((m) => match(m.labels ?? {}));
    return metric?.value === undefined ? null : Number(metric.value);
  };
  const ours = (labels: Record<string, string>) => !labels.db || labels.db === path.resolve(database);
  const replicaIndex = value("litestream_replica_wal_index", ours);
  const replicaOffset = value("litestream_replica_wal_offset", ours);
  if (value("litestream_db_size", ours) === null) return null;
  return {
    replica: replicaIndex === null || replicaOffset === null ? "" : `${replicaIndex}:${replicaOffset}`,
    putBytes: value("litestream_replica_operation_bytes", (l) => l.operation === "PUT") ?? 0,
  };
}

/** A free port on loopback for Litestream's metrics. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Replicator = {
  stop(): Promise<void>;
  status(): ReplicationStatus;
  /** Litestream's process id while it runs (the crash tests kill it). */
  pid(): number | null;
};

/**
 * Starts and supervises `litestream replicate` for the database (the primary process calls this once, with S3).
 * `dayOf` names the day of a time (San Diego's) for the bytes sent today.
 */
export async function startReplication(
  database: string,
  s3: S3Settings,
  options: {
    binary?: string | null;
    log?: (line: string) => void;
    dayOf: (now: Date) => string;
    /**
     * A small write to the database. Litestream retries a failed upload only when the database changes again: after
     * an outage on a quiet site it would wait for the next visitor. Called every 5 s while the replica is behind.
     */
    nudge?: () => void;
  },
): Promise<Replicator> {
  const binary = options.binary === undefined ? litestreamBinary() : options.binary;
  const log = options.log ?? ((line: string) => console.log(line));
  const file = statusFile(database);
  let status: ReplicationStatus = {
    running: false,
    lagSeconds: 0,
    lastSyncAt: null,
    generation: null,
    bytesToday: 0,
    at: new Date().toISOString(),
    error: binary ? null : `Litestream has no binary for ${process.platform}-${process.arch}`,
  };
  const publish = () => writeWhole(file, JSON.stringify({ ...status, at: new Date().toISOString() }));
  publish();
  if (!binary) {
    log(`[litestream] ${status.error}: the database is copied by its daily snapshots only`);
    // Keep the status fresh: the panel and the incident say it is not running, rather than that news stopped.
    const timer = setInterval(publish, 5_000).unref();
    return { stop: async () => clearInterval(timer), status: () => status, pid: () => null };
  }

  const port = await freePort();
  const config = writeLitestreamConfig(database, s3, `127.0.0.1:${port}`);
  const generationFile = path.join(
    path.dirname(path.resolve(database)),
    `.${path.basename(database)}-litestream`,
    "generation",
  );
  let child: ChildProcess | null = null;
  let stopping = false;
  let restartDelay = 1_000;
  let restartTimer: NodeJS.Timeout | null = null;
  // The lag: the first change of the database's WAL file seen since the replica last moved (null: caught up). A
  // change and a move seen in the same second count as caught up (Litestream copies within its second).
  let behindSince: number | null = null;
  let walSeen = "";
  const walStamp = () => {
    try {
      const stat = fs.statSync(`${path.resolve(database)}-wal`);
      return `${stat.size}:${stat.mtimeMs}`;
    } catch {
      return "";
    }
  };
  let last: Metrics | null = null;
  let nudgedAt = 0;
  // The bytes sent today: Litestream's PUT counter starts at zero with each run; earlier runs' today are kept.
  let day = options.dayOf(new Date());
  let countedToday = 0;
  let runBase = 0;

  const start = () => {
    restartTimer = null;
    const proc = spawn(binary, ["replicate", "-config", config], {
      env: litestreamEnv(s3),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    // Below the site's requests (as the archives' compression runs at nice 19): a copy a second later matters less
    // than an answer a few milliseconds later, and the lag is watched.
    try {
      if (proc.pid) os.setPriority(proc.pid, LITESTREAM_NICE);
    } catch {
      // not permitted here: it runs at the server's priority
    }
    countedToday = status.bytesToday;
    runBase = 0;
    status = { ...status, running: true, error: null };
    for (const stream of [proc.stdout, proc.stderr]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) if (line.trim()) log(`[litestream] ${line}`);
      });
    }
    proc.on("exit", (code, signal) => {
      child = null;
      status = { ...status, running: false, error: `Litestream exited (${signal ?? code})` };
      publish();
      if (stopping) return;
      log(`[litestream] exited (${signal ?? code}); starting it again in ${restartDelay / 1000} s`);
      restartTimer = setTimeout(start, restartDelay);
      restartDelay = Math.min(restartDelay * 2, 60_000);
    });
    proc.on("error", (error) => log(`[litestream] could not start: ${error.message}`));
  };

  const poll = async () => {
    const now = Date.now();
    if (child) {
      try {
        const text = await (
          await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(900) })
        ).text();
        const metrics = readMetrics(text, database);
        if (metrics) {
          restartDelay = 1_000; // it runs: a later exit starts again quickly
          const wal = walStamp();
          const changed = wal !== walSeen;
          walSeen = wal;
          const moved = metrics.replica !== "" && metrics.replica !== (last?.replica ?? "");
          if (moved) {
            status.lastSyncAt = new Date(now).toISOString();
            behindSince = null;
          } else if (changed && last) {
            behindSince ??= now;
          }
          const today = options.dayOf(new Date(now));
          if (today !== day) {
            day = today;
            countedToday = 0;
            runBase = metrics.putBytes;
          }
          status.bytesToday = countedToday + Math.max(0, metrics.putBytes - runBase);
          last = metrics;
        }
      } catch {
        // Not listening yet, or busy: the next second tells.
      }
    }
    let generation: string | null = null;
    try {
      generation = fs.readFileSync(generationFile, "utf8").trim() || null;
    } catch {
      // no generation yet
    }
    if (options.nudge && behindSince !== null && now - behindSince > 5_000 && now - nudgedAt > 5_000) {
      nudgedAt = now;
      try {
        options.nudge();
      } catch (error) {
        log(`[litestream] could not nudge: ${(error as Error).message}`);
      }
    }
    status = {
      ...status,
      running: child !== null,
      generation: generation ?? status.generation,
      lagSeconds: behindSince === null ? 0 : Math.round((now - behindSince) / 100) / 10,
    };
    publish();
  };

  start();
  // Never left behind: a server that exits without its graceful stop (process.exit, a fatal error) takes Litestream
  // with it, or a next start would find two replicating the same database.
  const onExit = () => child?.kill("SIGKILL");
  process.once("exit", onExit);
  const timer = setInterval(() => void poll(), 1_000);
  timer.unref();
  log(`[litestream] replicating ${path.resolve(database)} to ${s3.bucket}/${replicaPath(s3)} every ${SYNC_INTERVAL}`);

  return {
    status: () => status,
    pid: () => child?.pid ?? null,
    async stop() {
      stopping = true;
      clearInterval(timer);
      if (restartTimer) clearTimeout(restartTimer);
      const proc = child;
      if (proc) {
        // SIGTERM: Litestream syncs what is left, then exits.
        await new Promise<void>((resolve) => {
          // Within the server's own stop limit (9 s: server/graceful-stop.ts).
          const force = setTimeout(() => proc.kill("SIGKILL"), 5_000);
          proc.once("exit", () => {
            clearTimeout(force);
            resolve();
          });
          proc.kill("SIGTERM");
        });
      }
      process.removeListener("exit", onExit);
      status = { ...status, running: false, error: "Stopped with the server" };
      publish();
    },
  };
}

/** The replication's status for this site: null when it does not replicate (no S3). */
export function currentReplication(now = new Date()): ReplicationStatus | null {
  const config = env();
  if (!config.s3 || config.DATABASE_URL === ":memory:") return null;
  return readReplicationStatus(config.DATABASE_URL, now);
}
