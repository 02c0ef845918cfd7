/**
 * /admin/transactions/{id}/money, the workspace's Money tab (docs/workspace.md, docs/payouts.md): the transaction's
 * compensation (the fee by the one rule), the client's estimates (one opened at ?estimate={id}) and, for admins, the
 * commission, its split and the CDA.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { CommissionSection } from "~/components/commission-section";
import { EstimatesSection } from "~/components/estimates-section";
import { todayIn } from "~/lib/plain-date";
import { workspaceMeta } from "~/lib/workspace-tabs";
import { compensationOf, compensationWords } from "~/models/compensation.server";
import { listEstimates, newEstimateValues, sideOf, toListedEstimate } from "~/models/estimate.server";
import { commissionSection } from "~/sections/commission.server";
import { commissionData } from "~/sections/commission-data.server";
import { estimateSection, type EstimateActionData } from "~/sections/estimates.server";
import { openWorkspace, workspaceAction } from "~/sections/workspace.server";

export const handle = { tab: "money" };

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, "Money");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, staff, id, transaction } = await openWorkspace(request, params);
  return {
    estimates: listEstimates(db, staff, id).map(toListedEstimate),
    freshEstimate: { side: sideOf(transaction), ...newEstimateValues(transaction) },
    today: todayIn(new Date()),
    compensation: compensationWords(compensationOf(db, transaction)),
    commission: staff.isAdmin ? commissionData(db, staff, id) : null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return workspaceAction(request, params, "money", [estimateSection, commissionSection]);
}

export default function MoneyTab() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<EstimateActionData>();
  return (
    <>
      {/* The fee this transaction earns, by the one rule (app/models/compensation.server.ts). */}
      <p className="mt-4 text-sm" data-testid="compensation">
        <span className="font-semibold">Compensation:</span> {d.compensation}
      </p>
      <EstimatesSection
        estimates={d.estimates}
        side={d.freshEstimate.side}
        fresh={d.freshEstimate}
        answer={answer?.intent === "save-estimate" ? answer : undefined}
      />
      {d.commission ? <CommissionSection data={d.commission} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
