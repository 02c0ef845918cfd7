/** parse-prometheus-text-format ships no types: what app/infra/litestream.server.ts reads of its answer. */
declare module "parse-prometheus-text-format" {
  export type MetricFamily = {
    name: string;
    help: string;
    type: string;
    metrics: Array<{ value?: string; labels?: Record<string, string> }>;
  };
  export default function parse(text: string): MetricFamily[];
}
