import { NotFoundError } from "../errors";
import { userSettingsOf } from "../profiles/settings";
import { suggestedPrompts } from "../../utils/assistant-prompts";
import { PUBLIC_ID_PATTERN } from "../../validation/assistant";
import { conversationOf, listConversations, messagesOf } from "./conversations";
import { assistantContext } from "./service";
import { engineInfo } from "./settings";
import type { SignedIn } from "./types";

/** The widget remembers a conversation per tab; one deleted meanwhile just starts a new one. */
function forgiveInWidget(url: URL) {
  return (error: unknown) => {
    if (url.searchParams.get("widget") === "1" && error instanceof NotFoundError) return null;
    throw error;
  };
}

function idParam(url: URL, name: string) {
  const value = url.searchParams.get(name);
  return value && PUBLIC_ID_PATTERN.test(value) ? value : null;
}

/**
 * What the assistant page and the widget show: the user's conversations, the open one
 * (`?c=`) with its latest messages, and where a new question would be asked (`?project=`,
 * `?workspace=`, else the first workspace), with the suggested prompts unless the user
 * turned AI suggestions off in Settings → Notifications.
 */
export async function assistantPage(actor: SignedIn, url: URL, today: string) {
  const conversationId = idParam(url, "c");
  const [conversations, conversation, settings] = await Promise.all([
    listConversations(actor.userId),
    conversationId ? conversationOf(actor.userId, conversationId).catch(forgiveInWidget(url)) : null,
    userSettingsOf(actor.userId),
  ]);
  const context = await assistantContext(actor, {
    conversation,
    projectId: idParam(url, "project"),
    workspaceId: idParam(url, "workspace"),
    today,
  });
  const scope = context.enabled ? context.scope : null;
  return {
    conversations,
    conversation: conversation && { id: conversation.publicId, title: conversation.title },
    messages: conversation ? await messagesOf(conversation.id) : [],
    context: {
      enabled: context.enabled,
      reason: context.enabled ? null : context.reason,
      about: context.about,
      projectId: scope?.project?.publicId ?? null,
      workspaceId: scope?.workspace.publicId ?? null,
    },
    prompts: settings.aiSuggestions && scope ? suggestedPrompts(scope.project !== null) : [],
    engine: engineInfo().label,
  };
}
export type AssistantPageData = Awaited<ReturnType<typeof assistantPage>>;
