import { Suspense } from "react";
import { createRequestHandler, Outlet, Scripts, type ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { createRequestContext } from "~/.server/request-context";
import { takeLoggedErrors } from "../tests/setup/logged-errors";
import * as entry from "./entry.server";
import { onDemand } from "./utils/on-demand";

/**
 * The document renderer with React Router's own request handler around it and a build of
 * one route made here: the page is answered whole, with the response's nonce on React
 * Router's scripts, and the render's abort timer is cleared once the page is done (left
 * running, its closure held each finished render for seconds: decision 012).
 */
function buildOf(Page: () => React.ReactNode): ServerBuild {
  const route = {
    id: "root",
    path: "",
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: true,
  };
  return {
    entry: { module: entry },
    routes: {
      root: {
        ...route,
        module: {
          default: () => (
            <html lang="en">
              <head />
              <body>
                <Page />
                <Outlet />
                <Scripts />
              </body>
            </html>
          ),
          ErrorBoundary: () => <main>Something went wrong</main>,
        },
      },
    },
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: { root: { ...route, module: "/assets/root.js", imports: [] } },
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {
      v8_middleware: true,
      unstable_subResourceIntegrity: false,
      unstable_trailingSlashAwareDataRequests: true,
    },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

async function render(Page: () => React.ReactNode) {
  const handler = createRequestHandler(buildOf(Page), "production");
  const context = createRequestContext({ requestId: "test", clientIp: "127.0.0.1", cspNonce: "n0nce" });
  return handler(new Request("http://localhost/"), context);
}

/** The render's abort timers (streamTimeout + 1 s) set while `run` ran, and whether each was cleared. */
async function abortTimers<T>(run: () => Promise<T>) {
  const set = vi.spyOn(globalThis, "setTimeout");
  const cleared = vi.spyOn(globalThis, "clearTimeout");
  const result = await run();
  const timers = set.mock.calls
    .map((call, index) => ({ delay: call[1], timer: set.mock.results[index]?.value as unknown }))
    .filter(({ delay }) => delay === entry.streamTimeout + 1000)
    .map(({ timer }) => ({ cleared: cleared.mock.calls.some(([id]) => id === timer) }));
  return { result, timers };
}

describe("the document renderer", () => {
  it("answers the whole page, React Router's scripts with the nonce, and clears its abort timer", async () => {
    const { result: response, timers } = await abortTimers(() => render(() => <main>Hello from the page</main>));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain("<main>Hello from the page</main>");
    expect(html).toMatch(/<script nonce="n0nce"/);
    expect(timers).toEqual([{ cleared: true }]);
  });

  it("clears its abort timer when the page fails to render too", async () => {
    const { result: response, timers } = await abortTimers(() =>
      render(() => {
        throw new Error("this page cannot render");
      }),
    );
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("<main>Something went wrong</main>");
    expect(takeLoggedErrors().map((line) => line.msg)).toContain("request failed");
    expect(timers.length).toBeGreaterThan(0);
    expect(timers.every((timer) => timer.cleared)).toBe(true);
  });

  it("renders a component loaded on demand in place, not a fallback, marked for the browser to load first", async () => {
    let loads = 0;
    // Larger than React's progressive chunk (12.8 kB), which it would move out of place.
    const text = "words ".repeat(4000);
    const Greeting = onDemand("greeting", async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return ({ name }: { name: string }) => (
        <p className="greeting">
          Hello, {name}: {text}
        </p>
      );
    });
    const page = () => (
      <main>
        <Suspense fallback={<p>Loading</p>}>
          <Greeting name="Ada" />
        </Suspense>
      </main>
    );
    for (let i = 0; i < 2; i++) {
      const html = await (await render(page)).text();
      // In place, as a page without JavaScript shows it: no hidden segment, no script to reveal it.
      expect(html).toContain(
        '<main><!--$--><template data-on-demand="greeting"></template><p class="greeting">Hello, ',
      );
      expect(html).toContain(`${text}</p><!--/$--></main>`);
      expect(html).not.toContain("Loading");
      expect(html).not.toMatch(/<div hidden id="S:/);
    }
    expect(loads).toBe(1);
  });

  it("hands the page's data over in a stream of bytes without a pipe, and names its modules at low priority", async () => {
    const html = await (await render(() => <main>Hello from the page</main>)).text();
    expect(html).not.toContain(entry.ROUTER_STREAM_SCRIPT);
    expect(html).toContain(entry.PAINTABLE_STREAM_SCRIPT);
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(0);
    for (const link of preloads) expect(link).toContain('fetchpriority="low"');

    // The hand-off scripts run as the browser runs them: the client reads the bytes React
    // Router's own script would have given it.
    const scripts = [...html.matchAll(/<script nonce="n0nce">([\s\S]*?)<\/script>/g)]
      .map((match) => match[1]!)
      .filter((script) => script.includes("__reactRouterContext"));
    const received = async (handOff: string[]) => {
      const window: { __reactRouterContext?: { stream: ReadableStream<Uint8Array> } } = {};
      for (const script of handOff) new Function("window", script)(window);
      return new Uint8Array(await new Response(window.__reactRouterContext!.stream).arrayBuffer());
    };
    const ours = await received(scripts);
    const theirs = await received(
      scripts.map((script) => script.replace(entry.PAINTABLE_STREAM_SCRIPT, entry.ROUTER_STREAM_SCRIPT)),
    );
    expect(new TextDecoder().decode(ours)).toContain("loaderData");
    expect(ours).toEqual(theirs);
  });
});
