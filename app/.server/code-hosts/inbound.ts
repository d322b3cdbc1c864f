import { execute } from "../commands/command";
import { integrationPrincipal } from "../commands/principal";
import { NotFoundError } from "../errors";
import { BODY_LIMITS, describeBytes } from "../http/limits";
import { logger } from "../logger";
import { consume, type Limit } from "../security/rate-limit";
import { CODE_HOST_NAMES } from "~/utils/code-hosts";
import { connectionForDelivery, noteDeliveryFailure } from "./connections";
import { deliveryIdOf, PayloadError, PROVIDERS } from "./providers";
import { receiveDeliveryCommand } from "./receive";

/**
 * `POST /hooks/code/<connection>`: a code host's delivery (server/code-host-hooks.ts hands it
 * over from Express, outside React Router and its form checks). In order, each step refusing
 * before the next: the connection (404), its rate (429), the body's size (413: Express caps
 * it as it streams, `BODY_LIMITS.codeHost`), the host's own signature (401, counted on the
 * connection and nothing else), the payload (400), then the delivery acts in one unit of
 * work (receive.ts), and a delivery seen before does nothing (200). The answers are small
 * JSON the host's delivery log shows. Neither the secret nor a header carrying it is logged.
 *
 * There is no cookie here and no session: the signature is the only authority, which is why
 * the cross-site write check lets these paths through (server/origin-check.ts).
 */
const DELIVERY_PATH = /^\/hooks\/code\/([A-Za-z0-9]{1,40})\/?$/;

/** A connection takes at most this many deliveries a minute (a busy monorepo's pushes fit). */
export const DELIVERY_RATE: Limit = { points: 300, durationSeconds: 60 };

/** The largest delivery read: Express's cap for these paths, checked again for callers without it. */
const MAX_DELIVERY_BYTES = BODY_LIMITS.codeHost;

type Answer = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };

function respond({ status, body, headers = {} }: Answer) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

const refused = (status: number, message: string, headers?: Record<string, string>) =>
  respond({ status, body: { error: message }, headers });

export async function handleCodeHostDelivery(request: Request): Promise<Response> {
  const match = DELIVERY_PATH.exec(new URL(request.url).pathname);
  if (!match) return refused(404, "There is no code-host connection at this address.");
  if (request.method !== "POST") {
    return refused(405, "A code host delivers its events here with POST.", { Allow: "POST" });
  }
  const connection = await connectionForDelivery(match[1]!);
  if (!connection) {
    return refused(
      404,
      "There is no code-host connection at this address: it may have been deleted. Remove this webhook, or connect again.",
    );
  }
  const rate = await consume("code-host-delivery", DELIVERY_RATE, connection.publicId);
  if (!rate.allowed) {
    return refused(429, "Too many deliveries to this connection: wait a little.", {
      "Retry-After": String(rate.retryAfterSeconds),
    });
  }
  const body = Buffer.from(await request.arrayBuffer());
  if (body.length > MAX_DELIVERY_BYTES)
    return refused(413, `The delivery is larger than we accept (${describeBytes(MAX_DELIVERY_BYTES)}).`);

  const provider = PROVIDERS[connection.provider];
  if (!(await provider.verify(connection.secret, body, request.headers))) {
    const mismatch = `The ${signatureName(connection.provider)} does not match this connection's secret.`;
    await noteDeliveryFailure(connection.id, mismatch);
    return refused(401, mismatch);
  }

  const event = provider.event(request.headers).slice(0, 100);
  let change;
  try {
    change = provider.read(event, payloadOf(body, request.headers.get("content-type")));
  } catch (error) {
    if (!(error instanceof PayloadError)) throw error;
    await noteDeliveryFailure(connection.id, error.message);
    return refused(400, error.message);
  }

  const principal = integrationPrincipal({
    connectionId: connection.publicId,
    name: CODE_HOST_NAMES[connection.provider],
    userId: connection.createdBy,
    workspaceId: connection.workspaceId,
  });
  try {
    const outcome = await execute(receiveDeliveryCommand, principal, {
      connectionId: connection.publicId,
      deliveryId: deliveryIdOf(connection.provider, request.headers, body),
      event,
      change,
    });
    return respond({ status: 200, body: { ok: true, ...outcome } });
  } catch (error) {
    // Deleted while this delivery was read: as if it had never been there.
    if (error instanceof NotFoundError) return refused(404, "There is no code-host connection at this address.");
    logger.error(
      { err: error, connection: connection.publicId, event },
      "a code host's delivery could not be processed",
    );
    await noteDeliveryFailure(connection.id, "A delivery could not be processed: nothing of it was kept.");
    return refused(500, "The delivery could not be processed. Nothing of it was kept: send it again.");
  }
}

function signatureName(provider: keyof typeof PROVIDERS) {
  if (provider === "gitlab") return "secret token (X-Gitlab-Token)";
  if (provider === "github") return "signature (X-Hub-Signature-256)";
  return "signature (X-Gitea-Signature)";
}

/**
 * The payload: the body as JSON, or (a host set to send forms: GitHub's and Gitea's other
 * content type) the JSON in its `payload` field.
 */
function payloadOf(body: Buffer, contentType: string | null): unknown {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const text =
    type === "application/x-www-form-urlencoded"
      ? (new URLSearchParams(body.toString("utf8")).get("payload") ?? "")
      : body.toString("utf8");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PayloadError("The body is not JSON: choose application/json as the webhook's content type.");
  }
}
