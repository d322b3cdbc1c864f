import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

import { createReadableStreamFromReadable } from "@react-router/node";
import type { RequestHandler } from "express";

import { handleApiRequest } from "~/.server/api/router";

/**
 * The REST API (/api/v1) answered by its own router (app/.server/api/router.ts) straight
 * from Express. It renders nothing, and React Router's handling of a request (matching the
 * route tree, the root's middleware, the answer piped chunk by chunk) cost about a fifth of
 * the CPU of an API request (a page of 100 tasks, measured: BENCHMARKS.md, issue 32).
 */
export function apiRequests(): RequestHandler {
  return async (req, res, next) => {
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) value.forEach((one) => headers.append(name, one));
        else if (value !== undefined) headers.set(name, value);
      }
      // An attachment's form was parsed as it streamed in (streamed-uploads.ts): its body is read.
      const streamedForm = res.locals.streamedForm as FormData | undefined;
      const hasBody = req.method !== "GET" && req.method !== "HEAD" && !streamedForm;
      const request = new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, {
        method: req.method,
        headers,
        ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
      });
      const response = await handleApiRequest(request, req.ip ?? null, streamedForm);
      res.status(response.status);
      response.headers.forEach((value, name) => res.append(name, value));
      if (!response.body) {
        res.end();
        return;
      }
      // JSON of bounded size, or a file as it streams from storage (attachment downloads); a
      // stream that fails half-way ends the connection rather than leave it hanging.
      await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res).catch(() => undefined);
    } catch (error) {
      next(error);
    }
  };
}
