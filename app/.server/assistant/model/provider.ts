import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";

/** A configured model service (env.ts `ai`): any OpenAI-compatible endpoint. */
export type ModelConfig = {
  /** The service's base URL, up to and including its version path (…/v1). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** How long one answer may take, tool calls included. */
  timeoutMs: number;
  maxOutputTokens: number;
};

export function chatModel(config: ModelConfig): LanguageModel {
  const provider = createOpenAICompatible({ name: "plotline", baseURL: config.baseUrl, apiKey: config.apiKey });
  return provider.chatModel(config.model);
}

/** The service's host as a message may name it: never its path, query or credentials. */
export function serviceHost(baseUrl: string) {
  try {
    return new URL(baseUrl).host;
  } catch {
    return "the configured address";
  }
}
