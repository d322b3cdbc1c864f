import { lazy, type ComponentType } from "react";

/** The modules the server rendered that are still loading, by id (the browser only). */
const loading = new Map<string, Promise<unknown>>();
const MARKER = "data-on-demand";

/**
 * A component whose code is fetched only by the pages that show it (decision 028), yet
 * whose server-rendered markup stays as it is: the server renders it like any other (React
 * waits for the module), next to an empty `<template data-on-demand={id}>`. In the browser
 * a module found marked in the document starts loading as soon as this call runs (when the
 * route modules are evaluated), and `entry.client.tsx` waits for it (`renderedOnDemand`)
 * before hydrating, so the page hydrates with the component in place and nothing the first
 * paint showed disappears. Shown later (a client navigation), it suspends: wrap it in a
 * `<Suspense>` that is already on screen, so a navigation keeps the old view until the new
 * one's code is there. `.preload()` fetches it ahead (on a link's hover, say).
 */
export function onDemand<P extends object>(id: string, load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let promise: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (promise ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        promise = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  if (typeof document !== "undefined" && document.querySelector(`template[${MARKER}="${id}"]`))
    loading.set(id, preload());
  function OnDemand(props: P) {
    const Component = loaded ?? Lazy;
    return (
      <>
        <template {...{ [MARKER]: id }} />
        <Component {...props} />
      </>
    );
  }
  OnDemand.displayName = `OnDemand(${id})`;
  OnDemand.preload = preload;
  return OnDemand;
}

/** Settles once the modules of the on-demand components the server rendered are loaded (or failed). */
export function renderedOnDemand(): Promise<unknown> {
  return Promise.allSettled(loading.values());
}
