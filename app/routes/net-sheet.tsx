import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EstimatePage } from "~/components/estimate-page";
import { pageMeta } from "~/lib/seo";
import { estimatePageAction, estimatePageLoader } from "~/sections/estimate-page.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Seller's Net Sheet for San Diego County | What You'd Walk Away With",
    description:
      "See what you would walk away with from a San Diego County home sale: our flat fee, the county transfer tax, title from a filed rate schedule, escrow, property tax and payoffs, line by line.",
    path: "/net-sheet",
  });

export const loader = (args: LoaderFunctionArgs) => estimatePageLoader(args, "seller");

export const action = (args: ActionFunctionArgs) => estimatePageAction(args, "seller");

export default function NetSheet() {
  return <EstimatePage data={useLoaderData<typeof loader>()} />;
}
