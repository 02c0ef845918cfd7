/**
 * /admin/payouts.csv?year= (admins; docs/payouts.md): the year's payouts, one line each, for the 1099s:
 * the agent, their license, the transaction, the day it closed and the lines in dollars.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireAdmin } from "~/infra/guards.server";
import { jsonError } from "~/infra/http.server";
import { csvLine } from "~/lib/csv";
import { apiDecimal } from "~/lib/money";
import { listPayouts, payoutYear } from "~/models/commission.server";
import { listTeam } from "~/models/team.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const year = payoutYear(new URL(request.url).searchParams.get("year"));
  if (year === null) return jsonError(400, "Give the year as four digits (2026)");
  const db = getDb();
  const team = new Map(listTeam(db, admin).map((p) => [p.id, p]));
  const lines = [
    csvLine([
      "agent",
      "agent_email",
      "agent_license",
      "transaction_id",
      "closed_on",
      "gross",
      "referral",
      "brokerage",
      "fee",
      "agent_share",
    ]),
    ...listPayouts(db, admin, { year }).items.map((p) => {
      const agent = p.agentId ? team.get(p.agentId) : undefined;
      return csvLine([
        agent?.name ?? "",
        agent?.email ?? "",
        agent?.licenseNumber ?? "",
        p.transactionId,
        p.closedOn,
        apiDecimal(p.grossCents),
        apiDecimal(p.referralCents),
        apiDecimal(p.brokerageCents),
        apiDecimal(p.feeCents),
        apiDecimal(p.agentCents),
      ]);
    }),
  ];
  return new Response(lines.join(""), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="payouts-${year}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
