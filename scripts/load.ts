/**
 * The benchmarks' load generator: autocannon with 20 connections for 5 s, after 2 s of the same load that
 * is not counted (a server's code is compiled by its first requests, and each web process of a cluster
 * has its own to compile); requests/s and latency percentiles.
 */
import autocannon from "autocannon";

/** Latencies in ms; autocannon has no p95, so `p975` (97.5 %) is its upper bound where a goal is a p95. */
export type LoadResult = { rps: number; p50: number; p975: number; p99: number; non2xx: number; errors: number };

export async function load(
  url: string,
  options: {
    headers?: Record<string, string>;
    connections?: number;
    seconds?: number;
    method?: "GET" | "POST";
    body?: string;
    /** Each request's own path or body (the i-th request sent): answers a cache cannot have kept. */
    vary?: (i: number) => { path?: string; body?: string };
  } = {},
): Promise<LoadResult> {
  const connections = options.connections ?? 20;
  // `warmup` is autocannon's own option (9.x), missing from @types/autocannon.
  const run: autocannon.Options & { warmup: { connections: number; duration: number } } = {
    url,
    connections,
    duration: options.seconds ?? 5,
    warmup: { connections, duration: 2 },
    headers: options.headers,
    method: options.method ?? "GET",
    body: options.body,
  };
  const vary = options.vary;
  if (vary) {
    let sent = 0;
    run.requests = [{ setupRequest: (request) => ({ ...request, ...vary(sent++) }) }];
  }
  const result = await autocannon(run);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export const describeLoad = (r: LoadResult) =>
  `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ""}`;
