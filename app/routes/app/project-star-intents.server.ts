import { data, redirect } from "react-router";

import { intent, type IntentContext } from "~/.server/http/intents";
import { setProjectStarredCommand } from "~/.server/projects/projects";
import { safeRedirectPath } from "~/utils/safe-redirect";

/**
 * Star / Unstar (app/routes/app/project-star.ts): a plain form sends `redirectTo` and comes
 * back there; the star button's fetcher sends none and gets `{ starred }`.
 */
const star = intent({
  command: setProjectStarredCommand,
  parse: (context) => {
    const starred = context.formData.get("starred");
    if (starred !== "true" && starred !== "false") {
      return { ok: false, field: "starred", message: "starred must be true or false" };
    }
    return { ok: true, input: { projectId: context.params.projectId!, starred: starred === "true" } };
  },
  refused: ({ message }) => data({ error: message }, { status: 400 }),
  done: (_output, context) => {
    const back = context.formData.get("redirectTo");
    if (back) return redirect(safeRedirectPath(back, "/app/dashboard"));
    return data({ starred: context.formData.get("starred") === "true" });
  },
});

export const projectStarIntents = { star };

export const projectStarFallback = (context: IntentContext) => redirect(`/app/project/${context.params.projectId}`);
