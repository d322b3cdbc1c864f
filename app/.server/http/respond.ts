import type { User } from "@supabase/supabase-js";
import { data, type RouterContextProvider } from "react-router";

import { requireUser } from "../auth/session";
import { userPrincipal, type UserPrincipal } from "../commands/principal";
import { FieldError, ForbiddenError, NotFoundError, PlanLimitError } from "../errors";
import { clientIpContext } from "../request-context";
import { CLIENT_ID_HEADER, CLIENT_ID_PATTERN } from "../../utils/realtime";

/**
 * What app route modules share: the signed-in actor, and the translation of a use case's
 * refusals into HTTP answers (404 that never says whether something exists, 403 with the
 * policy's reason) or into form errors shown beside the field.
 */
export type SignedInActor = UserPrincipal;

export async function requireActor(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ user: User; actor: SignedInActor }> {
  const user = await requireUser(request, context);
  const clientId = request.headers.get(CLIENT_ID_HEADER);
  // The principal is resolved once per request; the use cases and commands take it as it is.
  const principal = userPrincipal(
    user.id,
    context.get(clientIpContext),
    clientId && CLIENT_ID_PATTERN.test(clientId) ? clientId : null,
  );
  return { user, actor: principal };
}

export const NOT_FOUND_PAGES = {
  Project: {
    title: "Project Not Found",
    message: "The project you're looking for doesn't exist or you don't have access to it.",
  },
  Template: {
    title: "Template Not Found",
    message: "The template you're looking for doesn't exist or you don't have access to it.",
  },
  Conversation: {
    title: "Conversation Not Found",
    message: "The conversation you're looking for doesn't exist or was deleted.",
  },
  Workspace: {
    title: "Workspace Not Found",
    message: "The workspace you're looking for doesn't exist or you don't have access to it.",
  },
} as Record<string, { title: string; message: string }>;

/** Rethrows a NotFoundError or ForbiddenError as the HTTP answer; anything else unchanged. */
export function httpError(error: unknown): unknown {
  if (error instanceof NotFoundError) {
    const page = NOT_FOUND_PAGES[error.subject] ?? { title: "Not Found", message: "There is nothing here." };
    return data({ ...page, backTo: "/app/dashboard", backLabel: "Back to dashboard" }, { status: 404 });
  }
  if (error instanceof ForbiddenError) {
    return data(
      { title: "Access Denied", message: error.message, backTo: "/app/dashboard", backLabel: "Back to dashboard" },
      { status: 403 },
    );
  }
  return error;
}

/**
 * Runs a use case for a fetcher: every refusal comes back with its status and a message for
 * the page to show in place, none is thrown to the error page.
 */
export async function runForFetcher<T>(
  action: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; status: 400 | 403 | 404; message: string }> {
  try {
    return { ok: true, value: await action() };
  } catch (error) {
    if (error instanceof NotFoundError) {
      const subject = error.subject.toLowerCase();
      return {
        ok: false,
        status: 404,
        message: `This ${subject} no longer exists, or you no longer have access to it.`,
      };
    }
    if (error instanceof ForbiddenError) return { ok: false, status: 403, message: error.message };
    if (error instanceof FieldError || error instanceof PlanLimitError) {
      return { ok: false, status: 400, message: error.message };
    }
    throw error;
  }
}

/** Loads with the same translation: a 404 or 403 page instead of a 500. */
export async function load<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw httpError(error);
  }
}

/** Far past any real list, yet small enough that its SQL offset stays a safe integer. */
const MAX_PAGE = 1_000_000;

/** Whole numbers ≥ 1 from a query parameter (pages), else 1. */
export function pageParam(url: URL, name = "page") {
  const value = Number(url.searchParams.get(name));
  return Number.isSafeInteger(value) && value >= 1 ? Math.min(value, MAX_PAGE) : 1;
}
