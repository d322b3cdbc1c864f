import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { channelProjects, chatDeliveryLog, listChatChannels } from "~/.server/chat-channels/channels";
import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { workspaceForMember } from "~/.server/workspaces/membership";
import { AddChatChannel, ChatChannelList, ChatDeliveryLog } from "~/components/integrations/chat-channels";
import type { Route } from "./+types/workspace-chat-channels";
import {
  workspaceChatChannelsFallback,
  workspaceChatChannelsIntents,
  type ChatChannelRefused,
} from "./workspace-chat-channels-intents.server";

/**
 * A workspace's chat channels, for its owners and admins: each project's news posted to
 * Slack, Mattermost, Discord, Teams, ntfy or any JSON receiver. Per channel: Send test,
 * edit, turn off/on, delete, and its delivery log (`?log=<channel>`). Every control is a
 * plain form: it works without JavaScript.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Chat channels · ${loaderData.workspace.name} · Plotline` : "Chat channels · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, actor } = await requireActor(request, context);
  const workspace = await load(() => workspaceForMember(user.id, params.workspaceId));
  const channels = await load(() => listChatChannels(actor, workspace.publicId));
  const logOf = new URL(request.url).searchParams.get("log");
  const shown = channels.find((channel) => channel.id === logOf) ?? null;
  return {
    workspace: { id: workspace.publicId, name: workspace.name },
    projects: await channelProjects(workspace.id),
    channels,
    log: shown ? { channel: shown, deliveries: await load(() => chatDeliveryLog(actor, shown.id)) } : null,
  };
}

/** Every control is an intent of workspace-chat-channels-intents.server.ts, run as its command. */
export const action = intentAction(workspaceChatChannelsIntents, { fallback: workspaceChatChannelsFallback });

export default function WorkspaceChatChannelsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { workspace, projects, channels, log } = loaderData;
  const refused = actionData as ChatChannelRefused | undefined;
  return (
    <Box sx={{ maxWidth: 900, mx: "auto", display: "grid", gap: 3, minWidth: 0 }}>
      <Box>
        <Typography component="h1" variant="h4">
          Chat channels
        </Typography>
        <Typography color="textSecondary">
          <Box component={Link} to={`/app/workspaces/${workspace.id}`} sx={{ color: "primary.main" }}>
            {workspace.name}
          </Box>{" "}
          · Post a project&apos;s task news to your team&apos;s chat. Failed messages are retried for a few hours and
          shown here.
        </Typography>
      </Box>
      <ChatChannelList channels={channels} projects={projects} refused={refused} />
      {log ? <ChatDeliveryLog log={log} /> : null}
      <AddChatChannel
        projects={projects}
        refused={refused?.intent === "create-channel" ? refused : undefined}
        // A new form after each channel added: the fields start empty again.
        key={`add-${channels.length}`}
      />
    </Box>
  );
}
