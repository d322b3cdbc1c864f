/**
 * Errors a use case throws when it refuses. Route modules turn them into HTTP answers
 * (`app/.server/http/respond.ts`): not found → 404, forbidden → 403, a field problem or a
 * plan limit → the form again with the message beside the field.
 */
export class NotFoundError extends Error {
  constructor(readonly subject: string) {
    super(`${subject} not found`);
    this.name = "NotFoundError";
  }
}

export class ForbiddenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ForbiddenError";
  }
}

/** Input that is well formed but not acceptable (a taken key, a wrong confirmation). */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "FieldError";
  }
}

/** A plan limit reached (only with BILLING_ENABLED=true). */
export class PlanLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PlanLimitError";
  }
}
