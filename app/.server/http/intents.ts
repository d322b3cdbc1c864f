import type { Submission } from "@conform-to/react";
import { data, type ActionFunctionArgs } from "react-router";

import { execute, type Command } from "../commands/command";
import type { UserPrincipal } from "../commands/principal";
import { FieldError, ForbiddenError, NotFoundError, PlanLimitError } from "../errors";
import { httpError, requireActor } from "./respond";

/**
 * A route's action as a map of intents: each names the command it runs, how the form
 * becomes the command's input, and what the page gets back. This helper does the rest once
 * for every route: the principal, the intent lookup, the run, and the refusals — bad input
 * or a field the command refused goes back beside the field with what was typed (conform's
 * reply), a fetcher gets `{ intent, error }` with 400/403/404 to show in place, a plain form
 * the 403/404 page.
 */
export type IntentContext = {
  request: Request;
  formData: FormData;
  intent: string;
  params: Readonly<Record<string, string | undefined>>;
  principal: UserPrincipal;
  /** An edit made in place (`via=fetcher`): every answer is data, refusals too. */
  viaFetcher: boolean;
};

export type Refusal = { field: string; message: string };
export type Parsed<Input> =
  | { ok: true; input: Input; submission?: Submission<unknown> }
  | ({ ok: false; submission?: Submission<unknown> } & Refusal);

export type Intent<Input, Output, Done, Refused, Fetched> = {
  /** The command the intent runs; its name is what the fuzz and the sweep enumerate. */
  command: Command<Input, Output>;
  parse(context: IntentContext): Parsed<Input> | Promise<Parsed<Input>>;
  /** Steps around the command (store an upload first, tidy after); the command by default. */
  run?(context: IntentContext, input: Input): Promise<Output>;
  /** A plain form's answer once the command has run. */
  done(output: Output, context: IntentContext): Done | Promise<Done>;
  /** A plain form's answer to a refusal; conform's reply beside the field by default. */
  refused?(refusal: Refusal, context: IntentContext, submission?: Submission<unknown>): Refused;
  /** A fetcher's answer once the command has run; `{ intent, ok: true }` by default. */
  fetched?(output: Output, context: IntentContext): Fetched;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a map holds intents of every input and output
type AnyIntent = Intent<any, any, unknown, unknown, unknown>;
export type IntentMap = Record<string, AnyIntent>;

/** Declares one intent, inferring its input and output from its command. */
export function intent<Input, Output, Done, Refused = never, Fetched = never>(
  definition: Intent<Input, Output, Done, Refused, Fetched>,
) {
  return definition;
}

type Answers<I> =
  I extends Intent<infer _Input, infer _Output, infer Done, infer Refused, infer Fetched>
    ? Done | Refused | Fetched
    : never;
type DefaultAnswers = ReturnType<typeof fetcherRefusal> | ReturnType<typeof fetcherOk> | ReturnType<typeof formRefusal>;

/** The route's `action`: dispatches the posted intent; an unknown one gets `fallback`. */
export function intentAction<M extends IntentMap, Fallback>(
  intents: M,
  fallback: (context: IntentContext) => Fallback,
) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    const { actor } = await requireActor(request, context);
    const formData = await request.formData();
    const name = String(formData.get("intent") ?? "");
    const here: IntentContext = {
      request,
      formData,
      intent: name,
      params,
      principal: actor,
      viaFetcher: formData.get("via") === "fetcher",
    };
    const handler = Object.hasOwn(intents, name) ? intents[name] : undefined;
    if (!handler) return fallback(here);
    return (await dispatch(handler, here)) as Answers<M[keyof M]> | DefaultAnswers | Fallback;
  };
}

async function dispatch(handler: AnyIntent, context: IntentContext): Promise<unknown> {
  const parsed = await handler.parse(context);
  if (!parsed.ok) return refuse(handler, context, parsed, 400, parsed.submission);
  try {
    const output = handler.run
      ? await handler.run(context, parsed.input)
      : await execute(handler.command, context.principal, parsed.input);
    if (context.viaFetcher) return handler.fetched ? handler.fetched(output, context) : fetcherOk(context.intent);
    return await handler.done(output, context);
  } catch (error) {
    if (error instanceof FieldError) return refuse(handler, context, error, 400, parsed.submission);
    if (error instanceof PlanLimitError) {
      return refuse(handler, context, { field: "", message: error.message }, 400, parsed.submission);
    }
    if (context.viaFetcher && error instanceof NotFoundError) {
      const subject = error.subject.toLowerCase();
      return fetcherRefusal(
        context.intent,
        `This ${subject} no longer exists, or you no longer have access to it.`,
        404,
      );
    }
    if (context.viaFetcher && error instanceof ForbiddenError) return fetcherRefusal(context.intent, error.message, 403);
    throw httpError(error);
  }
}

function refuse(
  handler: AnyIntent,
  context: IntentContext,
  refusal: Refusal,
  status: 400,
  submission?: Submission<unknown>,
) {
  if (context.viaFetcher) return fetcherRefusal(context.intent, refusal.message, status);
  if (handler.refused) return handler.refused(refusal, context, submission);
  if (submission) return formRefusal(context.intent, refusal, submission);
  throw data(refusal.message, { status });
}

function fetcherOk(intent: string) {
  return data({ intent, ok: true as const });
}

function fetcherRefusal(intent: string, error: string, status: 400 | 403 | 404) {
  return data({ intent, error }, { status });
}

/** The form again, with what was typed and the message beside its field (or above the form). */
function formRefusal(intent: string, refusal: Refusal, submission: Submission<unknown>) {
  // The schema's own errors are in the submission already; a command's refusal is added.
  const result =
    submission.status === "error"
      ? submission.reply()
      : submission.reply(
          refusal.field
            ? { fieldErrors: { [refusal.field]: [refusal.message] } }
            : { formErrors: [refusal.message] },
        );
  return data({ intent, result }, { status: 400 });
}

/** Conform's parse as an intent's `parse`: the schema's value, mapped to the command's input. */
export function formInput<Value, Input>(
  submission: Submission<Value>,
  toInput: (value: Value) => Input,
): Parsed<Input> {
  if (submission.status === "success") return { ok: true, input: toInput(submission.value), submission };
  const [field, messages] = Object.entries(submission.error ?? {})[0] ?? ["", ["These changes are not valid."]];
  return { ok: false, field, message: messages?.[0] ?? "These changes are not valid.", submission };
}
