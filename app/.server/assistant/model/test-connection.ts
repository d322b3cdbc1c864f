import { generateText } from "ai";

import { modelError } from "./errors";
import { chatModel, serviceHost, type ModelConfig } from "./provider";

const CONNECTION_TIMEOUT_MS = 10_000;

export type ConnectionResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Asks the configured model for one token: the one request that proves the address, the
 * key and the model name together, as the assistant will use them.
 */
export async function testConnection(config: ModelConfig): Promise<ConnectionResult> {
  const host = serviceHost(config.baseUrl);
  try {
    await generateText({
      model: chatModel(config),
      prompt: "Reply with OK.",
      maxOutputTokens: 1,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(CONNECTION_TIMEOUT_MS),
    });
    return { ok: true, message: `Connected to ${config.model} at ${host}.` };
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      return { ok: false, message: `The model service at ${host} did not answer within 10 seconds.` };
    }
    return { ok: false, message: sentence(modelError(error, config).message) };
  }
}

function sentence(text: string) {
  const capitalized = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}
