import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, modelCall } from "~/infra/http.server";
import { listDeadlines, toDeadlineJson } from "~/models/contract.server";

/**
 * GET /api/transactions/{id}/deadlines: the contract's deadlines, soonest first; [] before a contract is
 * entered. The transaction's client and admins; another client 404, anonymous 401.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(modelCall(() => listDeadlines(getDb(), user, id)).map(toDeadlineJson));
}
