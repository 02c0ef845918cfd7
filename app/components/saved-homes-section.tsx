/**
 * The portal's "My Properties" (docs/spec.md §2): the Add Property link (its dialog opens by URL), the
 * saved homes as cards, or the empty state. Its forms post to the portal's action
 * (app/sections/saved-homes.server.ts).
 */
import { Link } from "@remix-run/react";
import { anchorOffset } from "~/components/card";
import { SavedHomeCard, type CardSavedHome } from "~/components/saved-home-card";
import { buttonPrimary } from "~/components/submit-button";

export const ADD_PROPERTY_DIALOG = "add-property";

/** `makeOffer`: the client is buying, so each home offers "Make an offer" (the Offers section's form). */
export function SavedHomesSection({ listings, makeOffer = false }: { listings: CardSavedHome[]; makeOffer?: boolean }) {
  return (
    <section aria-labelledby="listings-title" className={`mt-10 ${anchorOffset}`} id="listings">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="listings-title" className="text-2xl font-bold text-brand-900">
          My Properties
        </h2>
        <Link to={`?dialog=${ADD_PROPERTY_DIALOG}`} preventScrollReset className={buttonPrimary}>
          Add Property
        </Link>
      </div>
      {listings.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h3 className="text-lg font-semibold">No Properties Yet</h3>
          <p className="mt-1 text-slate-600">Save homes you like to compare them and share them with your agent.</p>
          <Link
            to={`?dialog=${ADD_PROPERTY_DIALOG}`}
            preventScrollReset
            className="mt-4 inline-block font-semibold text-brand-700 underline"
          >
            Add Your First Property
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {listings.map((listing) => (
            <SavedHomeCard key={listing.id} listing={listing} makeOffer={makeOffer} />
          ))}
        </ul>
      )}
    </section>
  );
}
