/** Shared answers of the /api resource routes. */
import type { ZodError } from "zod";
import { ForbiddenError, NotFoundError } from "~/lib/errors";
import { jsonError } from "~/lib/http.server";

/** 400 with the field errors of a failed zod parse. */
export function validationError(error: ZodError) {
  return jsonError(400, "Invalid input", { errors: error.flatten().fieldErrors });
}

/** Turns a model's error into its HTTP answer; anything else is rethrown. */
export function modelErrorResponse(error: unknown): Response {
  if (error instanceof NotFoundError) return jsonError(404, error.message);
  if (error instanceof ForbiddenError) return jsonError(403, error.message);
  throw error;
}

export function methodNotAllowed(allowed: string[]) {
  return new Response(JSON.stringify({ message: "Method Not Allowed" }), {
    status: 405,
    headers: { allow: allowed.join(", "), "content-type": "application/json" },
  });
}

/** A positive integer id from a route parameter; anything else is a 404. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d{1,12}$/.test(value) || !Number.isSafeInteger(id) || id <= 0) {
    throw jsonError(404, "Not found");
  }
  return id;
}
