import { Writable } from "node:stream";

import { CacheProvider } from "@emotion/react";
import type { EmotionCache } from "@emotion/cache";
import createEmotionServer, { type EmotionServer } from "@emotion/server/create-instance";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";

import { loggablePath, logger } from "~/.server/logger";
import { cspNonceContext, requestIdContext } from "~/.server/request-context";
import { SYSTEM_THEME_HINT_HEADERS } from "~/.server/theme/theme-cookie";
import { createEmotionCache } from "~/theme/emotion-cache";
import { NonceContext } from "~/utils/nonce";

export const streamTimeout = 5_000;

/**
 * Renders the document with a per-request emotion cache, then puts the critical CSS of
 * exactly what was rendered into <head>, so the first paint is styled without JavaScript.
 * That needs the whole HTML first: document responses are buffered, not streamed.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Inline scripts and style tags carry the response's CSP nonce (server/security-headers.ts).
  const nonce = loadContext.get(cspNonceContext);
  const cache = createEmotionCache(nonce);
  const emotion = createEmotionServer(cache);

  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    // The timer must not keep a stopping server alive (stack notes, pitfall 15), nor the
    // finished render: its closure holds the whole render (tree, segments, chunks), which
    // left alive for seconds after each page was promoted to the old generation (~0.3 MB a
    // page) and made a full garbage collection, a pause every few hundred pages.
    let abortRender = () => {};
    const timer = setTimeout(() => abortRender(), streamTimeout + 1000).unref();
    const settled = () => clearTimeout(timer);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <CacheProvider value={cache}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </CacheProvider>
      </NonceContext.Provider>,
      {
        nonce,
        // Everything is buffered anyway, so wait for all of it (Suspense included), and
        // write each Suspense boundary's content in place: React would otherwise move a
        // large one (over 12.8 kB) to the end of the document behind a script that reveals
        // it, so a page seen without JavaScript would never show it (a project's views).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          // The document is complete: collect its bytes, add the critical CSS of what it
          // uses, and answer with the bytes (no stream to adapt, no string to re-encode).
          const chunks: Buffer[] = [];
          const collector = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              const html = Buffer.concat(chunks);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              for (const [name, value] of Object.entries(SYSTEM_THEME_HINT_HEADERS))
                responseHeaders.append(name, value);
              resolve(
                new Response(
                  withStyles(withLowPriorityModules(withPaintableStream(html)), criticalStyles(emotion, cache, html)),
                  {
                    headers: responseHeaders,
                    status: failed ? 500 : responseStatusCode,
                  },
                ),
              );
              settled();
              callback();
            },
          });
          pipe(collector);
        },
        onShellError(error: unknown) {
          settled();
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          logger.error({ err: error }, "render failed");
        },
      },
    );
    abortRender = abort;
  });
}

/**
 * The style tags of what the document uses among the styles this render inserted (some
 * components insert styles for markup they do not render, a closed dialog's say). Emotion
 * looks for its class names in the document; they are ASCII, so the bytes are read as
 * Latin-1, a plain copy, instead of being decoded as UTF-8. Most app pages insert none.
 */
function criticalStyles(emotion: EmotionServer, cache: EmotionCache, html: Buffer) {
  if (Object.keys(cache.inserted).length === 0) return "";
  return emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html.toString("latin1")));
}

/** `styles` put just before the document's `</head>`. */
function withStyles(html: Buffer, styles: string) {
  const at = styles ? html.indexOf("</head>") : -1;
  const page = at < 0 ? html : Buffer.concat([html.subarray(0, at), Buffer.from(styles), html.subarray(at)]);
  // Buffer.concat returns a buffer over an ArrayBuffer of its own; its type says only ArrayBufferLike.
  return page as Uint8Array<ArrayBuffer>;
}

/**
 * React Router's hand-off script makes the stream of the page's data a ReadableStream of
 * strings piped through a TextEncoderStream. While that pipe waits for its data, Chromium
 * does not paint: the first paint of a finished, styled document came 1 to 2 s after it was
 * parsed (Lighthouse's trace of `/`: parsed at 0.34 s, painted at 1.3–2.3 s; 0.2 s without
 * the pipe), and the simulated first paint then waited for every script. The same stream of
 * bytes, encoded as each chunk is enqueued, is what the client decodes, without a pipe.
 * React Router's exact text is replaced; any other text is left as it is.
 */
export const ROUTER_STREAM_SCRIPT =
  "window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());";
export const PAINTABLE_STREAM_SCRIPT =
  "window.__reactRouterContext.stream = new ReadableStream({start(controller){const encoder = new TextEncoder();window.__reactRouterContext.streamController = {enqueue(text){controller.enqueue(encoder.encode(text));},close(){controller.close();}};}});";
const routerStreamScript = Buffer.from(ROUTER_STREAM_SCRIPT);

export function withPaintableStream(html: Buffer) {
  const at = html.indexOf(routerStreamScript);
  if (at < 0) return html;
  return Buffer.concat([
    html.subarray(0, at),
    Buffer.from(PAINTABLE_STREAM_SCRIPT),
    html.subarray(at + routerStreamScript.length),
  ]);
}

/**
 * The module preloads React Router names (React puts them first in <head>) fetched at low
 * priority: the server's HTML is the page, styled by the stylesheet and the critical CSS,
 * and the code only enhances it. At high priority, 50 preloads took the bandwidth from the
 * stylesheet, and Chromium presented the first frame of a parsed, styled `/` only once they
 * had come in (1.3–2.3 s in Lighthouse's trace, 0.26 s at low priority); the simulated
 * slow phone then waited for every script before its first paint.
 */
const modulePreload = Buffer.from('<link rel="modulepreload" ');
const lowPriorityModulePreload = Buffer.from('<link rel="modulepreload" fetchpriority="low" ');

export function withLowPriorityModules(html: Buffer) {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(modulePreload); at >= 0; at = html.indexOf(modulePreload, from)) {
    parts.push(html.subarray(from, at), lowPriorityModulePreload);
    from = at + modulePreload.length;
  }
  if (parts.length === 0) return html;
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}

/**
 * Errors thrown by loaders and actions, logged once with the request id. React Router's own
 * 4xx answers (a POST to a page without an action, say) are the client's doing: not errors.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const clientError = isRouteErrorResponse(error) && error.status < 500;
  logger[clientError ? "info" : "error"](
    { err: error, reqId: context.get(requestIdContext), path: loggablePath(new URL(request.url).pathname) },
    clientError ? "request refused" : "request failed",
  );
};
