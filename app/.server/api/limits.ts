import { env } from "../env";

/** Requests a minute one token may make: API_RATE_LIMIT, unless a test sets `points`. */
export const apiRate = { points: 0, durationSeconds: 60 };

export function currentApiRate() {
  return apiRate.points > 0 ? apiRate : env().rateLimits.api;
}
