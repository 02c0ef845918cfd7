/** Errors a model raises; routes turn them into HTTP answers (404, 403, 400). */
export class NotFoundError extends Error {
  override name = "NotFoundError";
  constructor(message = "Not found") {
    super(message);
  }
}

export class ForbiddenError extends Error {
  override name = "ForbiddenError";
  constructor(message = "Forbidden") {
    super(message);
  }
}

/** Input that is well-formed but breaks a business rule (e.g. a type that does not match). */
export class InvalidInputError extends Error {
  override name = "InvalidInputError";
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}
