/** The benchmarks' load generator: autocannon with 20 connections; requests/s and latency percentiles. */
import autocannon from "autocannon";

export type LoadResult = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

export async function load(url: string, options: { headers?: Record<string, string>; connections?: number; seconds?: number } = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 20,
    duration: options.seconds ?? 5,
    headers: options.headers,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export const describeLoad = (r: LoadResult) =>
  `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ""}`;
