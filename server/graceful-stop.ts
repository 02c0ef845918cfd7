/**
 * A graceful stop, once, on SIGTERM or SIGINT (or `stop()`): `first` (what the process stops before the
 * app: its web processes, or its listening socket), then the app's own shutdown (the mail batch, the demo
 * provider, the database, checkpointed), then exit; within 9 s in any case.
 */
import type { ServerHooks } from "~/entry.server";

export type Stopper = { readonly stopping: boolean; stop(reason: string, exitCode?: number): Promise<void> };

const LIMIT_MS = 9_000;

export function onStop(what: string, first: () => Promise<void>, hooks: ServerHooks): Stopper {
  let stopping = false;
  async function stop(reason: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    console.log(`${reason}: ${what}`);
    setTimeout(() => {
      console.error(`Stop took over ${LIMIT_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, LIMIT_MS).unref();
    await first();
    try {
      await hooks.shutdown();
    } catch (error) {
      console.error("Stop: could not close cleanly:", error);
      process.exit(1);
    }
    console.log("Stopped");
    process.exit(exitCode);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  return {
    get stopping() {
      return stopping;
    },
    stop,
  };
}
