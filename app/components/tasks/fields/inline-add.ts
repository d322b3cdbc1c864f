import { useRef, useState, type FormEvent } from "react";
import type { z } from "zod";

import { sendInPlace } from "~/components/tasks/fields/task-edits";

/**
 * An inline add with JavaScript (a checklist item, a subtask): Enter checks the title with
 * the server's own schema, sends it through `sendInPlace` (shown at once by the caller's
 * `useEditsInFlight(kind)`), empties the field and keeps the focus there for the next one.
 * A refusal comes back beside the field, with what was typed put back if it is still empty.
 */
export function useInlineAdd({
  kind,
  action,
  schema,
  formOf,
}: {
  kind: string;
  action: string;
  schema: z.ZodType<string>;
  /** The form the task route's intent wants for this title. */
  formOf: (title: string) => FormData;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = input.current;
    if (!field) return;
    const title = schema.safeParse(field.value);
    field.focus();
    if (!title.success) {
      setError(title.error.issues[0]?.message ?? "Enter a title");
      return;
    }
    setError(null);
    sendInPlace(kind, action, formOf(title.data), (reason) => {
      if (input.current && input.current.value === "") input.current.value = title.data;
      setError(reason);
    });
    field.value = "";
  };
  return { input, error, clearError: () => setError(null), onSubmit };
}
