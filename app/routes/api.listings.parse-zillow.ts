import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, validationError } from "~/lib/api.server";
import { requireApiUser } from "~/lib/auth.server";
import { jsonError, readJson } from "~/lib/http.server";
import { parseZillowSchema } from "~/lib/listing-schema";
import { parsedMessage, parseZillowUrl } from "~/lib/zillow";

/** POST /api/listings/parse-zillow {url}: reads the URL (never fetches it) → {message, address, zillowId, ...}. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiUser(request);
  const body = parseZillowSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  const parsed = parseZillowUrl(body.data.url);
  if (!parsed) return jsonError(400, "Failed to parse Zillow URL");
  return Response.json({ message: parsedMessage(parsed), ...parsed });
}
