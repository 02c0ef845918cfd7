/**
 * Request guards shared by page actions and /api resource routes: the
 * same-origin check for writes and JSON error responses.
 */
import { data } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { isCrossSiteWrite } from "~/lib/same-origin";

/**
 * Refuses (403) a write whose Origin is another site (see `isCrossSiteWrite`).
 * server.js applies the same rule to every request before Remix; this check
 * keeps it in force under `npm run dev`, which has no such middleware.
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

export const CROSS_SITE_MESSAGE = "Cross-site request refused";

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
