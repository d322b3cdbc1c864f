import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";

import { formInput, intent, replyOf } from "~/.server/http/intents";
import { createProjectCommand } from "~/.server/projects/projects";
import { redirectWithToast } from "~/.server/toast";
import { isProjectColor } from "~/utils/projects";
import { createProjectSchema } from "~/validation/project-fields";

/**
 * Create New Project (app/routes/app/project-new.tsx, and the dashboard's dialog posting
 * there): its one form, which names no intent.
 */
const create = intent({
  command: createProjectCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: createProjectSchema }), ({ color, ...input }) => ({
      ...input,
      color: isProjectColor(color) ? color : undefined,
    })),
  refused: (refusal, _context, submission) => data({ lastResult: replyOf(refusal, submission!) }, { status: 400 }),
  done: (project, context) =>
    redirectWithToast(
      `/app/project/${project.id}`,
      { title: "Project created", description: `${project.name} is ready.`, variant: "success" },
      context.request,
    ),
});

export const projectNewIntents = { create };

export const projectNewFallback = () => redirect("/app/projects/new");
