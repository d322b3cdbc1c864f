import { registeredCommands } from "./command";

/**
 * Loads every module that defines commands, so the registry is whole: the action fuzz and
 * the authorization sweep enumerate it, and a command missing from a route's intent map
 * fails a test. A module that defines commands is listed here.
 */
import "../api-tokens/tokens";
import "../automations/rules";
import "../assistant/conversations";
import "../assistant/service";
import "../assistant/settings";
import "../auth-service/session-list";
import "../calendar/events";
import "../calendar/feeds";
import "../calendar/import";
import "../chat-channels/channels";
import "../chat/messages";
import "../imports/apply";
import "../imports/imports";
import "../code-hosts/connections";
import "../code-hosts/receive";
import "../notifications/notifications";
import "../profiles/settings";
import "../projects/projects";
import "../public-forms/newsletter";
import "../public-forms/submissions";
import "../push/subscriptions";
import "../tasks/archive";
import "../tasks/attachments";
import "../tasks/bulk";
import "../tasks/checklist";
import "../tasks/comments";
import "../tasks/followers";
import "../tasks/labels";
import "../tasks/parent";
import "../tasks/recurrence";
import "../tasks/relations";
import "../tasks/statuses";
import "../tasks/tasks";
import "../tasks/transfer";
import "../team/invitations";
import "../team/members";
import "../templates/templates";
import "../webhooks/webhooks";
import "../workspace-export/export";
import "../workspace-export/import";
import "../workspaces/workspaces";

export const allCommands = registeredCommands;
