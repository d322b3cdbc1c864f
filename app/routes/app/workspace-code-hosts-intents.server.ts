import { data } from "react-router";

import {
  createConnectionCommand,
  deleteConnectionCommand,
  rotateConnectionSecretCommand,
} from "~/.server/code-hosts/connections";
import { intent, type IntentContext } from "~/.server/http/intents";
import { redirectWithToast } from "~/.server/toast";
import { CODE_HOST_LABEL_MAX } from "~/utils/code-hosts";

/**
 * A workspace's code hosts page (app/routes/app/workspace-code-hosts.tsx). Every control is a
 * plain form; a new secret is the answer itself (shown with the setup steps), deleting comes
 * back to the page with a toast.
 */
export type ConnectionRefused = {
  intent: "create-connection";
  field: string;
  message: string;
  provider: string;
  label: string;
};

const text = (context: IntentContext, name: string) => {
  const value = context.formData.get(name);
  return typeof value === "string" ? value : "";
};
const connectionIdOf = (context: IntentContext) => text(context, "connectionId");

/** What the add form sent, cut to what it may hold, so a refusal gives it back. */
function connectionFormOf(context: IntentContext) {
  return {
    provider: text(context, "provider").slice(0, 40),
    label: text(context, "label").slice(0, CODE_HOST_LABEL_MAX + 1),
  };
}

const createConnection = intent({
  command: createConnectionCommand,
  parse: (context) => ({ ok: true, input: { workspaceId: context.params.workspaceId!, ...connectionFormOf(context) } }),
  refused: ({ field, message }, context) => {
    const refused: ConnectionRefused = { intent: "create-connection", field, message, ...connectionFormOf(context) };
    return data(refused, { status: 400 });
  },
  done: (created) => ({ intent: "secret" as const, ...created, created: true }),
});

const rotateSecret = intent({
  command: rotateConnectionSecretCommand,
  parse: (context) => ({ ok: true, input: { connectionId: connectionIdOf(context) } }),
  done: (rotated) => ({ intent: "secret" as const, ...rotated, created: false }),
});

const deleteConnection = intent({
  command: deleteConnectionCommand,
  parse: (context) => ({ ok: true, input: { connectionId: connectionIdOf(context) } }),
  done: (_deleted, context) =>
    redirectWithToast(
      `/app/workspaces/${context.params.workspaceId}/code-hosts`,
      {
        title: "Code host disconnected",
        description: "Its deliveries are refused from now on. Remove the webhook from the host too.",
        variant: "success",
      },
      context.request,
    ),
});

export const workspaceCodeHostsIntents = {
  "create-connection": createConnection,
  "rotate-secret": rotateSecret,
  "delete-connection": deleteConnection,
};

export const workspaceCodeHostsFallback = (): never => {
  throw data("Unknown action.", { status: 400 });
};
