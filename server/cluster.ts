/**
 * The primary of a cluster (WEB_CONCURRENCY > 1): it forks the web processes, which share the port, and
 * forks a new one when one dies; a web process that dies before it ever listened stops the whole server
 * (it would only die again). On SIGTERM/SIGINT it stops the web processes first, then itself.
 */
import cluster, { type Worker } from "node:cluster";
import type { Env } from "~/config/env.server";
import type { ServerHooks } from "~/entry.server";
import { onStop } from "./graceful-stop";

export function runPrimary(config: Env, hooks: ServerHooks) {
  const stopper = onStop("stopping the web processes", () => stopWorkers(), hooks);
  // Each web process's heap is bounded (WEB_HEAP_MB): V8 would let a render's garbage grow towards its own
  // limit before collecting it, and a 2-core host has its memory to share.
  cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-old-space-size=${config.WEB_HEAP_MB}`] });
  const fork = () => {
    const worker = cluster.fork({ SERVER_ROLE: "web" });
    let listening = false;
    worker.on("listening", () => (listening = true));
    worker.on("exit", (code, signal) => {
      if (stopper.stopping) return;
      const how = listening ? "; starting another" : " before listening; stopping";
      console.error(`Worker ${worker.process.pid} exited (${signal ?? code})${how}`);
      if (listening) fork();
      else void stopper.stop("worker failure", 1);
    });
  };
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
  console.log(`Listening on http://localhost:${config.PORT} with ${config.WEB_CONCURRENCY} web processes`);
}

/** Asks every live web process to stop (each finishes its requests in flight) and waits for them. */
async function stopWorkers() {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once("exit", () => resolve());
          worker.process.kill("SIGTERM");
        }),
    ),
  );
}
