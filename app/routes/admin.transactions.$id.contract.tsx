/**
 * /admin/transactions/{id}/contract, the workspace's Contract dates tab (docs/workspace.md, docs/deadlines.md): the
 * day the offer was accepted, the closing day, and each contract deadline worked out from them, marked done or
 * waived.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { ContractSection } from "~/components/contract-form";
import { contractIntents } from "~/lib/intents";
import { todayIn } from "~/lib/plain-date";
import { workspaceMeta } from "~/lib/workspace-tabs";
import { getContract, offerAcceptedOn, toListedDeadline } from "~/models/contract.server";
import { contractFromCancelledOffer } from "~/models/offer-moves.server";
import { contractSection, type ContractActionData } from "~/sections/contract.server";
import { openWorkspace, workspaceAction } from "~/sections/workspace.server";

export const handle = { tab: "contract" };

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, "Contract dates");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, staff, id, transaction } = await openWorkspace(request, params);
  const contract = getContract(db, staff, id);
  return {
    contract: { ...contract, deadlines: contract.deadlines.map(toListedDeadline) },
    suggestedAcceptedOn: offerAcceptedOn(db, staff, id),
    fromOffer: transaction.contractOfferId
      ? { id: transaction.contractOfferId, cancelled: contractFromCancelledOffer(db, transaction) }
      : null,
    today: todayIn(new Date()),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return workspaceAction(request, params, "contract", [contractSection]);
}

export default function ContractTab() {
  const { contract, suggestedAcceptedOn, fromOffer, today } = useLoaderData<typeof loader>();
  const answer = useActionData<ContractActionData>();
  return (
    <ContractSection
      acceptedOn={contract.acceptedOn}
      closingOn={contract.closingOn}
      suggestedAcceptedOn={suggestedAcceptedOn}
      fromOffer={fromOffer}
      deadlines={contract.deadlines}
      today={today}
      lastResult={answer?.intent === contractIntents.save ? answer.result : undefined}
    />
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
