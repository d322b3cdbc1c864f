import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * The fetcher of an "add" form (a comment): with JavaScript the form
 * posts through it and empties once the server answers `ok`; a refusal stays for the
 * field to show. Without JavaScript the same form is a plain post.
 */
export function useAddFetcher<Answer extends { ok?: true }>(key: string) {
  const fetcher = useFetcher<Answer>({ key });
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);
  return { form, answer, busy: fetcher.state !== "idle" };
}
