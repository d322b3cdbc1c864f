import type { Request, RequestHandler, Response } from "express";

import { BODY_LIMITS, bodyKindOf, describeBytes } from "~/.server/http/limits";
import { refuse } from "./refuse";

/**
 * Caps every request body by its Content-Type (`BODY_LIMITS`) before anything reads it:
 * a declared Content-Length over the cap is refused at once, and a chunked body is counted
 * as it streams and refused the moment it passes the cap. Either way the answer is 413 and
 * the rest of the body is never read, so memory does not grow with what a client sends.
 *
 * Mount it just before the handler that reads the body (React Router's), with nothing
 * asynchronous in between: the byte counter listens to the same stream. The request is
 * paused until that handler reads, so no byte can pass uncounted.
 */
export function limitRequestBodies(limits: Record<keyof typeof BODY_LIMITS, number> = BODY_LIMITS): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    // The path as Express saw it: a file for a task may be larger than an image elsewhere.
    const kind = bodyKindOf(req.get("content-type"), req.originalUrl.split("?")[0]);
    const limit = limits[kind];
    const declared = Number(req.get("content-length"));
    if (Number.isFinite(declared) && declared > limit) return tooLarge(req, res, kind, limit);

    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        req.off("data", count);
        tooLarge(req, res, kind, limit);
      }
    };
    req.on("data", count);
    req.pause();
    next();
  };
}

/** GET and HEAD have no body; others have one when they say so (a length or chunked). */
function hasBody(req: Request) {
  if (req.method === "GET" || req.method === "HEAD") return false;
  return req.get("content-length") !== undefined || req.get("transfer-encoding") !== undefined;
}

const WHAT: Record<keyof typeof BODY_LIMITS, string> = {
  form: "The form you sent is larger than we accept",
  json: "The request is larger than we accept",
  multipart: "The upload is larger than we accept",
  attachment: "The file is larger than we accept",
  import: "The file is larger than we accept",
  workspaceImport: "The export is larger than we accept",
  codeHost: "The delivery is larger than we accept",
  other: "The request is larger than we accept",
};

const HINT: Record<keyof typeof BODY_LIMITS, string> = {
  form: " Shorten it and try again.",
  json: " Shorten it and try again.",
  multipart: " Choose a smaller image and try again.",
  attachment: " Choose a smaller file and try again.",
  import: " Split it into smaller files and import each.",
  workspaceImport: "",
  codeHost: "",
  other: " Shorten it and try again.",
};

function tooLarge(req: Request, res: Response, kind: keyof typeof BODY_LIMITS, limit: number) {
  req.log?.warn({ limit, kind }, "request body over the limit: refused");
  refuse(req, res, {
    status: 413,
    title: "Request Too Large",
    message: `${WHAT[kind]} (at most ${describeBytes(limit)}).${HINT[kind]}`,
    authCode: "request_entity_too_large",
    authMessage: "Request body too large",
  });
}
