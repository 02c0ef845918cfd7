/**
 * GET /showings/agent/{token}/invite.ics: the invitation of a buyer's agent's approved showing (the same one its
 * confirmation e-mail carries), from their own page. The token is the only key; anything but an approved showing
 * still to come of an active listing is a plain 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { fileNotFound } from "~/infra/http.server";
import { enforceRateLimit } from "~/infra/rate-limit.server";
import { NotFoundError } from "~/lib/errors";
import { agentInvitation } from "~/models/showing.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  await enforceRateLimit("token", context);
  try {
    return new Response(agentInvitation(getDb(), params.token ?? ""), {
      headers: {
        "content-type": "text/calendar; charset=utf-8; method=REQUEST",
        "content-disposition": 'attachment; filename="invite.ics"',
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof NotFoundError) return fileNotFound();
    throw error;
  }
}
