import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { contactSchema } from "~/lib/contact-schema";
import { methodNotAllowed, readJson, validationError } from "~/infra/http.server";
import { enforceRateLimit } from "~/infra/rate-limit.server";
import { submitContact } from "~/models/lead-intake.server";

/** GET /api/contact: the same list as GET /api/contact-submissions (admins). */
export { loader } from "./api.contact-submissions";

/** POST /api/contact: sends the contact form; 201 with the new id, 400 with field errors, 429 over the rate limit. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const parsed = contactSchema.safeParse(await readJson(request));
  if (!parsed.success) return validationError(parsed.error);
  await enforceRateLimit("contact", context, { json: true });
  const submission = submitContact(getDb(), parsed.data);
  return Response.json({ id: submission?.id ?? null }, { status: 201 });
}
