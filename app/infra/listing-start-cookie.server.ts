/**
 * The cookie that binds a listing started by a visitor to their browser (app/models/listing-start.server.ts):
 * it holds the start's secret for a day, on /start-listing only; the one who signs in from another browser holding
 * the start's address cannot claim it.
 */
import { createCookie } from "@remix-run/node";
import { env } from "~/config/env.server";

const DAY_SECONDS = 24 * 3600;

const cookie = () =>
  createCookie("__listing_start", {
    httpOnly: true,
    sameSite: "lax",
    secure: env().secureCookies,
    path: "/start-listing",
    maxAge: DAY_SECONDS,
    secrets: [env().SESSION_SECRET],
  });

/** The Set-Cookie header that keeps a start's secret in this browser. */
export const keepListingStart = (secret: string) => cookie().serialize(secret);

/** The start's secret this browser holds, or null. */
export async function listingStartSecret(request: Request): Promise<string | null> {
  const value: unknown = await cookie().parse(request.headers.get("cookie"));
  return typeof value === "string" ? value : null;
}
