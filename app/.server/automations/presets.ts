import { AUTOMATION_VERSION } from "~/utils/automations";
import type { Definition } from "./definition";

/**
 * The rules offered in one click on the Automations page, shaped to the project's own
 * statuses (its first done status, its first in-progress one, one named like "Review").
 * A preset that needs a status the project lacks is not offered.
 */
type Status = { id: string; name: string; category: string };
export type Preset = { id: string; name: string; description: string; definition: Definition };

const none = { match: "all" as const, items: [] };

export function presetsFor(statuses: Status[], timeZone: string): Preset[] {
  const done = statuses.find((status) => status.category === "done");
  const active = statuses.filter((status) => status.category === "active");
  const started = active[0];
  const review = active.find((status) => /review|qa|check/i.test(status.name)) ?? active.at(-1);
  const presets: (Preset | null | undefined)[] = [
    done && {
      id: "done-completes",
      name: `Moved to ${done.name} → complete the checklist and subtasks`,
      description: "A finished task leaves nothing open under it.",
      definition: {
        version: AUTOMATION_VERSION,
        trigger: { type: "status_changed", to: done.id },
        conditions: none,
        actions: [{ kind: "complete_checklist" }, { kind: "complete_subtasks" }],
      },
    },
    started && {
      id: "assigned-started",
      name: `Assigned → ${started.name}`,
      description: "Work not started yet moves along once someone takes it.",
      definition: {
        version: AUTOMATION_VERSION,
        trigger: { type: "assigned" },
        conditions: { match: "all", items: [{ kind: "status_is", value: "not_started" }] },
        actions: [{ kind: "set_status", value: started.id }],
      },
    },
    review && {
      id: "subtasks-review",
      name: `All subtasks done → move the parent to ${review.name}`,
      description: "The parent is ready for a look once every piece of it is done.",
      definition: {
        version: AUTOMATION_VERSION,
        trigger: { type: "all_subtasks_completed" },
        conditions: none,
        actions: [{ kind: "set_status", value: review.id }],
      },
    },
    done &&
      started && {
        id: "blocked-not-done",
        name: `Moved to ${done.name} while blocked → back to ${started.name}`,
        description: "A task is not done while a task blocking it is open: it goes back, with a comment saying so.",
        definition: {
          version: AUTOMATION_VERSION,
          trigger: { type: "status_changed", to: done.id },
          conditions: { match: "all", items: [{ kind: "blocked" }] },
          actions: [
            { kind: "set_status", value: started.id },
            { kind: "comment", text: "{key} is still blocked: finish the tasks blocking it first." },
          ],
        },
      },
    {
      id: "overdue-notify",
      name: "Overdue → notify the assignees and the admins",
      description: "Nobody finds out about a late task by accident.",
      definition: {
        version: AUTOMATION_VERSION,
        trigger: { type: "overdue" },
        conditions: none,
        actions: [
          { kind: "notify", value: "assignees", text: "{key} was due on {due}." },
          { kind: "notify", value: "admins", text: "{key} was due on {due}." },
        ],
      },
    },
    done && {
      id: "archive-done",
      name: `Archive ${done.name} tasks after 30 days`,
      description: "The board keeps to the work at hand; archived tasks stay searchable.",
      definition: {
        version: AUTOMATION_VERSION,
        trigger: { type: "schedule", every: "day", hour: 3, timeZone },
        conditions: { match: "all", items: [{ kind: "completed_days_ago", value: "30" }] },
        actions: [{ kind: "archive" }],
      },
    },
  ];
  return presets.filter((preset): preset is Preset => Boolean(preset));
}
