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

/** A move the rules forbid in the record's present state (a deadline that cannot be waived, an offer already
 * accepted): 409, and nothing changes. */
export class ConflictError extends Error {
  override name = "ConflictError";
  /** Where to go to lift the conflict (a buyer agreement to sign), given with the message. */
  constructor(
    message: string,
    readonly link?: string,
  ) {
    super(message);
  }
}

/** An upload the server does not take: a wrong type (400), too large (413), not multipart (415). */
export class UploadRefusal extends Error {
  override name = "UploadRefusal";
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The HTTP status of a model's refusal, in one place for pages and the API: not found 404 (another
 * client's record too: its existence is private), forbidden 403, invalid input 400, a move the rules
 * forbid 409, an upload refused 400, 413 or 415. Null for any other error: a bug, answered 500.
 */
export function statusOf(error: unknown): 400 | 403 | 404 | 409 | 413 | 415 | null {
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof UploadRefusal) return error.status;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof InvalidInputError) return 400;
  return null;
}

/**
 * A server could not listen, in one line naming the variable that chose the port ("Cannot listen on port
 * 3001 (LOCAL_OIDC_PORT): it is already in use"): the process then exits at once (never waits).
 */
export class ListenError extends Error {
  override name = "ListenError";
  constructor(variable: string, port: number, cause: unknown) {
    const code = (cause as { code?: string } | null)?.code;
    const why =
      code === "EADDRINUSE"
        ? "it is already in use"
        : code === "EACCES"
          ? "permission denied"
          : cause instanceof Error
            ? cause.message
            : String(cause);
    super(`Cannot listen on port ${port} (${variable}): ${why}`);
  }
}
