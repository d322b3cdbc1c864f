import type { TokenPrincipal } from "../api-tokens/tokens";
import { createLabel, deleteLabel, updateLabel, workspaceLabels } from "../tasks/labels";
import { found, route, type Context, type Params } from "./context";
import { json, jsonBody } from "./http";
import { idempotent } from "./idempotency";
import { createLabelSchema, updateLabelSchema } from "./schemas";

/** The workspace's labels, through the label settings' use cases (editors and above change them). */
export const labelRoutes = [
  route("GET", "/labels", listLabels),
  route("POST", "/labels", postLabel),
  route("PATCH", "/labels/{labelId}", patchLabel),
  route("DELETE", "/labels/{labelId}", removeLabel),
];

async function labelOf(principal: TokenPrincipal, publicId: string) {
  const labels = await workspaceLabels(principal.workspaceId);
  return found(
    labels.find((label) => label.id === publicId),
    "Label",
  );
}

async function listLabels({ principal }: Context) {
  return json({ items: await workspaceLabels(principal.workspaceId) });
}

async function postLabel(context: Context) {
  const { principal, actor } = context;
  const input = createLabelSchema.parse(await jsonBody(context.request));
  return idempotent(context, JSON.stringify(input), async () => {
    const label = await createLabel(actor, { workspaceId: principal.workspacePublicId, ...input });
    return json(await labelOf(principal, label.id), 201);
  });
}

/** Fields left out keep their value (the use case takes both). */
async function patchLabel({ principal, actor, request }: Context, params: Params) {
  const label = await labelOf(principal, params[0]!);
  const input = updateLabelSchema.parse(await jsonBody(request));
  await updateLabel(actor, {
    workspaceId: principal.workspacePublicId,
    labelId: label.id,
    name: input.name ?? label.name,
    color: input.color ?? label.color,
  });
  return json(await labelOf(principal, label.id));
}

/** It leaves every task that had it. */
async function removeLabel({ principal, actor }: Context, params: Params) {
  const label = await labelOf(principal, params[0]!);
  await deleteLabel(actor, { workspaceId: principal.workspacePublicId, labelId: label.id });
  return json(null, 204);
}
