import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { freePort } from "./server-process";

/**
 * Debian's nginx (package `nginx`; scripts/e2e.js installs it with apt-get when it is
 * missing and the run is root) started by a test as the same user: a prefix directory of its
 * own, no daemon, its pid, logs and temporary files in there, on loopback ports. The site is
 * deploy/nginx.conf, the configuration docs/deploy.md shows, with only its addresses, ports
 * and certificate paths changed; its TLS certificate is a self-signed one made here.
 */
export const NGINX_BINARIES = ["/usr/sbin/nginx", "/usr/bin/nginx"];

export function findNginx() {
  return NGINX_BINARIES.find((binary) => fs.existsSync(binary));
}

const root = path.resolve(import.meta.dirname, "../../..");
export const SITE_CONFIG = path.join(root, "deploy/nginx.conf");

/** Replaces `from` (which must be there, or the documented file changed under the test) with `to`. */
function replaceIn(text: string, from: string | RegExp, to: string) {
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`deploy/nginx.conf no longer has ${String(from)}: update the test with it`);
  return changed;
}

export async function startNginx(options: { upstreams: number[] }) {
  const binary = findNginx();
  if (!binary) throw new Error("nginx is not installed (apt-get install nginx)");
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-nginx-"));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  execFileSync("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=localhost",
    "-keyout",
    path.join(prefix, "key.pem"),
    "-out",
    path.join(prefix, "cert.pem"),
  ]);

  let site = fs.readFileSync(SITE_CONFIG, "utf8");
  site = replaceIn(site, "server 127.0.0.1:3000;", `server 127.0.0.1:${options.upstreams[0]};`);
  site = replaceIn(site, "server 127.0.0.1:3001;", `server 127.0.0.1:${options.upstreams[1]};`);
  site = replaceIn(site, /\n\s*listen \[::\]:80;/, "");
  site = replaceIn(site, /\n\s*listen \[::\]:443 ssl http2;/, "");
  site = replaceIn(site, "listen 80;", `listen 127.0.0.1:${httpPort};`);
  site = replaceIn(site, "listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`);
  site = replaceIn(site, /ssl_certificate \S+;/, `ssl_certificate ${path.join(prefix, "cert.pem")};`);
  site = replaceIn(site, /ssl_certificate_key \S+;/, `ssl_certificate_key ${path.join(prefix, "key.pem")};`);

  // The main configuration Debian's /etc/nginx/nginx.conf would be, with every path in the prefix.
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${path.join(prefix, kind)};`)
    .join("\n");
  const main = [
    // As root, nginx's workers would otherwise switch to `nobody`, who cannot read the prefix.
    process.getuid?.() === 0 ? "user root;" : "",
    "worker_processes 1;",
    `pid ${path.join(prefix, "nginx.pid")};`,
    `error_log ${path.join(prefix, "error.log")} warn;`,
    "events { worker_connections 512; }",
    "http {",
    "  include /etc/nginx/mime.types;",
    `  access_log ${path.join(prefix, "access.log")};`,
    temp,
    site,
    "}",
  ].join("\n");
  const config = path.join(prefix, "nginx.conf");
  fs.writeFileSync(config, main);

  const args = ["-p", prefix, "-e", path.join(prefix, "error.log"), "-c", config];
  execFileSync(binary, [...args, "-t", "-q"], { stdio: ["ignore", "ignore", "pipe"] });
  const child = spawn(binary, [...args, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += String(chunk)));
  // Listening once the pid file is written (after the sockets are bound).
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(path.join(prefix, "nginx.pid"))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`nginx did not start: ${stderr}${fs.readFileSync(path.join(prefix, "error.log"), "utf8")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    httpsPort,
    httpPort,
    url: `https://localhost:${httpsPort}`,
    errorLog: () => fs.readFileSync(path.join(prefix, "error.log"), "utf8"),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
