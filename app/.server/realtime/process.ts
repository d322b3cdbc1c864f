import { randomUUID } from "node:crypto";

/** This process's name on the PostgreSQL channels, so it can skip what it sent itself. */
export const PROCESS_ID = randomUUID().slice(0, 12);
