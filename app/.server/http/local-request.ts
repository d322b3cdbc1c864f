const LOOPBACK_ADDRESSES = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const LOOPBACK_HOSTS = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/i;

/** Headers a reverse proxy adds; a browser talking to us directly sends none of them. */
const PROXY_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-server",
  "x-real-ip",
  "forwarded",
  "via",
  "cf-connecting-ip",
  "true-client-ip",
];

/**
 * Whether a request came straight from a browser on this machine, not through a reverse
 * proxy on it: the socket is loopback, the Host header names a loopback host (a proxy
 * normally passes the public name on), the request is HTTP/1.1 or newer (nginx proxies with
 * HTTP/1.0 unless told otherwise, browsers never do) and no proxy header is present.
 */
export function isDirectLocalRequest(request: {
  remoteAddress: string | undefined;
  httpVersion: string;
  headers: Record<string, string | string[] | undefined>;
}) {
  if (!LOOPBACK_ADDRESSES.test(request.remoteAddress ?? "")) return false;
  if (request.httpVersion === "1.0" || request.httpVersion === "0.9") return false;
  const host = request.headers.host;
  if (typeof host !== "string" || !LOOPBACK_HOSTS.test(host)) return false;
  return PROXY_HEADERS.every((name) => request.headers[name] === undefined);
}
