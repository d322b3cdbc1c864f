import { database } from "~/.server/db";

/** Liveness and database status for load balancers and uptime checks. */
export async function loader() {
  const handle = database();
  const started = performance.now();
  try {
    await handle.ping();
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return Response.json(
      { status: "ok", database: { status: "up", engine: handle.engine, latencyMs } },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return Response.json(
      {
        status: "degraded",
        database: { status: "down", engine: handle.engine, error: error instanceof Error ? error.message : "unknown" },
      },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
