/**
 * Request and response helpers shared by page actions and /api resource
 * routes: the same-origin check for writes, reading bodies, route parameters,
 * and the JSON answers of the API (errors, validation, 405).
 */
import { data } from "@remix-run/node";
import type { output, ZodError, ZodTypeAny } from "zod";
import { env } from "~/config/env.server";
import { ConflictError, InvalidInputError, statusOf } from "~/lib/errors";
import { CROSS_SITE_MESSAGE, isCrossSiteWrite } from "~/lib/same-origin";

/** True for the JSON endpoints under /api/ (their guards answer JSON, pages answer HTML). */
export const isApiRequest = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

/**
 * Refuses (403) a write whose Origin is another site (see `isCrossSiteWrite`).
 * The server (server/middleware.ts) applies the same rule to every request before Remix; this check keeps
 * it in force under `npm run dev`, which has no such middleware.
 */
export function assertSameOrigin(request: Request) {
  const crossSite = isCrossSiteWrite({
    method: request.method,
    origin: request.headers.get("origin"),
    fetchSite: request.headers.get("sec-fetch-site"),
    allowedOrigins: [env().APP_URL, new URL(request.url).origin],
  });
  if (crossSite) throw jsonError(403, CROSS_SITE_MESSAGE);
}

export function jsonError(status: number, message: string, extra: Record<string, unknown> = {}) {
  return Response.json({ message, ...extra }, { status });
}

/** Reads a JSON object body; malformed JSON is a 400, never a 500. */
export async function readJson(request: Request): Promise<unknown> {
  assertSameOrigin(request);
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw jsonError(400, "Malformed JSON body");
  }
}

/** Reads a form body of a page action, after the same-origin check. */
export async function readForm(request: Request): Promise<FormData> {
  assertSameOrigin(request);
  return request.formData();
}

/**
 * 400 with the field errors of a failed zod parse; its message is an error of the body as a whole (an unknown field),
 * else the first field's, so that a client reading only the message still learns what to change.
 */
export function validationError(error: ZodError) {
  const { formErrors, fieldErrors } = error.flatten();
  const first = Object.values(fieldErrors as Record<string, string[] | undefined>).find((m) => m?.length)?.[0];
  return jsonError(400, formErrors[0] ?? first ?? "Invalid input", { errors: fieldErrors });
}

/** Turns a model's error into its JSON answer (its status by `statusOf`); anything else is rethrown. */
export function modelErrorResponse(error: unknown): Response {
  const status = statusOf(error);
  if (status === null) throw error;
  const fieldErrors = error instanceof InvalidInputError ? { errors: error.fieldErrors } : {};
  const link = error instanceof ConflictError && error.link ? { link: error.link } : {};
  return jsonError(status, (error as Error).message, { ...fieldErrors, ...link });
}

/**
 * Runs a model call; a model error (not found, forbidden, invalid) is thrown as
 * its HTTP answer: /api routes send it as JSON, pages render it in the error boundary.
 */
export function modelCall<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw modelErrorResponse(error);
  }
}

export function methodNotAllowed(allowed: string[]) {
  return new Response(JSON.stringify({ message: "Method Not Allowed" }), {
    status: 405,
    headers: { allow: allowed.join(", "), "content-type": "application/json" },
  });
}

/** A canonical positive integer (no sign, no leading zero, no exponent, at most 12 digits), or null. */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,11}$/.test(value)) return null;
  return Number(value);
}

/** A positive integer id from a route parameter; anything else is a 404. */
export function idParam(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw jsonError(404, "Not found");
  return id;
}

/** 404 for a file route (an image, a calendar): plain text, nothing more said. */
export const fileNotFound = () =>
  new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

export { data };

/** An async model call, answered like `modelCall`'s. */
export async function modelCallAsync<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw modelErrorResponse(error);
  }
}

/** A JSON body parsed by a schema, or a thrown 400 naming each bad field. */
export function parseBody<S extends ZodTypeAny>(schema: S, body: unknown): output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data as output<S>;
}
