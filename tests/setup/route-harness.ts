import type { User } from "@supabase/supabase-js";
import type { RouterContextProvider } from "react-router";

import { authContext } from "~/.server/auth/session";
import { createRequestContext } from "~/.server/request-context";

/**
 * Calls a route module's loader or action as React Router would for a signed-in user,
 * without HTTP: the request, its params and a context whose auth state is that user.
 * Answers the status (and redirect) whether the module returned or threw.
 */
export type SignedIn = { id: string; email: string; fullName?: string };

type Args = { request: Request; params: Record<string, string>; context: RouterContextProvider };
type RouteFunction = (args: never) => unknown;

export type Outcome = { status: number; location: string | null; data: unknown };

export function contextFor(user: SignedIn | null) {
  const context = createRequestContext({ requestId: "test", clientIp: "127.0.0.1" });
  const supabaseUser = user
    ? ({ id: user.id, email: user.email, user_metadata: { full_name: user.fullName ?? "" } } as unknown as User)
    : null;
  context.set(authContext, {
    // Routes that need the auth client (password, sessions) are exercised end to end instead.
    supabase: new Proxy(
      {},
      {
        get: () => {
          throw new Error("no auth client in route tests");
        },
      },
    ) as never,
    user: async () => supabaseUser,
    sessionEnded: false,
  });
  return context;
}

async function settle(run: () => unknown): Promise<Outcome> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
    if (!(thrown instanceof Response) && !isData(thrown)) throw thrown;
  }
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("Location"), data: null };
  }
  if (isData(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, location: headers.get("Location"), data: value.data };
  }
  return { status: 200, location: null, data: value };
}

function isData(value: unknown): value is { data: unknown; init?: ResponseInit } {
  return typeof value === "object" && value !== null && value.constructor?.name === "DataWithResponseInit";
}

const BASE = "http://localhost";

export function callLoader(
  fn: RouteFunction,
  { path, params = {}, user }: { path: string; params?: Record<string, string>; user: SignedIn | null },
) {
  const request = new Request(`${BASE}${path}`);
  const args = { request, params, context: contextFor(user), url: new URL(request.url), pattern: path } as Args;
  return settle(() => fn(args as never));
}

export function callAction(
  fn: RouteFunction,
  {
    path,
    params = {},
    user,
    form = {},
  }: { path: string; params?: Record<string, string>; user: SignedIn | null; form?: Record<string, FormValue> },
) {
  const request = new Request(`${BASE}${path}`, { method: "POST", body: formBody(form) });
  const args = { request, params, context: contextFor(user), url: new URL(request.url), pattern: path } as Args;
  return settle(() => fn(args as never));
}

/** A field's value: a list stands for the same name sent once per value (checkboxes). */
type FormValue = string | File | string[];

/** URL-encoded like a plain form; multipart (as a browser sends it) when a field holds a file. */
function formBody(form: Record<string, FormValue>) {
  const entries = Object.entries(form).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((each) => [name, each] as const) : [[name, value] as const],
  );
  if (!entries.some(([, value]) => value instanceof File)) {
    return new URLSearchParams(entries as [string, string][]);
  }
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
}
