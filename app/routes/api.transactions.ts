import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { listTransactions, toTransactionJson } from "~/models/transaction.server";

/** GET /api/transactions: the user's transactions; all of them for admins. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return Response.json(listTransactions(getDb(), user).map(toTransactionJson));
}
