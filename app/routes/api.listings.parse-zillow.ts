import type { ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/infra/guards.server";
import { jsonError, methodNotAllowed, readJson, validationError } from "~/infra/http.server";
import { parseZillowSchema } from "~/lib/saved-home-schema";
import { parseListingUrl } from "~/lib/zillow";

/** A GET (or HEAD) on this action-only route: 405 with Allow. */
export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/listings/parse-zillow {url}: reads the URL (never fetches it) → {message, address, zillowId, ...}. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireUser(request);
  const body = parseZillowSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  const result = parseListingUrl(body.data.url);
  if (!result.ok) return jsonError(400, result.message, { errors: { url: [result.message] } });
  return Response.json({ message: result.message, ...result.parsed });
}
