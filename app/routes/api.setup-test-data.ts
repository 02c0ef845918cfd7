import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { methodNotAllowed } from "~/infra/http.server";
import { createTestData } from "~/models/sample-data.server";

/** A GET (or HEAD) on this action-only route: 405 with Allow. */
export async function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/setup-test-data: sample transactions (admins); 201 when it created some, 200 when all existed. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(request);
  const created = createTestData(getDb(), admin);
  return Response.json({ created }, { status: created > 0 ? 201 : 200 });
}
