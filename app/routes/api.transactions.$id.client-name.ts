/**
 * PUT /api/transactions/{id}/client-name `{ firstName, lastName }` (admins; anyone else 403) → the client's names
 * as corrected (app/models/client-name.server.ts: their agreements not yet signed follow, audited, the client
 * e-mailed). A transaction the admin cannot see 404; an empty name 400 on its field.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { accountNameSchema } from "~/lib/saved-home-schema";
import { correctClientName } from "~/models/client-name.server";

export async function loader() {
  return methodNotAllowed(["PUT"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  const body = accountNameSchema.strict().safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  const client = modelCall(() => correctClientName(getDb(), admin, id, body.data));
  return Response.json({ id: client.id, email: client.email, firstName: client.firstName, lastName: client.lastName });
}
