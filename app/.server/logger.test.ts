import { Writable } from "node:stream";

import { describe, expect, it } from "vitest";

import { createLogger, inRequestScope, loggablePath, serializeError } from "./logger";

describe("serializeError", () => {
  it("keeps a failed query's SQL and drops its parameter values", () => {
    const error = Object.assign(new Error("Failed query: select 1 where token_hash = $1\nparams: s3cr3t-hash"), {
      query: "select 1 where token_hash = $1",
      params: ["s3cr3t-hash"],
    });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain("select 1 where token_hash = $1");
    expect(logged).toContain("params: [redacted]");
    expect(logged).not.toContain("s3cr3t-hash");
  });

  it("leaves other values alone", () => {
    expect(serializeError("text")).toBe("text");
  });
});

describe("loggablePath", () => {
  it("drops the query and a calendar feed's token", () => {
    expect(loggablePath("/calendar/feed/abcDEF123_-xyz.ics?x=1")).toBe("/calendar/feed/[redacted]");
    expect(loggablePath("/app/calendar?month=2026-05&token=s3cr3t")).toBe("/app/calendar");
    expect(loggablePath(undefined)).toBe("");
  });
});

describe("the request scope", () => {
  /** A logger as the app makes it, writing its lines here. */
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const logger = createLogger(destination);
    // The tests' own level may be silent; these lines are the subject here.
    logger.level = "warn";
    return { lines, logger };
  }

  it("puts the request's id on every line logged while it is handled, across awaits", async () => {
    const { lines, logger } = capture();
    await inRequestScope("req-1234abcd", async () => {
      logger.warn("before an await");
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.warn("after it");
    });
    logger.warn("outside any request");
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ["before an await", "req-1234abcd"],
      ["after it", "req-1234abcd"],
      ["outside any request", undefined],
    ]);
  });

  it("keeps two requests handled at once apart", async () => {
    const { lines, logger } = capture();
    const handle = (id: string, wait: number) =>
      inRequestScope(id, async () => {
        await new Promise((resolve) => setTimeout(resolve, wait));
        logger.warn(id);
      });
    await Promise.all([handle("req-slow0001", 5), handle("req-fast0002", 1)]);
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ["req-fast0002", "req-fast0002"],
      ["req-slow0001", "req-slow0001"],
    ]);
  });
});
