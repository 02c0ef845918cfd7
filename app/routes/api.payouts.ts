/**
 * GET /api/payouts?agent=&year= (staff; docs/payouts.md) → `{ items: [{ transactionId, agentId, closedOn,
 * gross, referral, brokerage, agent, fee }], totals }` in dollars, the year's (this year by default) by the day each
 * closed: an admin's of one agent or all, an agent's only their own (another's 403). A client 403.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { jsonError, methodNotAllowed, modelCall } from "~/infra/http.server";
import { listPayouts, payoutYear, toPayoutJson } from "~/models/commission.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const query = new URL(request.url).searchParams;
  const year = payoutYear(query.get("year"));
  if (year === null) return jsonError(400, "Give the year as four digits (2026)");
  const agentId = query.get("agent") || undefined;
  const { items, totals } = modelCall(() => listPayouts(getDb(), staff, { agentId, year }));
  return Response.json({
    items: items.map(toPayoutJson),
    totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k.replace(/Cents$/, ""), v / 100])),
  });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
