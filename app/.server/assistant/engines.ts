import { env } from "../env";
import { builtInEngine } from "./built-in";
import type { ModelConfig } from "./model/provider";
import type { Engine } from "./types";

/**
 * The engine this server answers with: the configured OpenAI-compatible model
 * (AI_BASE_URL, AI_MODEL, AI_API_KEY), else the built-in one over the team's data.
 */
export function activeEngine(): Engine {
  const ai = env().ai;
  return ai ? modelEngineLater(ai) : builtInEngine;
}

/**
 * The model engine, its code (the AI SDK, about 15 MB of memory) loaded with the first
 * answer rather than at start: most servers never configure a model (decision 038).
 */
function modelEngineLater(config: ModelConfig): Engine {
  return {
    id: "model",
    label: config.model,
    async *answer(request) {
      const { modelEngine } = await import("./model/engine");
      yield* modelEngine(config).answer(request);
    },
  };
}
