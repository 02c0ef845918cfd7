import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { listContactSubmissions, toContactJson } from "~/models/lead.server";

/** GET /api/contact-submissions (and GET /api/contact): every submission, newest first (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  return Response.json(listContactSubmissions(getDb(), staff).map(toContactJson));
}
