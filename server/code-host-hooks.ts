import { createReadableStreamFromReadable } from "@react-router/node";
import type { RequestHandler } from "express";

import { handleCodeHostDelivery } from "~/.server/code-hosts/inbound";

/**
 * Code hosts' deliveries (`/hooks/code/<connection>`), answered by
 * app/.server/code-hosts/inbound.ts straight from Express: JSON in, JSON out, no page and no
 * session, so neither React Router nor its form checks have anything to do with them. The
 * body arrives counted by `limitRequestBodies` (its own cap for these paths).
 */
export function codeHostHooks(): RequestHandler {
  return async (req, res, next) => {
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) value.forEach((one) => headers.append(name, one));
        else if (value !== undefined) headers.set(name, value);
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const request = new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, {
        method: req.method,
        headers,
        ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
      });
      const response = await handleCodeHostDelivery(request);
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      next(error);
    }
  };
}
