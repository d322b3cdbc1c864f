import { useFetcher, useLocation } from "react-router";

import { Star as StarIcon, StarBorder as StarBorderIcon } from "~/components/icons/material";

/**
 * Star / Unstar: a form post to /app/project/{id}/star that comes back to this page
 * without JavaScript; with it, a fetcher that shows the new state at once. A `.pl-icon-button`
 * (components/lists/styles.ts), warning-coloured when pressed (the project page's head).
 */
export function StarButton({ projectId, name, starred }: { projectId: string; name: string; starred: boolean }) {
  const fetcher = useFetcher({ key: `star-${projectId}` });
  const location = useLocation();
  const pending = fetcher.formData?.get("starred");
  const shown = pending ? pending === "true" : starred;
  const action = `/app/project/${projectId}/star`;
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="starred" value={String(!shown)} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="pl-icon-button"
        aria-label={shown ? `Unstar ${name}` : `Star ${name}`}
        aria-pressed={shown}
        onClick={(event) => {
          event.preventDefault();
          void fetcher.submit({ starred: String(!shown) }, { method: "post", action });
        }}
      >
        {shown ? <StarIcon /> : <StarBorderIcon />}
      </button>
    </fetcher.Form>
  );
}
