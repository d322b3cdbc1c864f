import { database } from "~/.server/db";
import { jobsHealth, type JobsHealth } from "~/.server/jobs/heartbeat";

/**
 * Liveness, database and jobs status for load balancers and uptime checks
 * (docs/operations.md). 503 while the database does not answer. Jobs that are not being run
 * (no worker's heartbeat is fresh while a due job waits past a minute) make the answer
 * `degraded` but keep it 200, since this process still serves pages: a load balancer must not
 * take it out for that. `?jobs=required` makes that a 503 too, for a monitor that should page.
 */
export async function loader({ request }: { request: Request }) {
  const handle = database();
  const headers = { "Cache-Control": "no-store" };
  const started = performance.now();
  try {
    await handle.ping();
  } catch (error) {
    return Response.json(
      {
        status: "degraded",
        database: { status: "down", engine: handle.engine, error: error instanceof Error ? error.message : "unknown" },
        jobs: { status: "unknown" },
      },
      { status: 503, headers },
    );
  }
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const jobs: JobsHealth | { status: "unknown"; error: string } = await jobsHealth().catch((error: unknown) => ({
    status: "unknown" as const,
    error: error instanceof Error ? error.message : "unknown",
  }));
  const jobsRequired = new URL(request.url).searchParams.get("jobs") === "required";
  const running = jobs.status === "ok";
  return Response.json(
    { status: running ? "ok" : "degraded", database: { status: "up", engine: handle.engine, latencyMs }, jobs },
    { status: running || !jobsRequired ? 200 : 503, headers },
  );
}
