// The package ships no types: the shape of its answer (prom2json's).
declare module "parse-prometheus-text-format" {
  export type Sample = {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  export type MetricFamily = { name: string; help: string; type: string; metrics: Sample[] };
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
