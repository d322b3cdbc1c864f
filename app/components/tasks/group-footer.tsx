import { Link } from "react-router";

import { QuickAdd } from "~/components/tasks/quick-add";

/**
 * Under a status's cards or rows: "Show more" when the server sent only the first page (a
 * GET to `moreHref`), then the quick add for those who may add tasks.
 */
export function GroupFooter({
  shown,
  total,
  moreHref,
  canEdit,
  ...quickAdd
}: {
  shown: number;
  total: number;
  moreHref: string;
  canEdit: boolean;
} & Parameters<typeof QuickAdd>[0]) {
  return (
    <>
      {shown < total ? (
        <Link className="pl-more" to={moreHref} preventScrollReset>
          Show more ({total - shown})
        </Link>
      ) : null}
      {canEdit ? <QuickAdd {...quickAdd} /> : null}
    </>
  );
}
