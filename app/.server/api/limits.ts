/** Requests a minute one token may make (a setting object, so a test can lower it). */
export const apiRate = { points: 600, durationSeconds: 60 };
