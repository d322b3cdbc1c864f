import { env } from "../env";
import type { ConnectionResult } from "./model/test-connection";

/** Settings' Test connection: asks the configured model; the built-in engine needs no connection. */
export async function testAssistantConnection(): Promise<ConnectionResult> {
  const ai = env().ai;
  if (!ai) {
    return {
      ok: true,
      message: "The built-in assistant is ready: it answers from your workspace's data and needs no connection.",
    };
  }
  // Loaded here, not at start: the AI SDK is needed only with a model (decision 038).
  const { testConnection } = await import("./model/test-connection");
  return testConnection(ai);
}
