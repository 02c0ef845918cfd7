/**
 * A listing's page (docs/listings.md) in the workspace (staff: its facts, the MLS date, take it down) and
 * in the portal (its seller: "Show my home on your site", or not). A refused save comes back with the values typed and,
 * for a flagged phrase, each phrase and why (app/components/listing-page-section.tsx shows them with a reason field).
 */
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse } from "~/infra/page-action.server";
import { fairHousingFlags } from "~/lib/fair-housing";
import { homeListingSchema, openHouseSchema, STAFF_LISTING_FIELDS } from "~/lib/home-listing-schema";
import { cancelOpenHouse, listOpenHouses, scheduleOpenHouse } from "~/models/open-house.server";
import { assignableAgents } from "~/models/team.server";
import { NotFoundError } from "~/lib/errors";
import { listingPageIntents } from "~/lib/intents";
import { getHomeListing, listingStats, putHomeListing, toHomeListingJson } from "~/models/home-listing.server";
import { lastDecision } from "~/models/fair-housing-review.server";
import { mayPerform } from "~/models/broker-duties.server";
import { formatDayWords } from "~/lib/plain-date";
import type { ListingPageData } from "~/components/listing-page-section";
import type { SellerListingData } from "~/components/seller-listing-section";
import type { Db } from "~/db/client.server";
import type { Actor } from "~/models/actor.server";
import { backTo, parseSectionForm, type Section } from "~/sections/page-sections.server";

export const listingPageSection: Section<typeof listingPageIntents> = {
  intents: listingPageIntents,
  async act(ctx, intent, formData) {
    const back = backTo(ctx, "listing-page");
    const values = Object.fromEntries(STAFF_LISTING_FIELDS.map((k) => [k, String(formData.get(k) ?? "")]));
    // Housing for older persons is the broker's mark: only their form sends it (absent: unchanged).
    const olderPersons = formData.has("olderPersons") ? values.olderPersons : undefined;
    try {
      if (ctx.transactionId === undefined) throw new NotFoundError("Listing not found");
      if (intent === listingPageIntents.save) {
        const input = parseSectionForm(homeListingSchema, {
          ...Object.fromEntries(STAFF_LISTING_FIELDS.map((k) => [k, values[k]])),
          mlsEnteredOn: values.mlsEnteredOn || null,
          description: values.description,
          olderPersons,
        });
        const { warnings, pending } = putHomeListing(ctx.db, ctx.actor, ctx.transactionId, input);
        return redirectWithToast(back, {
          description: pending
            ? "Listing page saved; the new description waits for the broker's approval (the earlier one stays shown)."
            : warnings.length
              ? "Listing page saved, with the reason for its wording."
              : "Listing page saved.",
        });
      }
      if (intent === listingPageIntents.addOpenHouse) {
        const input = parseSectionForm(openHouseSchema, {
          start: String(formData.get("start") ?? ""),
          end: `${String(formData.get("start") ?? "").slice(0, 10)}T${String(formData.get("endTime") ?? "")}`,
          hostId: String(formData.get("hostId") ?? ""),
        });
        scheduleOpenHouse(ctx.db, ctx.actor, ctx.transactionId, input);
        return redirectWithToast(back, { description: "Open house scheduled." });
      }
      if (intent === listingPageIntents.cancelOpenHouse) {
        cancelOpenHouse(ctx.db, ctx.actor, Number(formData.get("openHouseId")) || 0);
        return redirectWithToast(back, { description: "Open house cancelled." });
      }
      const published = intent === listingPageIntents.sellerYes;
      putHomeListing(ctx.db, ctx.actor, ctx.transactionId, { published });
      return redirectWithToast(back, {
        description: published
          ? "Thank you: your home's page is shown once it is on the MLS."
          : intent === listingPageIntents.takeDown
            ? "Listing page taken down."
            : "Your home's page is not shown.",
      });
    } catch (error) {
      if (intent !== listingPageIntents.save) return refuse(error, { back });
      const older = olderPersons === undefined ? undefined : olderPersons === "true";
      return refuse(error, {
        data: { listingForm: { values, flags: fairHousingFlags(values.description, { olderPersons: older }) } },
      });
    }
  },
};

/** The Listing tab's "Listing page" data (a sale, staff on it). */
export function listingPageData(db: Db, actor: Actor, transactionId: number): ListingPageData {
  const { listing, transaction, notLive, waiting } = getHomeListing(db, actor, transactionId);
  const json = toHomeListingJson(listing, transaction);
  const text = (v: number | string | null) => (v === null ? "" : String(v));
  const decided = lastDecision(db, { type: "listing", transactionId });
  return {
    url: json.url,
    state: listing.state,
    notLive,
    sellerYes: json.published,
    mlsEnteredOn: listing.mlsEnteredOn ? formatDayWords(listing.mlsEnteredOn) : null,
    waiting: waiting ? { text: waiting.text, reason: waiting.reason } : null,
    returned: decided?.decision === "return" && decided.comment ? decided.comment : null,
    olderPersons: listing.olderPersons ? "true" : "false",
    mayMarkOlderPersons: mayPerform(db, actor, "approveFiles"),
    values: {
      mlsEnteredOn: text(listing.mlsEnteredOn),
      price: text(json.price),
      beds: text(listing.beds),
      baths: text(listing.baths),
      squareFeet: text(listing.squareFeet),
      lotSquareFeet: text(listing.lotSquareFeet),
      yearBuilt: text(transaction.yearBuilt),
      propertyType: listing.propertyType,
      description: listing.description ?? "",
    },
    stats: listingStats(db, transactionId),
    openHouses: listOpenHouses(db, actor, transactionId),
    hosts: assignableAgents(db).map((a) => ({ id: a.id, name: a.name })),
  };
}

/** The portal's "Your listing page" data (the seller of a sale). */
export function sellerListingData(db: Db, actor: Actor, transactionId: number): SellerListingData {
  const { listing, transaction } = getHomeListing(db, actor, transactionId);
  const json = toHomeListingJson(listing, transaction);
  return {
    url: json.url,
    state: listing.state,
    sellerYes: json.published,
    onMls: listing.mlsEnteredOn !== null,
    stats: listingStats(db, transactionId),
    openHouses: listOpenHouses(db, actor, transactionId),
    hosts: assignableAgents(db).map((a) => ({ id: a.id, name: a.name })),
  };
}
