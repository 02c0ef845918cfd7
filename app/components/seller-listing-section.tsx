/**
 * The portal's "Your listing page" (issue 47, docs/listings.md; the seller of a sale): the page's address, whether
 * it is shown, "Show my home on your site" (the seller's yes; shown once the agency has entered the MLS date), and
 * what the page brought: views this week and in all, inquiries, showings, open-house visitors.
 */
import { Form } from "@remix-run/react";
import { PageSection } from "~/components/page-section";
import { buttonOutline, SubmitButton } from "~/components/submit-button";
import { listingPageIntents } from "~/lib/intents";
import { formatSlot } from "~/lib/format";
import { countOf } from "~/lib/plural";

export type SellerListingData = {
  url: string;
  state: "hidden" | "live" | "sold";
  sellerYes: boolean;
  onMls: boolean;
  stats: { viewsWeek: number; viewsTotal: number; inquiries: number };
  openHouses: Array<{ id: number; start: string; cancelled: boolean; visitors: number; withAgent: number }>;
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
        {countOf(data.stats.inquiries, "inquiry", "inquiries")}.
      </p>
      {data.openHouses.length ? (
        <ul className="mt-2 space-y-1 text-sm" data-testid="seller-open-houses">
          {data.openHouses
            .filter((o) => !o.cancelled)
            .map((o) => (
              <li key={o.id}>
                Open house {formatSlot(o.start)}: {countOf(o.visitors, "visitor")} ({o.withAgent} with an agent,{" "}
                {o.visitors - o.withAgent} without)
              </li>
            ))}
        </ul>
      ) : null}
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
    </PageSection>
  );
}
