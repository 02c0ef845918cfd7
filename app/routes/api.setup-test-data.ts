import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { methodNotAllowed } from "~/lib/api.server";
import { requireApiAdmin } from "~/lib/auth.server";
import { createTestData } from "~/models/transaction.server";

/** POST /api/setup-test-data: sample transactions (admins). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireApiAdmin(request);
  const created = createTestData(getDb(), admin);
  return Response.json({ created }, { status: created > 0 ? 201 : 200 });
}
