import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import { Form, Link, useNavigation } from "react-router";

import { todayFor } from "~/.server/assistant/http";
import { assistantPage } from "~/.server/assistant/page";
import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { EmptyState, MessageList, ThreadStyles } from "~/components/assistant/thread";
import type { AssistantMessage } from "~/components/assistant/types";
import { ASSISTANT_MESSAGE_MAX } from "~/utils/assistant-prompts";
import { assistantPageOf } from "~/utils/assistant-page";
import type { Route } from "./+types/assistant";
import { assistantFallback, assistantIntents } from "./assistant-intents.server";

/**
 * The AI assistant as a page (`/app/assistant`): the user's conversations, the open one
 * (`?c=`), and a plain form that asks and comes back with the whole answer, so it works
 * without JavaScript. The widget reads the same loader and posts its Apply, Dismiss and
 * Delete here through fetchers (no `redirectTo`: it gets JSON back); its questions stream
 * from /app/assistant/stream.
 */
export const meta: Route.MetaFunction = () => [{ title: "AI Assistant · Plotline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireActor(request, context);
  return load(() => assistantPage(actor, new URL(request.url), todayFor(request)));
}

/** Every form of the page is an intent of assistant-intents.server.ts. */
export const action = intentAction(assistantIntents, { fallback: assistantFallback });

export default function AssistantPage({ loaderData, actionData }: Route.ComponentProps) {
  const { conversations, conversation, messages, context, prompts, engine } = loaderData;
  const navigation = useNavigation();
  const asking = navigation.state !== "idle" && navigation.formData?.get("intent") === "ask";
  const here = assistantPageOf(conversation?.id);
  const refused = actionData && "typed" in actionData ? actionData : null;
  return (
    <Box sx={{ maxWidth: 1100, mx: "auto" }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        AI Assistant
      </Typography>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "260px minmax(0, 1fr)" } }}>
        <ConversationList conversations={conversations} current={conversation?.id ?? null} />
        <Paper component="section" variant="outlined" aria-labelledby="assistant-heading" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="assistant-heading" component="h2" variant="h6">
            {conversation?.title ?? "New conversation"}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {context.about ? `About ${context.about}. ` : null}Answers come from {engine}.
          </Typography>
          {context.enabled ? null : (
            <Typography role="status" sx={{ mb: 2 }}>
              {context.reason}
            </Typography>
          )}
          <ThreadStyles>
            {messages.length === 0 ? (
              <Form method="post">
                <ContextFields context={context} conversationId={conversation?.id} />
                <EmptyState
                  prompts={context.enabled ? prompts : []}
                  renderPrompt={(prompt) => (
                    <button
                      key={prompt}
                      className="pl-ai-prompt"
                      type="submit"
                      name="message"
                      value={prompt}
                      disabled={asking}
                    >
                      {prompt}
                    </button>
                  )}
                />
              </Form>
            ) : (
              <MessageList
                messages={messages}
                proposalActions={(message) => <ProposalForms message={message} back={here} />}
              />
            )}
            <span id="latest" />
          </ThreadStyles>
          {context.enabled ? (
            <Form method="post" style={{ marginTop: 16 }}>
              <ContextFields context={context} conversationId={conversation?.id} />
              <TextField
                name="message"
                label="Message"
                placeholder="Ask AI anything..."
                multiline
                minRows={2}
                maxRows={8}
                fullWidth
                required
                defaultValue={refused?.typed ?? ""}
                key={refused ? `refused-${refused.message}` : here}
                error={Boolean(refused)}
                helperText={refused?.message ?? "Your question is answered from your workspace's data."}
                slotProps={{ htmlInput: { maxLength: ASSISTANT_MESSAGE_MAX } }}
              />
              <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 1.5 }}>
                <Button type="submit" variant="contained" disabled={asking}>
                  {asking ? "Thinking..." : "Send"}
                </Button>
              </Box>
            </Form>
          ) : null}
        </Paper>
      </Box>
    </Box>
  );
}

function ContextFields({
  context,
  conversationId,
}: {
  context: { projectId: string | null; workspaceId: string | null };
  conversationId?: string;
}) {
  return (
    <>
      <input type="hidden" name="intent" value="ask" />
      {conversationId ? <input type="hidden" name="conversationId" value={conversationId} /> : null}
      {!conversationId && context.projectId ? <input type="hidden" name="projectId" value={context.projectId} /> : null}
      {!conversationId && !context.projectId && context.workspaceId ? (
        <input type="hidden" name="workspaceId" value={context.workspaceId} />
      ) : null}
    </>
  );
}

/** Apply and Dismiss as plain POSTs that come back to the conversation. */
function ProposalForms({ message, back }: { message: AssistantMessage; back: string }) {
  return (
    <>
      <Form method="post">
        <input type="hidden" name="messageId" value={message.id} />
        <input type="hidden" name="redirectTo" value={`${back}#m-${message.id}`} />
        <button className="pl-ai-button" type="submit" name="intent" value="apply">
          Apply
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="messageId" value={message.id} />
        <input type="hidden" name="redirectTo" value={`${back}#m-${message.id}`} />
        <button className="pl-ai-button" data-variant="quiet" type="submit" name="intent" value="dismiss">
          Dismiss
        </button>
      </Form>
    </>
  );
}

function ConversationList({
  conversations,
  current,
}: {
  conversations: { id: string; title: string; about: string }[];
  current: string | null;
}) {
  return (
    <Box component="nav" aria-label="Conversations">
      <Button component={Link} to="/app/assistant" variant="outlined" fullWidth sx={{ mb: 2 }}>
        New conversation
      </Button>
      {conversations.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          Your conversations will be listed here. Only you can see them.
        </Typography>
      ) : (
        <ConversationRows>
          {conversations.map((item) => (
            <ConversationItem key={item.id} item={item} current={item.id === current} />
          ))}
        </ConversationRows>
      )}
    </Box>
  );
}

/** The conversation rows' CSS, once for the list (decision 009). */
const ConversationRows = styled("ul")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "grid",
    gap: 4,
    "& li": {
      display: "grid",
      gridTemplateColumns: "minmax(0, 1fr) auto",
      alignItems: "center",
      columnGap: 4,
      padding: "6px 8px",
      borderRadius: 8,
    },
    "& li[data-current]": { background: palette.action.selected },
    "& a": {
      color: palette.text.primary,
      textDecoration: "none",
      fontWeight: 500,
      overflow: "hidden",
      textOverflow: "ellipsis",
      whiteSpace: "nowrap",
      "&:hover": { textDecoration: "underline" },
    },
    "& small": { gridColumn: 1, color: palette.text.secondary, fontSize: 12 },
    "& form": { gridColumn: 2, gridRow: "1 / span 2" },
    "& button": {
      font: "inherit",
      fontSize: 12,
      border: 0,
      background: "transparent",
      color: palette.text.secondary,
      cursor: "pointer",
      padding: "4px 6px",
      borderRadius: 6,
      "&:hover": { color: palette.error.main, background: palette.action.hover },
    },
  };
});

function ConversationItem({ item, current }: { item: { id: string; title: string; about: string }; current: boolean }) {
  return (
    <li data-current={current ? "" : undefined}>
      <Link to={assistantPageOf(item.id)} aria-current={current ? "page" : undefined}>
        {item.title}
      </Link>
      <small>{item.about}</small>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="conversationId" value={item.id} />
        <input type="hidden" name="redirectTo" value="/app/assistant" />
        <button type="submit" aria-label={`Delete conversation ${item.title}`}>
          Delete
        </button>
      </Form>
    </li>
  );
}
