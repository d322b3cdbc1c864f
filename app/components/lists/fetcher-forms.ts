import type { FormEvent } from "react";
import { useFetchers, useSubmit } from "react-router";

/**
 * Plain `<form method="post" data-fetcher>`s inside a list, enhanced by one
 * handler on the list instead of a `useFetcher` per item (docs/decisions/009). Without
 * JavaScript the form posts and its `redirectTo` brings the browser back; with it, the
 * list's `onSubmit` sends the same fields through a fetcher keyed by the form's `action` (no `redirectTo`, so no
 * navigation) and `pending(key)` gives the fields in flight, for an optimistic display.
 */
export function useFetcherForms(onSent?: (form: HTMLFormElement) => void) {
  const submit = useSubmit();
  const fetchers = useFetchers();
  return {
    onSubmit(event: FormEvent<HTMLElement>) {
      const form = event.target as HTMLFormElement;
      // The fetcher's key: `data-fetcher="…"` when several forms share an action, else the action.
      const key = form.dataset.fetcher || form.getAttribute("action");
      if (form.dataset.fetcher === undefined || !key) return;
      event.preventDefault();
      const body = new FormData(form, (event.nativeEvent as SubmitEvent).submitter);
      body.delete("redirectTo");
      void submit(body, {
        method: "post",
        action: form.getAttribute("action") ?? undefined,
        navigate: false,
        fetcherKey: key,
      });
      onSent?.(form);
    },
    /** The fields in flight for the form whose key (`data-fetcher`, else `action`) is `key`. */
    pending(key: string) {
      return fetchers.find((fetcher) => fetcher.key === key)?.formData;
    },
  };
}
