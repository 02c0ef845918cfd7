/**
 * /admin/transactions/{id}/showings, the workspace's Showings tab, Tours on a purchase (docs/workspace.md,
 * docs/showings.md): a sale's showings (its rules, the requests to answer, those to come, the past ones by
 * ?showingsBefore=…), a purchase's tours.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { ShowingsSection } from "~/components/showings-section";
import { ToursSection } from "~/components/tours-section";
import { tabPath, workspaceMeta } from "~/lib/workspace-tabs";
import { showingSection, showingsData } from "~/sections/showings.server";
import { tourSection, toursData } from "~/sections/tours.server";
import { openWorkspace, workspaceAction } from "~/sections/workspace.server";

export const handle = { tab: "showings" };

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, "Showings");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, staff, id, transaction } = await openWorkspace(request, params);
  return {
    path: tabPath(id, "showings"),
    showings: showingsData(db, staff, transaction, new URL(request.url).searchParams),
    tours: toursData(db, staff, transaction),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return workspaceAction(request, params, "showings", [showingSection, tourSection]);
}

export default function ShowingsTab() {
  const { path, showings, tours } = useLoaderData<typeof loader>();
  return (
    <>
      {showings ? <ShowingsSection data={showings} path={path} /> : null}
      {tours ? <ToursSection data={tours} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
