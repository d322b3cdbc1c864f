import { APICallError, RetryError } from "ai";

import { AssistantError } from "../types";
import { serviceHost, type ModelConfig } from "./provider";

const DETAIL_MAX = 200;

/**
 * A model call's failure as the chat shows it: short, with the service's own reason, and
 * with nothing a log or a user must not see. The original error is not kept as the cause:
 * the SDK's errors carry the request body (the conversation) and the headers.
 */
export function modelError(error: unknown, config: ModelConfig): AssistantError {
  const failure = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(failure)) {
    if (failure.statusCode === undefined) {
      return new AssistantError(`could not reach the model service at ${serviceHost(config.baseUrl)}`);
    }
    const detail = clean(failure.message, config);
    return new AssistantError(`the model service answered ${failure.statusCode}${detail ? `: ${detail}` : ""}`);
  }
  return new AssistantError("the model's answer could not be read");
}

export function timeLimitError(timeoutMs: number) {
  return new AssistantError(`the model did not answer within ${duration(timeoutMs)}`);
}

function duration(ms: number) {
  if (ms % 1000 !== 0) return `${ms} ms`;
  const seconds = ms / 1000;
  return seconds === 1 ? "1 second" : `${seconds} seconds`;
}

/** One line, bounded, and without the API key should the service echo it back. */
function clean(message: string, config: ModelConfig) {
  let text = message.replace(/\s+/g, " ").trim();
  if (config.apiKey) text = text.split(config.apiKey).join("[key]");
  return text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX - 1)}…` : text;
}
