import type { ChatFormat } from "~/utils/chat-channels";
import type { ChatMessage } from "./messages";

/**
 * A message in each receiving tool's own format, and where it is posted. The tools differ
 * in what they accept: Discord refuses a raw JSON body ("Cannot send an empty message")
 * but takes Slack's at its `/slack` endpoint; Teams' Workflows webhooks take an Adaptive
 * Card; ntfy takes JSON at its root with the topic inside. Every format carries the
 * headline as plain text too, for notifications and clients that show no formatting.
 */
export const CHAT_HEADERS = { "content-type": "application/json", "user-agent": "Plotline-Chat/1.0" };

/** The request body of a message for the format. */
export function chatBody(format: ChatFormat, url: string, message: ChatMessage) {
  return JSON.stringify(BODIES[format](message, url));
}

/** Why the URL does not suit the format (said beside the field), or null. */
export function formatProblem(format: ChatFormat, raw: string): string | null {
  if (!URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (format === "ntfy" && topicOf(url) === "") return "Add the topic to the URL, like https://ntfy.sh/your-topic.";
  if (format === "discord" && isDiscord(url) && !/^\/api\/webhooks\/[^/]+\/[^/]+/.test(url.pathname))
    return "Use the channel's webhook URL, like https://discord.com/api/webhooks/123/abc.";
  return null;
}

const isDiscord = (url: URL) => /(^|\.)discord(app)?\.com$/.test(url.hostname);
const topicOf = (url: URL) => url.pathname.replace(/\/+$/, "").split("/").pop() ?? "";

/** Where the request goes: Discord's Slack-compatible endpoint; ntfy's root (the topic is in the body). */
export function chatTarget(format: ChatFormat, raw: string) {
  const url = new URL(raw);
  if (format === "discord" && isDiscord(url) && !url.pathname.replace(/\/+$/, "").endsWith("/slack")) {
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/slack`;
    return url.toString();
  }
  if (format === "ntfy") {
    const path = url.pathname.replace(/\/+$/, "");
    url.pathname = `${path.slice(0, path.lastIndexOf("/"))}/`;
    url.search = "";
    return url.toString();
  }
  return raw;
}

const titleOf = (message: ChatMessage) =>
  message.task ? `${message.task.key} ${message.task.title}`.trim() : message.project.name;

/** Slack's mrkdwn: only &, < and > are special in text. */
const slackEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** Markdown link text: brackets would end it early. */
const linkText = (text: string) => text.replace(/[[\]]/g, (bracket) => `\\${bracket}`);
const quoted = (text: string) => text.replace(/\n/g, " ");

function markdown(message: ChatMessage, url: string) {
  const lines = [`**[${linkText(titleOf(message))}](${url})**`, message.headline];
  if (message.detail) lines.push(`> ${quoted(message.detail)}`);
  return lines.join("\n");
}

const BODIES: Record<ChatFormat, (message: ChatMessage, url: string) => unknown> = {
  slack: (message) => ({
    text: message.headline,
    blocks: [
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: [
            `*<${message.url}|${slackEscape(titleOf(message))}>*`,
            slackEscape(message.headline),
            ...(message.detail ? [`>${slackEscape(quoted(message.detail))}`] : []),
          ].join("\n"),
        },
      },
      { type: "context", elements: [{ type: "mrkdwn", text: `${slackEscape(message.project.name)} · Plotline` }] },
    ],
  }),
  mattermost: (message) => ({ text: markdown(message, message.url), username: "Plotline" }),
  // Discord's `/slack` endpoint takes Slack's `text` and renders it as Discord Markdown.
  discord: (message) => ({ text: markdown(message, `<${message.url}>`), username: "Plotline" }),
  teams: (message) => ({
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            { type: "TextBlock", text: titleOf(message), weight: "Bolder", size: "Medium", wrap: true },
            { type: "TextBlock", text: message.headline, wrap: true },
            ...(message.detail ? [{ type: "TextBlock", text: message.detail, wrap: true, isSubtle: true }] : []),
            {
              type: "TextBlock",
              text: `${message.project.name} · Plotline`,
              size: "Small",
              isSubtle: true,
              wrap: true,
            },
          ],
          actions: [{ type: "Action.OpenUrl", title: message.task ? "Open task" : "Open project", url: message.url }],
        },
      },
    ],
  }),
  ntfy: (message, url) => ({
    topic: topicOf(new URL(url)),
    title: titleOf(message),
    message: message.detail ? `${message.headline}\n${message.detail}` : message.headline,
    click: message.url,
    tags: ["clipboard"],
  }),
  json: (message) => ({
    type: message.kind,
    text: message.headline,
    detail: message.detail,
    url: message.url,
    actor: message.actor,
    task: message.task,
    project: message.project,
    timestamp: message.timestamp,
  }),
};
