/**
 * Request guards shared by page actions and /api resource routes: the
 * same-origin check for writes and JSON error responses.
 */
import { data } from "@remix-run/node";
import { env } from "~/lib/env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isWrite(request: Request) {
  return !SAFE_METHODS.has(request.method.toUpperCase());
}

/**
 * Refuses (403) a write whose Origin is another site. Browsers send Origin on
 * every POST, PATCH and DELETE; a request without one (curl, server-to-server)
 * carries no ambient browser cookies from another site and is let through.
 */
export function assertSameOrigin(request: Request) {
  if (!isWrite(request)) return;
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  const allowed = new Set([env().APP_URL, new URL(request.url).origin]);
  if (fetchSite === "cross-site" || (origin !== null && !allowed.has(origin))) {
    throw jsonError(403, "Cross-site request refused");
  }
}

export function jsonError(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
) {
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

export { data };
