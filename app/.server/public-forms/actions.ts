import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";

import type { Toast } from "~/utils/toast";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { execute, type Command } from "../commands/command";
import { visitorPrincipal } from "../commands/principal";
import { clientIpContext } from "../request-context";
import { consume, LIMITS } from "../security/rate-limit";
import { isSpam } from "./honeypot";
import { redirectWithToast } from "../toast";

/**
 * The one way a public form is handled: validate with the shared schema (400 with field
 * messages and the typed values), rate-limit by IP (429), drop honeypot hits silently,
 * run its command as the visitor, then redirect back with the success toast.
 */
type Args = { request: Request; context: Readonly<RouterContextProvider> };

type Options<S extends z.ZodType<Record<string, unknown>>> = {
  form: string;
  schema: S;
  command: Command<z.input<S>, unknown>;
  success: (value: z.output<S>) => Toast;
  /** Where to go after success; a same-origin `redirectTo` field wins. */
  redirectTo: string;
};

export async function handlePublicForm<S extends z.ZodType<Record<string, unknown>>>(
  { request, context }: Args,
  options: Options<S>,
) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: options.schema });
  if (submission.status !== "success") {
    return data({ form: options.form, lastResult: submission.reply() }, { status: 400 });
  }
  const ip = context.get(clientIpContext);
  const limit = await consume(`form:${options.form}`, LIMITS.publicForm, ip ?? "unknown");
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return data(
      {
        form: options.form,
        lastResult: submission.reply({
          formErrors: [`Too many submissions from your network. Please try again in ${minutes} minutes.`],
        }),
      },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const value = submission.value;
  // A bot caught by the honeypot sees the same success, and nothing is stored or sent.
  // The schema's output is an input it accepts again (the command parses it once more).
  if (!(await isSpam(formData))) await execute(options.command, visitorPrincipal(ip), value as z.input<S>);
  const back = safeRedirectPath(formData.get("redirectTo"), options.redirectTo);
  return redirectWithToast(back, options.success(value), request);
}
