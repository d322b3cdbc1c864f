import { data } from "react-router";

import {
  createChatChannel,
  createChatChannelCommand,
  deleteChatChannelCommand,
  sendTestChatMessageCommand,
  updateChatChannel,
  updateChatChannelCommand,
} from "~/.server/chat-channels/channels";
import { intent, type IntentContext } from "~/.server/http/intents";
import { redirectWithToast } from "~/.server/toast";
import { CHAT_CHANNEL_NAME_MAX, CHAT_CHANNEL_URL_MAX } from "~/utils/chat-channels";
import type { Toast } from "~/utils/toast";

/**
 * A workspace's chat channels page (app/routes/app/workspace-chat-channels.tsx). Every
 * control is a plain form; each comes back to the page with a toast, a refused add or edit
 * with its message beside the field and what was typed (the URL too: it was just typed).
 */
export type ChatChannelRefused = {
  intent: "create-channel" | "update-channel";
  channelId: string | null;
  field: string;
  message: string;
  projectId: string;
  name: string;
  format: string;
  url: string;
  events: string[];
};

const text = (context: IntentContext, name: string) => {
  const value = context.formData.get(name);
  return typeof value === "string" ? value : "";
};
const channelIdOf = (context: IntentContext) => text(context, "channelId");
const toast = (context: IntentContext, message: Toast, suffix = "") =>
  redirectWithToast(`/app/workspaces/${context.params.workspaceId}/chat-channels${suffix}`, message, context.request);
const atLog = (context: IntentContext) => `?log=${encodeURIComponent(channelIdOf(context))}#channel-log`;

/** What an add or edit form sent, cut to what it may hold, so a refusal gives it back. */
function channelFormOf(context: IntentContext) {
  return {
    projectId: text(context, "projectId").slice(0, 40),
    name: text(context, "name").slice(0, CHAT_CHANNEL_NAME_MAX + 1),
    format: text(context, "format").slice(0, 40),
    url: text(context, "url").slice(0, CHAT_CHANNEL_URL_MAX + 1),
    events: context.formData.getAll("events").filter((value): value is string => typeof value === "string"),
  };
}

function refusal(kind: ChatChannelRefused["intent"]) {
  return ({ field, message }: { field: string; message: string }, context: IntentContext) => {
    const refused: ChatChannelRefused = {
      intent: kind,
      channelId: kind === "update-channel" ? channelIdOf(context) : null,
      field,
      message,
      ...channelFormOf(context),
    };
    return data(refused, { status: 400 });
  };
}

const createChannel = intent({
  command: createChatChannelCommand,
  parse: (context) => ({ ok: true, input: { workspaceId: context.params.workspaceId!, ...channelFormOf(context) } }),
  // The URL's addresses are resolved before the unit of work opens (channels.ts).
  run: (context, input) => createChatChannel(context.principal, input),
  refused: refusal("create-channel"),
  done: (created, context) =>
    toast(context, {
      title: `${created.name} added`,
      description: "Send a test to see a message arrive.",
      variant: "success",
    }),
});

const updateChannel = intent({
  command: updateChatChannelCommand,
  parse: (context) => {
    const form = channelFormOf(context);
    // An empty URL keeps the one saved (the page never shows it whole to send it back).
    return {
      ok: true,
      input: { channelId: channelIdOf(context), name: form.name, url: form.url, events: form.events },
    };
  },
  run: (context, input) => updateChatChannel(context.principal, input),
  refused: refusal("update-channel"),
  done: (channel, context) =>
    toast(context, {
      title: channel.changed.length > 0 ? `${channel.name} saved` : "Nothing changed",
      description:
        channel.changed.length > 0 ? "The next messages follow the new settings." : "The channel was already set so.",
      variant: "success",
    }),
});

const toggleChannel = intent({
  command: updateChatChannelCommand,
  parse: (context) => ({
    ok: true,
    input: { channelId: channelIdOf(context), enabled: text(context, "enabled") === "true" },
  }),
  done: (channel, context) =>
    toast(
      context,
      channel.enabled
        ? { title: `${channel.name} turned on`, description: "It gets the next news.", variant: "success" }
        : { title: `${channel.name} turned off`, description: "Nothing is posted until it is on.", variant: "success" },
    ),
});

const deleteChannel = intent({
  command: deleteChatChannelCommand,
  parse: (context) => ({ ok: true, input: { channelId: channelIdOf(context) } }),
  done: (channel, context) =>
    toast(context, {
      title: `${channel.name} deleted`,
      description: "Its delivery log went with it.",
      variant: "success",
    }),
});

const sendTest = intent({
  command: sendTestChatMessageCommand,
  parse: (context) => ({ ok: true, input: { channelId: channelIdOf(context) } }),
  done: (_sent, context) =>
    toast(
      context,
      { title: "Test sent", description: "Its answer appears in the delivery log in a moment.", variant: "success" },
      atLog(context),
    ),
});

export const workspaceChatChannelsIntents = {
  "create-channel": createChannel,
  "update-channel": updateChannel,
  "toggle-channel": toggleChannel,
  "delete-channel": deleteChannel,
  "send-test": sendTest,
};

export const workspaceChatChannelsFallback = (): never => {
  throw data("Unknown action.", { status: 400 });
};
