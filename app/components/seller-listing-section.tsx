/**
 * The portal's "Your listing page" (docs/listings.md; the seller of a sale): the page's address, whether
 * it is shown, "Show my home on your site" (the seller's yes; shown once the agency has entered the MLS date), and
 * what the page brought: views this week and in all, inquiries, showings, open-house visitors; the open houses (visitors
 * counted, never named) and the form to schedule one.
 */
import { Form } from "@remix-run/react";
import { PageSection } from "~/components/page-section";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { listingPageIntents } from "~/lib/intents";
import { doorWords, OpenHousesBlock, type ListingPageData } from "~/components/listing-page-section";
import { countOf } from "~/lib/plural";

export type SellerListingData = {
  url: string;
  state: "hidden" | "live" | "sold";
  sellerYes: boolean;
  onMls: boolean;
  stats: {
    viewsWeek: number;
    viewsTotal: number;
    inquiries: number;
    showings: number;
    signIns: number;
    visitors: number;
  };
  openHouses: ListingPageData["openHouses"];
  hosts: ListingPageData["hosts"];
};

export function SellerListingSection({ data }: { data: SellerListingData }) {
  const shown = data.state !== "hidden";
  return (
    <PageSection id="listing-page" title="Your listing page">
      <p className="mt-2 text-sm" data-testid="seller-listing-state">
        {shown ? (
          <>
            Shown at{" "}
            <a href={data.url} className="break-all text-brand-700 underline">
              {data.url}
            </a>
          </>
        ) : data.sellerYes ? (
          "You said yes: your home's page is shown once it is on the MLS."
        ) : (
          "Your home's page is not shown. Say yes and it is shown on our site once your home is on the MLS."
        )}
      </p>
      <p className="mt-1 text-sm text-slate-700" data-testid="seller-listing-stats">
        {countOf(data.stats.viewsWeek, "view")} this week, {data.stats.viewsTotal.toLocaleString("en-US")} in all;{" "}
        {countOf(data.stats.inquiries, "inquiry", "inquiries")}, {countOf(data.stats.showings, "showing")},{" "}
        {doorWords(data.stats)}.
      </p>
      <Form method="post" preventScrollReset className="mt-3">
        {data.sellerYes ? (
          <SubmitButton intent={listingPageIntents.sellerNo} pendingLabel="Saving..." className={buttonOutline}>
            Stop showing my home
          </SubmitButton>
        ) : (
          <SubmitButton intent={listingPageIntents.sellerYes} pendingLabel="Saving...">
            Show my home on your site
          </SubmitButton>
        )}
      </Form>
      <OpenHousesBlock data={data} />
    </PageSection>
  );
}
