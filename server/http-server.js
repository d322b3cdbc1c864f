// One app process's HTTP server (server.js starts it, once or WEB_CONCURRENCY times): the
// production build, or with `--dev` Vite in middleware mode with hot reload. The app itself
// lives in server/app.ts.
import process from "node:process";
import zlib from "node:zlib";

import compression from "compression";
import express from "express";

const dev = process.argv.includes("--dev");

const fail = (error) => {
  console.error(`Plotline could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
};

let vite;
let mod;
try {
  if (dev) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true } });
    mod = await vite.ssrLoadModule("./server/app.ts");
  } else {
    mod = await import("../build/server/index.js");
  }
} catch (error) {
  fail(error);
}

const config = await mod.boot().catch(fail);

const server = express();
server.disable("x-powered-by");
// Whose X-Forwarded-For names the client (TRUSTED_PROXIES; loopback unless set): rate limits,
// logs and sessions see the visitor's address, not the proxy's.
server.set("trust proxy", config.trustedProxies);
// Server-sent events must reach the browser as they are written: compression would buffer them.
// Pages are compressed on every request, so at a light level (nginx's default is gzip 1): gzip
// 3 and brotli 3 cost about a quarter of the defaults (6 and 4) for ~7 % more bytes. Scripts and
// styles are compressed once, at the highest levels (server/compressed-assets.ts).
server.use(
  compression({
    level: 3,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
    filter: (req, res) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  }),
);
server.use(mod.requestLogger);
server.use(mod.requestScope);
server.use(mod.headers);
if (vite) {
  server.use(vite.middlewares);
  server.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./server/app.ts");
      fresh.app(req, res, next);
    } catch (error) {
      vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Scripts and styles compressed once each, not per request (server/compressed-assets.ts).
  server.use("/assets", mod.compressedAssets("build/client/assets"));
  server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  server.use(express.static("build/client", { maxAge: "1h" }));
  server.use(mod.app);
}

const listener = server.listen(config.port, config.host, () => {
  console.log(`Plotline is ready at ${config.appUrl} (listening on ${config.host}:${config.port})`);
});
// Idle keep-alive sockets stay open 65 s, not Node's 5 s: a client (or a reverse proxy,
// whose idle timeout is commonly 60 s) that reuses a socket just as the server closes it
// gets ECONNRESET (or a 502). The headers timeout must exceed it. Stopping drops them anyway.
listener.keepAliveTimeout = 65_000;
listener.headersTimeout = 66_000;
listener.on("error", (error) =>
  fail(error.code === "EADDRINUSE" ? `port ${config.port} is already in use (set PORT)` : error),
);

// Stop accepting, drop idle keep-alive sockets, let running requests finish for up to
// 1.5 s, then close the database and exit: the whole stop stays under 2 s.
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: shutting down`);
  const closed = new Promise((resolve) => listener.close(resolve));
  listener.closeIdleConnections();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1500).unref())]);
  listener.closeAllConnections();
  await vite?.close();
  await mod.shutdown();
  process.exit(0);
}
process.once("SIGTERM", () => stop("SIGTERM"));
process.once("SIGINT", () => stop("SIGINT"));
