import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { listContactSubmissions, toContactJson } from "~/models/contact.server";

/** GET /api/contact-submissions (and GET /api/contact): every submission, newest first (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireStaff(request);
  return Response.json(listContactSubmissions(getDb(), admin).map(toContactJson));
}
