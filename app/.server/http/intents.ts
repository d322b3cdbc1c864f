import type { Submission } from "@conform-to/react";
import type { User } from "@supabase/supabase-js";
import { data, type ActionFunctionArgs, type RouterContextProvider } from "react-router";

import { execute, type Command } from "../commands/command";
import type { UserPrincipal } from "../commands/principal";
import { FieldError, ForbiddenError, NotFoundError, PlanLimitError } from "../errors";
import { streamedFormContext } from "../request-context";
import { httpError, load, requireActor } from "./respond";

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
  /** The signed-in user as the auth service has them (their e-mail, for a password check). */
  user: User;
  /** The router's context: the auth service's client for this request (`supabaseFor`). */
  router: Readonly<RouterContextProvider>;
  /** An edit made in place (`via=fetcher`): every answer is data, refusals too. */
  viaFetcher: boolean;
};

export type Refusal = { field: string; message: string; status: 400 | 403 | 404 };
export type Parsed<Input> =
  | { ok: true; input: Input; submission?: Submission<unknown> }
  | ({ ok: false; submission?: Submission<unknown> } & Omit<Refusal, "status">);

export type Intent<Input, Output, Done, Refused, Fetched, Result = Output> = {
  /**
   * The command the intent runs; what the fuzz and the sweep enumerate. Null for an intent
   * that writes nothing (a preview), whose `run` reads.
   */
  command: Command<Input, Output> | null;
  /**
   * A read-only check before the form is even parsed (the right to shape the workflow, say),
   * so nobody learns anything from its validation.
   */
  guard?(context: IntentContext): Promise<unknown>;
  parse(context: IntentContext): Parsed<Input> | Promise<Parsed<Input>>;
  /** Steps around the command (store an upload first, tidy after); the command by default. */
  run?(context: IntentContext, input: Input): Promise<Result>;
  /** A plain form's answer once the command has run. */
  done(output: Result, context: IntentContext): Done | Promise<Done>;
  /**
   * The answer to a refusal: bad input or a field the command refused (400), and for a
   * fetcher also a 403 or 404. By default a fetcher gets `{ intent, error }` and a plain
   * form conform's reply beside the field.
   */
  refused?(refusal: Refusal, context: IntentContext, submission?: Submission<unknown>): Refused;
  /** A fetcher's answer once the command has run; `{ intent, ok: true }` by default. */
  fetched?(output: Result, context: IntentContext): Fetched;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a map holds intents of every input and output
type AnyIntent = Intent<any, any, unknown, unknown, unknown, any>;
export type IntentMap = Record<string, AnyIntent>;

/** Declares one intent, inferring its input and output from its command. */
export function intent<Input, Output, Done, Refused = never, Fetched = never, Result = Output>(
  definition: Intent<Input, Output, Done, Refused, Fetched, Result>,
) {
  return definition;
}

type Answers<I> =
  I extends Intent<infer _Input, infer _Output, infer Done, infer Refused, infer Fetched, infer _Result>
    ? Done | Refused | Fetched
    : never;
type DefaultAnswers = ReturnType<typeof fetcherRefusal> | ReturnType<typeof fetcherOk> | ReturnType<typeof formRefusal>;

type Options<Fallback, M extends IntentMap> = {
  /** An unknown intent's answer (back to the page, usually). */
  fallback: (context: IntentContext) => Fallback;
  /** A read-only check for every intent of the route (the URL's task exists and is the member's). */
  guard?: (context: IntentContext) => Promise<unknown>;
  /** The intent a post that names none runs: a page of one form (a new project, a star). */
  unnamed?: keyof M & string;
};

/** The route's `action`: dispatches the posted intent; an unknown one gets `fallback`. */
export function intentAction<M extends IntentMap, Fallback>(
  intents: M,
  { fallback, guard, unnamed }: Options<Fallback, M>,
) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    const { user, actor } = await requireActor(request, context);
    // An attachment upload was parsed as it streamed in (server/streamed-uploads.ts).
    const formData = context.get(streamedFormContext) ?? (await request.formData());
    const name = String(formData.get("intent") ?? "") || (unnamed ?? "");
    const here: IntentContext = {
      request,
      formData,
      intent: name,
      params,
      principal: actor,
      user,
      router: context,
      viaFetcher: formData.get("via") === "fetcher",
    };
    if (guard) await load(() => guard(here));
    const handler = Object.hasOwn(intents, name) ? intents[name] : undefined;
    if (!handler) return fallback(here);
    return (await dispatch(handler, here)) as Answers<M[keyof M]> | DefaultAnswers | Fallback;
  };
}

async function dispatch(handler: AnyIntent, context: IntentContext): Promise<unknown> {
  // A guard refuses before there is a form to answer with: the plain answers, never `refused`.
  try {
    await handler.guard?.(context);
  } catch (error) {
    const refusal = refusalOf(error, context.viaFetcher);
    if (!refusal) throw httpError(error);
    if (context.viaFetcher) return fetcherRefusal(context.intent, refusal.message, refusal.status);
    throw data(refusal.message, { status: refusal.status });
  }
  let submission: Submission<unknown> | undefined;
  try {
    const parsed = await handler.parse(context);
    submission = parsed.submission;
    if (!parsed.ok) return refuse(handler, context, { ...parsed, status: 400 }, submission);
    const output = handler.run
      ? await handler.run(context, parsed.input)
      : await execute(handler.command!, context.principal, parsed.input);
    if (context.viaFetcher) return handler.fetched ? handler.fetched(output, context) : fetcherOk(context.intent);
    return await handler.done(output, context);
  } catch (error) {
    const refusal = refusalOf(error, context.viaFetcher);
    if (!refusal) throw httpError(error);
    return refuse(handler, context, refusal, submission);
  }
}

/** What the page is told in place; null: the 403/404 page (or a real failure) instead. */
function refusalOf(error: unknown, viaFetcher: boolean): Refusal | null {
  if (error instanceof FieldError) return { field: error.field, message: error.message, status: 400 };
  if (error instanceof PlanLimitError) return { field: "", message: error.message, status: 400 };
  if (!viaFetcher) return null;
  if (error instanceof NotFoundError) {
    const subject = error.subject.toLowerCase();
    return { field: "", message: `This ${subject} no longer exists, or you no longer have access to it.`, status: 404 };
  }
  if (error instanceof ForbiddenError) return { field: "", message: error.message, status: 403 };
  return null;
}

function refuse(handler: AnyIntent, context: IntentContext, refusal: Refusal, submission?: Submission<unknown>) {
  if (handler.refused) return handler.refused(refusal, context, submission);
  if (context.viaFetcher) return fetcherRefusal(context.intent, refusal.message, refusal.status);
  if (submission) return formRefusal(context.intent, refusal, submission);
  throw data(refusal.message, { status: refusal.status });
}

function fetcherOk(intent: string) {
  return data({ intent, ok: true as const });
}

export function fetcherRefusal(intent: string, error: string, status: 400 | 403 | 404) {
  return data({ intent, error }, { status });
}

/** The form again, with what was typed and the message beside its field (or above the form). */
export function formRefusal(intent: string, refusal: Refusal, submission: Submission<unknown>) {
  return data({ intent, result: replyOf(refusal, submission) }, { status: 400 });
}

/** Conform's reply to a refusal: the schema's own errors are in the submission, a command's is added. */
export function replyOf(refusal: Pick<Refusal, "field" | "message">, submission: Submission<unknown>) {
  if (submission.status === "error") return submission.reply();
  return submission.reply(
    refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : { formErrors: [refusal.message] },
  );
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
