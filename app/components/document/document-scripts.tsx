import { useState } from "react";
import { Scripts, ScrollRestoration, useMatches } from "react-router";

/**
 * How a route's document asks to be hydrated (its `handle`). The public site's pages are
 * whole without JavaScript (links, GET forms, <details>), so their scripts wait for the
 * reader's first interaction instead of competing with the first paint (decision 039).
 */
export const HYDRATE_ON_INTERACTION = { hydrate: "on-interaction" } as const;

const HOLDER_ID = "deferred-scripts";

/**
 * Runs in the <head> of a page that hydrates on interaction. Until the first pointer, key,
 * touch, focus or scroll it keeps React Router's streamed data (the inline scripts after
 * the page call `__reactRouterContext.streamController`) in a buffer; then it turns the
 * scripts kept as text in <noscript> into real ones (with this document's nonce), replays
 * the buffer into the stream they create, and the entry module hydrates as on any page.
 * What was typed meanwhile is given back to its fields once the page is hydrated.
 */
const HYDRATE_ON_INTERACTION_SCRIPT = `(function () {
  var nonce = document.currentScript.nonce, chunks = [], closed = false, started = false, typed = [];
  var events = ["pointerdown", "pointermove", "keydown", "touchstart", "focusin", "wheel", "scroll"];
  window.__reactRouterContext = {
    streamController: { enqueue: function (chunk) { chunks.push(chunk); }, close: function () { closed = true; } }
  };
  function remember(event) {
    var field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    typed = typed.filter(function (entry) { return entry.field !== field; });
    typed.push({ field: field, value: field.value });
  }
  // Hydration sets a controlled field back to its rendered value: give it what was typed.
  function replayTyped() {
    removeEventListener("input", remember, true);
    typed.forEach(function (entry) {
      var field = entry.field;
      if (!field.isConnected || field.value === entry.value) return;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value").set.call(field, entry.value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  addEventListener("input", remember, true);
  new MutationObserver(function (_, observer) {
    if (!("hydrated" in document.documentElement.dataset)) return;
    observer.disconnect();
    replayTyped();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-hydrated"] });
  function start(event) {
    // Chromium moves a pointer resting over the page after each layout: not the reader.
    if (event.type === "pointermove" && !event.movementX && !event.movementY) return;
    var holder = document.getElementById("${HOLDER_ID}");
    if (started || !holder) return;
    started = true;
    events.forEach(function (name) { removeEventListener(name, start, true); });
    var parsed = document.createElement("template");
    parsed.innerHTML = holder.textContent;
    Array.prototype.forEach.call(parsed.content.children, function (node) {
      var element = document.createElement(node.tagName);
      Array.prototype.forEach.call(node.attributes, function (a) { element.setAttribute(a.name, a.value); });
      element.textContent = node.textContent;
      if (node.tagName === "SCRIPT") element.nonce = nonce;
      document.body.appendChild(element);
      if (node.tagName === "SCRIPT" && !node.type) {
        var controller = window.__reactRouterContext.streamController;
        chunks.forEach(function (chunk) { controller.enqueue(chunk); });
        if (closed) controller.close();
      }
    });
  }
  events.forEach(function (name) { addEventListener(name, start, { capture: true, passive: true }); });
})();`;

/** Whether this document's matched routes hydrate on interaction, decided once per page life. */
export function useHydratesOnInteraction(): boolean {
  const matches = useMatches();
  const [deferred] = useState(() =>
    matches.some((match) => (match.handle as { hydrate?: string } | undefined)?.hydrate === "on-interaction"),
  );
  return deferred;
}

/** The loader for the <head> of a page that hydrates on interaction. */
export function HydrateOnInteractionLoader({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HYDRATE_ON_INTERACTION_SCRIPT }} />;
}

/**
 * The end of <body>: scroll restoration and React Router's scripts; for a page that hydrates
 * on interaction, those scripts as <noscript> text (inert with JavaScript on, and React does
 * not hydrate a <noscript>'s children), for the loader to start.
 */
export function DocumentScripts({ deferred }: { deferred: boolean }) {
  return (
    <>
      <ScrollRestoration />
      {deferred ? (
        <noscript id={HOLDER_ID}>
          <Scripts />
        </noscript>
      ) : (
        <Scripts />
      )}
    </>
  );
}
