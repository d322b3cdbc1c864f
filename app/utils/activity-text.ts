/**
 * One activity row as a sentence ("renamed the project from Apollo to Artemis"), shared
 * by the Activity Log view and, later, notifications and the real-time feed.
 */
type Change = { from: string; to: string };

const FIELD_NAMES: Record<string, string> = { name: "name", description: "description", key: "key", color: "colour" };

export function describeActivity(verb: string, data: Record<string, unknown>): string {
  const name = typeof data.name === "string" ? data.name : "the project";
  switch (verb) {
    case "project.created":
      return `created the project ${name}`;
    case "project.renamed": {
      const change = (data.changes as Record<string, Change> | undefined)?.name;
      return change ? `renamed the project from ${change.from} to ${change.to}` : `renamed the project to ${name}`;
    }
    case "project.updated": {
      const changes = Object.keys((data.changes as Record<string, Change> | undefined) ?? {});
      const fields = changes.map((field) => FIELD_NAMES[field] ?? field);
      return fields.length ? `changed the project's ${listOf(fields)}` : "updated the project";
    }
    case "project.cover_changed":
      return "changed the cover image";
    case "project.cover_removed":
      return "removed the cover image";
    case "project.archived":
      return "archived the project";
    case "project.unarchived":
      return "restored the project from the archive";
    case "project.deleted":
      return `deleted the project ${name}`;
    case "project.starred":
      return "starred the project";
    case "project.unstarred":
      return "unstarred the project";
    case "workspace.created":
      return `created the workspace ${name}`;
    case "workspace.renamed":
      return `renamed the workspace from ${String(data.from)} to ${String(data.to)}`;
    case "workspace.deleted":
      return `deleted the workspace ${name}`;
    case "invitation.sent":
      return `${data.resent ? "resent the invitation to" : "invited"} ${String(data.email)} as ${String(data.role)}`;
    case "invitation.revoked":
      return `withdrew the invitation to ${String(data.email)}`;
    case "member.joined":
      return `joined the workspace as ${String(data.role)}`;
    case "member.role_changed":
      return `changed ${String(data.name)}'s role from ${String(data.from)} to ${String(data.to)}`;
    case "member.removed":
      return `removed ${String(data.name)} from the workspace`;
    case "member.left":
      return "left the workspace";
    case "workspace.ownership_transferred":
      return `made ${String(data.name)} an owner of the workspace`;
    default:
      return verb.replace(/[._]/g, " ");
  }
}

function listOf(items: string[]) {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
