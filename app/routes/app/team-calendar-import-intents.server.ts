import { data, redirect } from "react-router";

import { viewerTimeZone } from "~/.server/calendar/http";
import { icsTextOf, importEventsCommand, openFile, previewImport, readIcs, sealFile } from "~/.server/calendar/import";
import { intent, type IntentContext, type Refusal } from "~/.server/http/intents";
import { authorize } from "~/.server/policies";
import { redirectWithToast } from "~/.server/toast";
import { workspaceForMember } from "~/.server/workspaces/membership";
import { monthHref } from "~/utils/team-calendar-urls";
import { PUBLIC_ID_PATTERN } from "~/validation/assistant";

/**
 * Import an .ics file (app/routes/app/team-calendar-import.tsx): `preview-import` reads the
 * uploaded file and writes nothing (the page shows what would be created, and the file rides
 * along in the preview's form, signed); `import-events` reads that file again and creates its
 * new events with one command. Both are plain multipart forms: they work without JavaScript.
 */
const workspaceOf = (context: IntentContext) => {
  const value = context.formData.get("workspaceId");
  return typeof value === "string" && PUBLIC_ID_PATTERN.test(value) ? value : null;
};

/**
 * The right to add events to the workspace, before the file is even looked at: an outsider
 * learns nothing (404), a viewer is refused (403).
 */
const mayImport = async (context: IntentContext) => {
  const workspaceId = workspaceOf(context);
  if (!workspaceId) return;
  const workspace = await workspaceForMember(context.principal.userId, workspaceId);
  authorize(workspace.role, "event.create");
};

/** The form again with the reason beside the file field (or above the form). */
const refused = ({ field, message }: Refusal, context: IntentContext) =>
  data({ intent: context.intent, error: { field: field || "file", message } }, { status: 400 });

const preview = intent({
  command: null,
  guard: mayImport,
  parse: async (context) => {
    const workspaceId = workspaceOf(context);
    if (!workspaceId) return { ok: false, field: "workspaceId", message: "Choose a workspace." };
    return { ok: true, input: { workspaceId, file: await icsTextOf(context.formData.get("file")) } };
  },
  run: async (context, input: { workspaceId: string; file: { name: string; text: string } }) => {
    const found = await previewImport(context.principal.userId, {
      workspaceId: input.workspaceId,
      fileName: input.file.name,
      text: input.file.text,
      importerZone: viewerTimeZone(context.request),
    });
    return { preview: found, sealed: sealFile(context.principal.userId, input.workspaceId, input.file) };
  },
  refused,
  // The preview is this answer's page: nothing is stored until Create.
  done: (found, context) => data({ intent: context.intent, ...found }, { headers: { "Cache-Control": "no-store" } }),
});

const importEvents = intent({
  command: importEventsCommand,
  guard: mayImport,
  parse: (context) => {
    const workspaceId = workspaceOf(context);
    if (!workspaceId) return { ok: false, field: "workspaceId", message: "Choose a workspace." };
    const file = openFile(context.principal.userId, workspaceId, context.formData.get("file"));
    const { events } = readIcs(file.text, viewerTimeZone(context.request));
    if (events.length === 0)
      return { ok: false, field: "file", message: "The file has no events that can be imported." };
    return { ok: true, input: { workspaceId, fileName: file.name, events } };
  },
  refused,
  done: (imported, context) =>
    redirectWithToast(
      monthHref(imported.firstDay?.slice(0, 7) ?? null, { workspace: workspaceOf(context), tasks: false }),
      {
        title: imported.created
          ? `${imported.created} event${imported.created === 1 ? "" : "s"} imported`
          : "Nothing new",
        description: imported.skipped
          ? `${imported.skipped} ${imported.skipped === 1 ? "was" : "were"} already in the calendar.`
          : "They are in the team calendar now.",
        variant: "success",
      },
      context.request,
    ),
});

export const teamCalendarImportIntents = { "preview-import": preview, "import-events": importEvents };

export const teamCalendarImportFallback = () => redirect("/app/calendar/import");
