import { data, redirect } from "react-router";

import { intent, type IntentContext } from "~/.server/http/intents";
import { startImportCommand, uploadImport, uploadImportCommand } from "~/.server/imports/imports";
import { IMPORT_FIELD_IDS } from "~/utils/imports";

/**
 * The import pages (app/routes/app/project-import.tsx and project-import-run.tsx): the
 * upload, and the mapping form's Check and Import. Plain forms; a refusal comes back beside
 * its field (the mapping as chosen).
 */
export type ImportRefused = { intent: string; field: string; message: string; mapping?: Record<string, number> };

const here = (context: IntentContext, importId: string) =>
  `/app/project/${context.params.projectId}/import/${importId}`;

const upload = intent({
  command: uploadImportCommand,
  parse: (context) => {
    const file = context.formData.get("file");
    return {
      ok: true,
      input: {
        projectId: context.params.projectId!,
        file: file instanceof File ? file : new File([], ""),
      },
    };
  },
  run: (context, input) => uploadImport(context.principal, input),
  refused: ({ field, message }) => data({ intent: "upload", field, message } satisfies ImportRefused, { status: 400 }),
  done: (created, context) => redirect(here(context, created.id)),
});

/** The mapping form: a select per field, each a column's index or -1 (not imported). */
function mappingOf(context: IntentContext) {
  return Object.fromEntries(
    IMPORT_FIELD_IDS.map((field) => {
      const value = Number(context.formData.get(field) ?? -1);
      return [field, Number.isInteger(value) ? value : -1];
    }),
  );
}

const start = intent({
  command: startImportCommand,
  parse: (context) => ({
    ok: true,
    input: {
      importId: context.params.importId ?? String(context.formData.get("importId") ?? ""),
      mapping: mappingOf(context),
      dryRun: context.formData.get("dryRun") === "true",
    },
  }),
  refused: ({ field, message }, context) =>
    data({ intent: "start", field, message, mapping: mappingOf(context) } satisfies ImportRefused, { status: 400 }),
  done: (started, context) => redirect(here(context, started.id)),
});

export const projectImportIntents = { upload, start };

export const projectImportFallback = (): never => {
  throw data("Unknown action.", { status: 400 });
};
