import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { validationError, methodNotAllowed } from "~/lib/api.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { contactSchema } from "~/lib/contact-schema";
import { readJson } from "~/lib/http.server";
import { listContactSubmissions, submitContact, toContactJson } from "~/models/contact.server";

/** GET /api/contact: contact submissions, newest first (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  return Response.json(listContactSubmissions(getDb(), admin).map(toContactJson));
}

/** POST /api/contact: sends the contact form; 201 with the new id, 400 with field errors. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const parsed = contactSchema.safeParse(await readJson(request));
  if (!parsed.success) return validationError(parsed.error);
  const submission = submitContact(getDb(), parsed.data);
  return Response.json({ id: submission?.id ?? null }, { status: 201 });
}
