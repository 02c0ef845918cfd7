import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { enforceRateLimit } from "~/infra/rate-limit.server";
import { recordClick } from "~/models/click-tracking.server";

/** GET /r/TOKEN: a tracked link of a drip e-mail; counts the click and goes (303) to its page of this site. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  await enforceRateLimit("token", context);
  const target = recordClick(getDb(), params.token ?? "", new Date());
  if (!target) {
    return new Response("This link is not valid.", {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  return redirect(target, { status: 303, headers: { "cache-control": "no-store" } });
}
