import { registerAuthMails } from "../auth-service";
import { registerCodeHosts } from "../code-hosts/connections";
import { registerNotificationSubscribers } from "../notifications/subscribers";
import { registerPublicFormMails } from "../public-forms/mails";
import { registerPushJobs } from "../push/delivery";
import { registerTeamSubscribers } from "../team/subscribers";
import { registerWebhooks } from "../webhooks/delivery";
import { registerChatChannels } from "../chat-channels/delivery";
import { registerImports } from "../imports/imports";
import { registerAutomations } from "../automations/register";
import { registerWorkspaceTransfers } from "../workspace-export/register";
import { registerRecurrence } from "../tasks/recurrence-jobs";

/**
 * Every durable subscriber (job kind) and live subscriber of the app, registered once per
 * process: by the app at boot (server/app.ts) and by each `npm run worker`. Both must know
 * the same kinds, or a job enqueued by one could meet a process that has no handler for it.
 * Registering again first undoes the previous set (development reloads).
 */
const holder = globalThis as typeof globalThis & { __plotlineUnregisterSubscribers?: () => void };

export function registerSubscribers() {
  holder.__plotlineUnregisterSubscribers?.();
  const unregisterAll = [
    registerPublicFormMails(),
    registerAuthMails(),
    registerTeamSubscribers(),
    registerNotificationSubscribers(),
    registerPushJobs(),
    registerWebhooks(),
    registerChatChannels(),
    registerImports(),
    registerWorkspaceTransfers(),
    registerCodeHosts(),
    registerAutomations(),
    registerRecurrence(),
  ];
  const unregister = () => {
    unregisterAll.forEach((undo) => undo());
    if (holder.__plotlineUnregisterSubscribers === unregister) holder.__plotlineUnregisterSubscribers = undefined;
  };
  holder.__plotlineUnregisterSubscribers = unregister;
  return unregister;
}
