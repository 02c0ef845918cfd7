/**
 * /admin/transactions/{id}/listing, the workspace's Listing tab, a sale's only (docs/workspace.md, docs/listings.md):
 * the public page's facts and description, its photos and its open houses. A purchase has none: 404.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccessErrorBoundary } from "~/components/access-boundary";
import { ListingPageSection } from "~/components/listing-page-section";
import { ListingPhotosSection } from "~/components/listing-photos-section";
import { modelCall } from "~/infra/http.server";
import { NotFoundError } from "~/lib/errors";
import { tabPath, workspaceMeta } from "~/lib/workspace-tabs";
import { listingPageData, listingPageSection } from "~/sections/listing-page.server";
import { listingPhotosSection, photosData } from "~/sections/listing-photos.server";
import { only } from "~/sections/page-sections.server";
import { openWorkspace, workspaceAction } from "~/sections/workspace.server";

export const handle = { tab: "listing" };

export const meta: MetaFunction = ({ matches }) => workspaceMeta(matches, "Listing");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { db, staff, id, transaction } = await openWorkspace(request, params);
  modelCall(() => {
    if (transaction.type !== "selling") throw new NotFoundError("A purchase has no listing");
  });
  return {
    path: tabPath(id, "listing"),
    listingPage: listingPageData(db, staff, id),
    photos: photosData(db, staff, id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return workspaceAction(request, params, "listing", [
    listingPhotosSection,
    only(listingPageSection, "save", "takeDown", "addOpenHouse", "cancelOpenHouse"),
  ]);
}

export default function ListingTab() {
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <ListingPageSection data={d.listingPage} />
      <ListingPhotosSection path={d.path} photos={d.photos} />
    </>
  );
}

export function ErrorBoundary() {
  return <AccessErrorBoundary />;
}
