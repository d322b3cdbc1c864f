/**
 * Chat channels (issue 33): the tools a project's news can be posted to, and the kinds of
 * news a channel can ask for. Shared by the server's checks and the settings form.
 */
export const CHAT_FORMATS = {
  slack: {
    label: "Slack",
    hint: "An incoming webhook URL (https://hooks.slack.com/services/…). The message uses Block Kit.",
  },
  mattermost: {
    label: "Mattermost",
    hint: "An incoming webhook URL (https://your-server/hooks/…). The message is Markdown.",
  },
  discord: {
    label: "Discord",
    hint: "A channel webhook URL (https://discord.com/api/webhooks/…). Plotline posts to its Slack-compatible endpoint.",
  },
  teams: {
    label: "Microsoft Teams",
    hint: "A Workflows webhook URL (“Post to a channel when a webhook request is received”). The message is an Adaptive Card.",
  },
  ntfy: {
    label: "ntfy",
    hint: "A topic URL (https://ntfy.sh/your-topic, or your own server). Each message is a push notification.",
  },
  json: {
    label: "Generic JSON",
    hint: "Any URL that accepts a JSON POST: the message's text, task, actor and project.",
  },
} as const;
export type ChatFormat = keyof typeof CHAT_FORMATS;
export const CHAT_FORMAT_IDS = Object.keys(CHAT_FORMATS) as ChatFormat[];

export const CHAT_EVENTS = {
  "task.created": "A task is created",
  "task.completed": "A task is completed",
  "task.assigned": "A task is assigned",
  "task.status_changed": "A task's status changes",
  "comment.created": "A comment is added",
  "task.due_soon": "A task is due tomorrow",
  "message.posted": "A message is posted in the project's chat",
} as const;
export type ChatEvent = keyof typeof CHAT_EVENTS;
export const CHAT_EVENT_IDS = Object.keys(CHAT_EVENTS) as ChatEvent[];
/** What a new channel asks for unless told otherwise: the task news, not the chat. */
export const DEFAULT_CHAT_EVENTS: ChatEvent[] = CHAT_EVENT_IDS.filter((event) => event !== "message.posted");

export const isChatFormat = (value: string): value is ChatFormat => value in CHAT_FORMATS;
export const isChatEvent = (value: string): value is ChatEvent => value in CHAT_EVENTS;

export const CHAT_CHANNEL_NAME_MAX = 80;
export const CHAT_CHANNEL_URL_MAX = 2_000;
export const CHAT_CHANNELS_PER_WORKSPACE = 50;
