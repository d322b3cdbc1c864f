import { env } from "../env";
import { builtInEngine } from "./built-in";
import { modelEngine } from "./model/engine";
import type { Engine } from "./types";

/**
 * The engine this server answers with: the configured OpenAI-compatible model
 * (AI_BASE_URL, AI_MODEL, AI_API_KEY), else the built-in one over the team's data.
 */
export function activeEngine(): Engine {
  const ai = env().ai;
  return ai ? modelEngine(ai) : builtInEngine;
}
