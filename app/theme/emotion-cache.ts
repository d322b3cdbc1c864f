import createCache from "@emotion/cache";

/**
 * No stylis plugins: the browsers we support need no vendor prefixes, and without them
 * every page's inlined CSS is about a fifth smaller. One array for every cache, because
 * emotion's server keeps its compiled-rules cache per plugin array (a new array per request
 * would compile every rule again).
 */
const STYLIS_PLUGINS: [] = [];

/** One key on server and client, so the browser adopts the server's style tags. */
export function createEmotionCache() {
  return createCache({ key: "mui", stylisPlugins: STYLIS_PLUGINS });
}
