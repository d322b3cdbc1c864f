import { describe, expect, it } from "vitest";

import { INBOUND_COMMANDS } from "~/.server/code-hosts/receive";
import { allCommands } from "~/.server/commands";
import { IMPORT_JOB_COMMANDS } from "~/.server/imports/apply";
import { PUBLIC_SITE_COMMANDS } from "~/.server/public-forms/commands";
import { WORKSPACE_IMPORT_JOB_COMMANDS } from "~/.server/workspace-export/import";
import { RECURRENCE_JOB_COMMANDS } from "~/.server/tasks/recurrence";
import { INTENT_MAPS } from "../setup/intent-maps";

/**
 * The command registry against the pages: every command is reachable from some page's
 * intent, public form or inbound delivery (so the authorization sweep and the action fuzz, which post every
 * intent, reach every command), and every intent names a registered command or none.
 */
describe("the command registry", () => {
  const intents = Object.entries(INTENT_MAPS).flatMap(([route, map]) =>
    Object.entries(map).map(([intent, handler]) => ({ route, intent, command: handler.command })),
  );

  it("has commands, each with a unique name", () => {
    const names = allCommands().map((command) => command.name);
    expect(names.length).toBeGreaterThan(40);
    expect(new Set(names).size).toBe(names.length);
  });

  it("reaches every command from a page's intent, the public site's forms or a code host's delivery", () => {
    const reached = new Set([
      ...intents.flatMap(({ command }) => (command ? [command.name] : [])),
      ...PUBLIC_SITE_COMMANDS.map((command) => command.name),
      // Run by the import's job, which the import page's `start` intent starts.
      ...IMPORT_JOB_COMMANDS.map((command) => command.name),
      // Run by a workspace import's job, which the import page's `upload` intent starts.
      ...WORKSPACE_IMPORT_JOB_COMMANDS.map((command) => command.name),
      ...INBOUND_COMMANDS.map((command) => command.name),
      // Run by the scheduler of repeating tasks, which the Repeat editor's `set-recurrence` sets off.
      ...RECURRENCE_JOB_COMMANDS.map((command) => command.name),
    ]);
    const unreached = allCommands()
      .map((command) => command.name)
      .filter((name) => !reached.has(name));
    expect(unreached).toEqual([]);
  });

  it("names only registered commands in the intent maps", () => {
    const registered = new Set(allCommands());
    const strays = intents.filter(({ command }) => command && !registered.has(command));
    expect(strays.map(({ route, intent }) => `${route} ${intent}`)).toEqual([]);
  });
});
