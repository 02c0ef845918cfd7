/**
 * One saved property (docs/spec.md §2): favorite and delete are small forms that work without JavaScript.
 * Delete asks first: the × opens a confirmation in the card (a link to `?delete=<id>` without JavaScript,
 * the card's own state with it), whose Delete button removes the home and whose Keep button closes it.
 * Every button is at least 44 × 44 px, with space between.
 */
import { Link, useFetcher, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatMoney } from "~/lib/money";
import { zillowListingUrl } from "~/lib/zillow";
import { savedHomeIntents } from "~/lib/intents";
import { anchorOffset, card } from "~/components/card";

export type CardSavedHome = {
  id: number;
  address: string;
  priceCents: number;
  bedrooms: number | null;
  bathrooms: string | null;
  squareFootage: number | null;
  imageUrl: string | null;
  status: string;
  isFavorite: boolean;
  notes: string | null;
  zillowId: string | null;
  /** The client's own rating after a tour (1–5) and their note for the agent (app/models/tour.server.ts). */
  tourRating?: { rating: number; note: string | null } | null;
};

const statusLabel = (status: string) =>
  status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ") : "Active";

/** A touch target of at least 44 × 44 px (WCAG 2.5.5). */
const target = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md";

export function SavedHomeCard({ listing, makeOffer = false }: { listing: CardSavedHome; makeOffer?: boolean }) {
  const favorite = useFetcher({ key: `favorite-${listing.id}` });
  const remove = useFetcher({ key: `delete-${listing.id}` });
  const [searchParams] = useSearchParams();
  const [confirming, setConfirming] = useState(searchParams.get("delete") === String(listing.id));
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
    <li
      className={`flex ${anchorOffset} flex-col overflow-hidden ${card} shadow-sm`}
      id={`listing-${listing.id}`}
      data-testid="listing"
    >
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
          <div className="flex shrink-0 gap-2">
            <favorite.Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value={savedHomeIntents.favorite} />
              <input type="hidden" name="id" value={listing.id} />
              <input type="hidden" name="isFavorite" value={String(!isFavorite)} />
              <button
                type="submit"
                aria-label={isFavorite ? "Remove from favorites" : "Add to favorites"}
                aria-pressed={isFavorite}
                className={`${target} text-2xl leading-none ${isFavorite ? "text-red-600" : "text-slate-500 hover:text-red-500"}`}
              >
                <span aria-hidden="true">{isFavorite ? "♥" : "♡"}</span>
              </button>
            </favorite.Form>
            <Link
              to={{ search: `?delete=${listing.id}`, hash: `listing-${listing.id}` }}
              preventScrollReset
              replace
              onClick={(event) => {
                event.preventDefault();
                setConfirming(true);
              }}
              aria-label={`Delete ${listing.address}`}
              aria-expanded={confirming}
              className={`${target} text-slate-500 hover:text-red-700`}
            >
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
                <path d="M6 6l8 8M14 6l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Link>
          </div>
        </div>
        {confirming ? (
          <div
            role="group"
            aria-label={`Delete ${listing.address}?`}
            className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm"
            data-testid="delete-confirmation"
          >
            <p className="font-semibold text-red-900">Delete this home from your list?</p>
            <p className="text-red-900">Its notes go with it; this cannot be undone.</p>
            <div className="mt-2 flex flex-wrap gap-3">
              <remove.Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value={savedHomeIntents.delete} />
                <input type="hidden" name="id" value={listing.id} />
                <button type="submit" className={`${target} bg-red-700 px-4 font-semibold text-white hover:bg-red-800`}>
                  Delete
                </button>
              </remove.Form>
              <Link
                to={{ search: "", hash: `listing-${listing.id}` }}
                preventScrollReset
                replace
                onClick={(event) => {
                  event.preventDefault();
                  setConfirming(false);
                }}
                className={`${target} border border-slate-300 bg-white px-4 font-semibold text-slate-800`}
              >
                Keep
              </Link>
            </div>
          </div>
        ) : null}
        <div className="mt-2 flex items-center justify-between">
          <p className="text-xl font-bold text-brand-900" data-testid="listing-price">
            {formatMoney(listing.priceCents)}
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
        {listing.tourRating ? (
          <p className="mt-2 text-sm text-slate-700" data-testid="listing-tour-rating">
            After your tour: {listing.tourRating.rating}/5
            {listing.tourRating.note ? ` · “${listing.tourRating.note}”` : ""}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          {listing.zillowId ? (
            <a
              href={zillowListingUrl(listing.zillowId)}
              target="_blank"
              rel="noopener noreferrer"
              className={`${target} border border-brand-600 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50`}
            >
              View on Zillow
            </a>
          ) : null}
          {makeOffer ? (
            <Link
              to={`?offer=new&listing=${listing.id}#offers`}
              preventScrollReset
              aria-label={`Make an offer on ${listing.address}`}
              className={`${target} bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700`}
            >
              Make an offer
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}
