/** One saved property (docs/spec.md §2): favorite and delete are small forms that work without JavaScript. */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatUSD } from "~/lib/format";
import { zillowListingUrl } from "~/lib/zillow";
import { listingIntents } from "~/lib/intents";
import { card } from "~/components/card";

export type CardListing = {
  id: number;
  address: string;
  price: string;
  bedrooms: number | null;
  bathrooms: string | null;
  squareFootage: number | null;
  imageUrl: string | null;
  status: string;
  isFavorite: boolean;
  notes: string | null;
  zillowId: string | null;
};

const statusLabel = (status: string) =>
  status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ") : "Active";

export function ListingCard({ listing }: { listing: CardListing }) {
  const favorite = useFetcher({ key: `favorite-${listing.id}` });
  const remove = useFetcher({ key: `delete-${listing.id}` });
  const [imageFailed, setImageFailed] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const image = imageRef.current;
    if (image && image.complete && image.naturalWidth === 0) setImageFailed(true);
  }, []);

  // Optimistic: show the value being sent, and hide a listing being deleted.
  const isFavorite = favorite.formData ? favorite.formData.get("isFavorite") === "true" : listing.isFavorite;
  if (remove.formData) return null;

  return (
    <li className={`flex flex-col overflow-hidden ${card} shadow-sm`} data-testid="listing">
      {listing.imageUrl && !imageFailed ? (
        <img
          ref={imageRef}
          src={listing.imageUrl}
          alt={`Photo of ${listing.address}`}
          width={640}
          height={400}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setImageFailed(true)}
          className="aspect-[8/5] h-auto w-full bg-slate-100 object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="line-clamp-2 font-semibold">{listing.address}</h3>
          <div className="flex shrink-0 gap-1">
            <favorite.Form method="post">
              <input type="hidden" name="intent" value={listingIntents.favorite} />
              <input type="hidden" name="id" value={listing.id} />
              <input type="hidden" name="isFavorite" value={String(!isFavorite)} />
              <button
                type="submit"
                aria-label={isFavorite ? "Remove from favorites" : "Add to favorites"}
                aria-pressed={isFavorite}
                className={`rounded p-1.5 text-xl leading-none ${isFavorite ? "text-red-600" : "text-slate-400 hover:text-red-500"}`}
              >
                <span aria-hidden="true">{isFavorite ? "♥" : "♡"}</span>
              </button>
            </favorite.Form>
            <remove.Form method="post">
              <input type="hidden" name="intent" value={listingIntents.delete} />
              <input type="hidden" name="id" value={listing.id} />
              <button
                type="submit"
                aria-label={`Delete ${listing.address}`}
                className="rounded p-1.5 text-slate-400 hover:text-red-700"
              >
                <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20">
                  <path d="M6 6l8 8M14 6l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </remove.Form>
          </div>
        </div>
        <div className="mt-2 flex items-center justify-between">
          <p className="text-xl font-bold text-brand-900" data-testid="listing-price">
            {formatUSD(listing.price)}
          </p>
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
            {statusLabel(listing.status)}
          </span>
        </div>
        <p className="mt-1 text-sm text-slate-600" data-testid="listing-facts">
          {[
            listing.bedrooms !== null ? `${listing.bedrooms} bd` : null,
            listing.bathrooms !== null ? `${listing.bathrooms} ba` : null,
            listing.squareFootage !== null ? `${listing.squareFootage.toLocaleString("en-US")} sqft` : null,
          ]
            .filter(Boolean)
            .join(" · ") || "Details not entered"}
        </p>
        {listing.notes ? <p className="mt-2 line-clamp-2 text-sm text-slate-700">{listing.notes}</p> : null}
        {listing.zillowId ? (
          <a
            href={zillowListingUrl(listing.zillowId)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-block self-start rounded-md border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            View on Zillow
          </a>
        ) : null}
      </div>
    </li>
  );
}
