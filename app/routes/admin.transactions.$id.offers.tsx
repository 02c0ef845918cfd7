/**
 * /admin/transactions/{id}/offers, the workspace's Offers tab (docs/workspace.md, docs/offers.md): every offer and its
 * rounds, compared by net, one opened at ?offer={id} (?offer=new for a new one), and the seller's figures.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { OffersSection } from "~/components/offers-section";
import { isOfferAnswer } from "~/lib/intents";
import { workspaceMeta } from "~/lib/workspace-tabs";
import { offerSection, offersData, type OfferActionData } from "~/sections/offers.server";
import { openWorkspace, workspaceAction } from "~/sections/workspace.server";

export const handle = { tab: "offers" };

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, "Offers");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, staff, transaction } = await openWorkspace(request, params);
  return { offers: offersData(db, staff, transaction, new URL(request.url).searchParams) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return workspaceAction(request, params, "offers", [offerSection]);
}

export default function OffersTab() {
  const { offers } = useLoaderData<typeof loader>();
  const answer = useActionData<OfferActionData>();
  return <OffersSection data={offers} answer={isOfferAnswer(answer) ? answer : undefined} />;
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
