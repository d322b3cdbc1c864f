import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { db } from "~/.server/db";
import { jobs } from "~/.server/db/schema";
import { enqueue } from "~/.server/jobs/queue";
import { defineJob } from "~/.server/jobs/registry";
import { runDueJobs } from "~/.server/jobs/worker";
import { metrics } from "~/.server/metrics/registry";
import { engines, useTestDatabase } from "../setup/database";
import { buildUser } from "../setup/factories";
import { takeLoggedErrors } from "../setup/logged-errors";
import { openTestStream } from "../setup/sse";

/** The metrics as /metrics writes them, read back with a Prometheus text parser. */
async function scrape() {
  const families = parsePrometheusTextFormat(await metrics().registry.metrics());
  return (name: string, labels: Record<string, string> = {}) =>
    families
      .find((family) => family.name === name)
      ?.metrics.find((sample) => Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value))?.value;
}

describe.each(engines)("metrics on %s", (engine) => {
  useTestDatabase(engine);
  const undefine: (() => void)[] = [];
  beforeEach(async () => {
    await db().delete(jobs);
  });
  afterEach(() => {
    undefine.splice(0).forEach((undo) => undo());
  });

  it("report the queue's depth and the wait of its oldest job, then the failure", async () => {
    const kind = `test.metrics-${engine}`;
    undefine.push(
      defineJob(kind, async () => {
        throw new Error("the receiver is down");
      }),
    );
    await enqueue(db(), [{ kind, runAt: new Date(Date.now() - 120_000), maxAttempts: 1 }]);
    await enqueue(db(), [{ kind, runAt: new Date(Date.now() + 3_600_000) }]);

    let metric = await scrape();
    expect(metric("plotline_jobs_due")).toBe("1");
    expect(Number(metric("plotline_jobs_oldest_due_age_seconds"))).toBeGreaterThanOrEqual(120);
    expect(metric("plotline_job_failures_total", { kind, outcome: "gave_up" })).toBe("0");

    expect(await runDueJobs()).toBe(1);
    expect(takeLoggedErrors().map((line) => line.msg)).toEqual(["job failed for good"]);

    metric = await scrape();
    expect(metric("plotline_jobs_due")).toBe("0");
    expect(metric("plotline_jobs_oldest_due_age_seconds")).toBe("0");
    expect(metric("plotline_jobs_failed")).toBe("1");
    expect(metric("plotline_job_failures_total", { kind, outcome: "gave_up" })).toBe("1");
    expect(metric("plotline_job_failures_total", { kind, outcome: "retry" })).toBe("0");
  });

  it("count the real-time streams open on this process", async () => {
    const before = Number((await scrape())("plotline_sse_connections"));
    const stream = await openTestStream(await buildUser());
    expect((await stream.next()).event).toBe("hello");
    expect(Number((await scrape())("plotline_sse_connections"))).toBe(before + 1);
    stream.close();
    await vi.waitFor(async () => expect(Number((await scrape())("plotline_sse_connections"))).toBe(before));
  });
});
