import createCache from "@emotion/cache";

/**
 * One key on server and client, so the browser adopts the server's style tags. The nonce
 * lets the style tags through the Content-Security-Policy.
 */
export function createEmotionCache(nonce?: string) {
  return createCache({ key: "mui", nonce });
}
