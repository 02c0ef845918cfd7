/** Errors a model raises; routes turn them into HTTP answers. */
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
