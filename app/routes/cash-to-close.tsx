import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EstimatePage } from "~/components/estimate-page";
import { pageMeta } from "~/lib/seo";
import { estimatePageAction, estimatePageLoader } from "~/sections/estimate-page.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Cash to Close for a San Diego County Home Purchase",
    description:
      "See the cash a San Diego County home purchase asks of you at closing: down payment, lender fees, title from a filed rate schedule, escrow, prepaid interest and property tax.",
    path: "/cash-to-close",
  });

export const loader = (args: LoaderFunctionArgs) => estimatePageLoader(args, "buyer");

export const action = (args: ActionFunctionArgs) => estimatePageAction(args, "buyer");

export default function CashToClose() {
  return <EstimatePage data={useLoaderData<typeof loader>()} />;
}
