/**
 * A listing's public page as /homes/{slug} and `GET /api/homes/{slug}` give it (docs/listings.md): the
 * facts, the price and its changes, the photos, the open houses to come (none once sold), the showing page's
 * address for buyers' agents, the listing agent, and schema.org's `RealEstateListing` with its `Offer`.
 */
import { env } from "~/config/env.server";
import { apiDollars } from "~/lib/money";
import { todayIn } from "~/lib/plain-date";
import type { Db } from "~/db/client.server";
import { PROPERTY_TYPES, type PropertyType } from "~/lib/home-listing-schema";
import { photoSources } from "~/lib/images";
import { getPublicAgent, shownAgentSlugs } from "~/models/agent-profile.server";
import { publicHome } from "~/models/home-listing.server";
import { upcomingOpenHouses } from "~/models/open-house.server";
import { agentCard } from "~/models/public-proof.server";
import { actingAgentCardOf } from "~/models/user.server";

const monthOf = (date: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );

/** The page's data, or null when the listing is not shown (404). */
export function homePageData(db: Db, slug: string, now = new Date()) {
  const home = publicHome(db, slug);
  if (!home) return null;
  const l = home.listing;
  const sold = l.state === "sold";
  const base = env().APP_URL;
  const slugs = home.agentId ? shownAgentSlugs(db, [home.agentId]) : new Map<string, { slug: string }>();
  const profile = home.agentId ? slugs.get(home.agentId) : undefined;
  const agent = profile ? agentCard(getPublicAgent(db, profile.slug)) : null;
  const plainAgent = !agent && home.agentId ? actingAgentCardOf(db, home.agentId) : null;
  // A photo without its own text reads "Photo 2 of 5, 3021 Juniper St" (never alt="").
  const street = home.address.split(",")[0];
  // Its thumbnail: "Photo 2 of 5: the kitchen" (or "Photo 2 of 5").
  const photos = home.photos.map((p, i, all) => {
    const caption = p.alt.trim();
    const place = `Photo ${i + 1} of ${all.length}`;
    return {
      ...photoSources({ ...p, alt: caption || `${place}, ${street}` }),
      thumbAlt: caption ? `${place}: ${caption}` : place,
    };
  });
  const openHouses = sold ? [] : upcomingOpenHouses(db, home.transactionId, now);
  const type = l.propertyType as PropertyType;
  // Sold: what it sold for, not the last list price.
  const priceCents = sold && home.closingPriceCents !== null ? home.closingPriceCents : l.priceCents;
  const price = priceCents === null ? null : apiDollars(priceCents);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: home.address,
    url: `${base}/homes/${l.slug}`,
    ...(l.publishedAt ? { datePosted: todayIn(l.publishedAt) } : {}),
    ...(l.description ? { description: l.description } : {}),
    ...(photos.length ? { image: photos.map((p) => `${base}${p.src}`) } : {}),
    about: {
      "@type": type,
      address: {
        "@type": "PostalAddress",
        streetAddress: street,
        postalCode: l.zip ?? undefined,
        addressRegion: "CA",
        addressCountry: "US",
      },
      ...(l.beds !== null ? { numberOfBedrooms: l.beds } : {}),
      ...(l.baths !== null ? { numberOfBathroomsTotal: Number(l.baths) } : {}),
      ...(l.squareFeet !== null
        ? { floorSize: { "@type": "QuantitativeValue", value: l.squareFeet, unitCode: "FTK" } }
        : {}),
      ...(home.yearBuilt !== null ? { yearBuilt: home.yearBuilt } : {}),
    },
    ...(price !== null
      ? {
          offers: {
            "@type": "Offer",
            price,
            priceCurrency: "USD",
            availability: sold ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
            seller: { "@type": "RealEstateAgent", name: env().site.name, url: base },
          },
        }
      : {}),
  };
  return {
    transactionId: home.transactionId,
    agentId: home.agentId,
    slug: l.slug,
    address: home.address,
    sold,
    soldMonth: sold && l.soldOn ? monthOf(l.soldOn) : null,
    price,
    priceCents,
    prices: home.prices.map((p) => ({ price: apiDollars(p.priceCents), priceCents: p.priceCents, on: p.on })),
    beds: l.beds,
    baths: l.baths === null ? null : Number(l.baths),
    squareFeet: l.squareFeet,
    lotSquareFeet: l.lotSquareFeet,
    yearBuilt: home.yearBuilt,
    kind: PROPERTY_TYPES[type] ?? "Home",
    description: l.description,
    photos,
    openHouses,
    showingUrl: sold ? null : home.showingUrl,
    agent,
    plainAgent,
    jsonLd,
  };
}
export type HomePageData = NonNullable<ReturnType<typeof homePageData>>;
