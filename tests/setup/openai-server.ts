import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An OpenAI-compatible chat service on loopback, scripted by the test: each POST to
 * /v1/chat/completions takes the next queued reply and answers it as OpenAI does (server-sent
 * `data:` chunks ending with `[DONE]` when the request streams, one JSON completion when not).
 * It records every request, so a test can read what the engine sent (tool results, headers).
 */
export type ScriptedToolCall = { name: string; arguments: Record<string, unknown> };

export type ScriptedReply =
  /** Text in these pieces, one chunk each; `hang` then keeps the stream open without ending it. */
  | { text: string[]; hang?: boolean }
  | { toolCalls: ScriptedToolCall[] }
  /** An HTTP error with OpenAI's error body. */
  | { status: number; message: string }
  /** Never answers: not even the status line. */
  | { hang: true };

export type RecordedRequest = {
  method: string;
  path: string;
  authorization: string | null;
  /** The parsed JSON body; null for a GET. */
  body: ChatRequestBody | null;
};

export type ChatRequestBody = {
  model: string;
  stream?: boolean;
  max_tokens?: number;
  messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
};

export async function startOpenAIServer(options: { models?: string[]; apiKey?: string } = {}) {
  const models = options.models ?? ["test-model"];
  const replies: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    void respond(req, res, { models, apiKey: options.apiKey, replies, requests });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The base URL a client is configured with (…/v1). */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Queues the replies to the next chat requests, in order. */
    reply: (...next: ScriptedReply[]) => void replies.push(...next),
    /** Replies queued and not yet asked for: a test that expected them all used checks it is 0. */
    pending: () => replies.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // hanging replies too
        server.close(() => resolve());
      }),
  };
}
export type OpenAIServer = Awaited<ReturnType<typeof startOpenAIServer>>;

type ServerState = {
  models: string[];
  apiKey: string | undefined;
  replies: ScriptedReply[];
  requests: RecordedRequest[];
};

async function respond(req: http.IncomingMessage, res: http.ServerResponse, state: ServerState) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  const body = text ? (JSON.parse(text) as ChatRequestBody) : null;
  state.requests.push({ method: req.method ?? "GET", path, authorization: req.headers.authorization ?? null, body });

  if (state.apiKey && req.headers.authorization !== `Bearer ${state.apiKey}`) {
    return sendError(res, 401, "Incorrect API key provided.", "invalid_api_key");
  }
  if (req.method === "GET" && path === "/v1/models") {
    const data = state.models.map((id) => ({ id, object: "model", created: 0, owned_by: "test" }));
    return sendJson(res, 200, { object: "list", data });
  }
  if (req.method !== "POST" || path !== "/v1/chat/completions" || !body) {
    return sendError(res, 404, `Unknown request ${req.method} ${path}`, "not_found");
  }
  if (!state.models.includes(body.model)) {
    return sendError(res, 404, `The model \`${body.model}\` does not exist.`, "model_not_found");
  }
  const reply = state.replies.shift();
  if (!reply) return sendError(res, 500, "The test queued no reply for this request.", "no_reply");
  answer(res, body, reply);
}

function answer(res: http.ServerResponse, body: ChatRequestBody, reply: ScriptedReply) {
  if ("status" in reply) return sendError(res, reply.status, reply.message, "scripted");
  if ("toolCalls" in reply) {
    return body.stream ? streamToolCalls(res, body.model, reply.toolCalls) : sendToolCalls(res, body.model, reply);
  }
  if ("text" in reply) {
    return body.stream ? streamText(res, body.model, reply) : sendText(res, body.model, reply.text.join(""));
  }
  // A hang: the request stays unanswered until the client gives up or the server closes.
}

function streamText(res: http.ServerResponse, model: string, reply: { text: string[]; hang?: boolean }) {
  startStream(res);
  sendChunk(res, model, { role: "assistant", content: "" }, null);
  for (const piece of reply.text) sendChunk(res, model, { content: piece }, null);
  if (reply.hang) return;
  sendChunk(res, model, {}, "stop");
  endStream(res);
}

/** Each call's name first, then its arguments in two pieces, as OpenAI streams them. */
function streamToolCalls(res: http.ServerResponse, model: string, calls: ScriptedToolCall[]) {
  startStream(res);
  calls.forEach((call, index) => {
    const json = JSON.stringify(call.arguments);
    const half = Math.floor(json.length / 2);
    const head = { index, id: `call_${index + 1}`, type: "function", function: { name: call.name, arguments: "" } };
    sendChunk(res, model, { role: "assistant", content: null, tool_calls: [head] }, null);
    for (const piece of [json.slice(0, half), json.slice(half)]) {
      sendChunk(res, model, { tool_calls: [{ index, function: { arguments: piece } }] }, null);
    }
  });
  sendChunk(res, model, {}, "tool_calls");
  endStream(res);
}

function sendText(res: http.ServerResponse, model: string, content: string) {
  sendJson(res, 200, completion(model, { role: "assistant", content }, "stop"));
}

function sendToolCalls(res: http.ServerResponse, model: string, reply: { toolCalls: ScriptedToolCall[] }) {
  const toolCalls = reply.toolCalls.map((call, index) => ({
    id: `call_${index + 1}`,
    type: "function",
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  sendJson(res, 200, completion(model, { role: "assistant", content: null, tool_calls: toolCalls }, "tool_calls"));
}

function completion(model: string, message: object, finishReason: string) {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: finishReason }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function startStream(res: http.ServerResponse) {
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
}

function sendChunk(res: http.ServerResponse, model: string, delta: object, finishReason: string | null) {
  const chunk = {
    id: "chatcmpl-test",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
  res.write(`data: ${JSON.stringify(chunk)}\n\n`);
}

function endStream(res: http.ServerResponse) {
  res.end("data: [DONE]\n\n");
}

function sendError(res: http.ServerResponse, status: number, message: string, code: string) {
  sendJson(res, status, { error: { message, type: "invalid_request_error", param: null, code } });
}

function sendJson(res: http.ServerResponse, status: number, body: object) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}
