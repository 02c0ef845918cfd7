import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedResponse } from "~/infra/calendar-feed.server";
import { getDb } from "~/infra/database.server";
import { fileNotFound } from "~/infra/http.server";
import { feedOf } from "~/models/calendar.server";

/**
 * GET /calendar/{token}.ics: a user's private calendar feed (the token is the only key, so no session is
 * needed: a calendar app fetches it). An unknown or reset token: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const match = /^(.+)\.ics$/.exec(params.file ?? "");
  const feed = match ? feedOf(getDb(), match[1]!) : null;
  if (!feed) return fileNotFound();
  return feedResponse(feed, request);
}
