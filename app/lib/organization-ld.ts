/**
 * The organization's schema.org description: the brokerage as a `RealEstateAgent` (a `LocalBusiness`) with
 * its address, phone, e-mail, DRE license and responsible broker, and, when its page shows reviews, their
 * `aggregateRating` and those reviews alone (a page never marks up reviews it does not show).
 */
/** The agency's details it needs (app/config/site.ts's, with the license's name: "California DRE Corporation License"). */
type Agency = {
  name: string;
  phone: string;
  email: string;
  address: string;
  license: string;
  licenseLabel: string;
  broker: string;
  brokerLicense: string;
};

/** "600 B Street, Suite 300, San Diego, CA 92101" as a PostalAddress (the street is what precedes the city). */
export function postalAddress(address: string) {
  const match = /^(.*),\s*([^,]+),\s*([A-Z]{2})\s+(\d{5})(?:-\d{4})?$/.exec(address.trim());
  if (!match) return { "@type": "PostalAddress", streetAddress: address, addressCountry: "US" };
  const [, street, city, region, zip] = match;
  return {
    "@type": "PostalAddress",
    streetAddress: street,
    addressLocality: city,
    addressRegion: region,
    postalCode: zip,
    addressCountry: "US",
  };
}

export function organizationLd(
  site: Agency,
  url: string,
  reviews: {
    average: number | null;
    count: number;
    shown: Array<{ name: string; createdAt: string; text: string; rating: number }>;
  },
) {
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    name: site.name,
    url,
    telephone: site.phone,
    email: site.email,
    address: postalAddress(site.address),
    areaServed: "San Diego County, California",
    identifier: { "@type": "PropertyValue", propertyID: site.licenseLabel, value: site.license },
    employee: { "@type": "Person", name: site.broker, jobTitle: `Responsible broker, DRE #${site.brokerLicense}` },
    ...reviewsLd(reviews),
  };
}

/**
 * A page's `aggregateRating` and its `review`s (the organization's page, an agent's): the average and count of every
 * published review, and only the reviews the page itself shows. Nothing while there are none.
 */
export function reviewsLd(reviews: {
  average: number | null;
  count: number;
  shown: Array<{ name: string; createdAt: string; text: string; rating: number }>;
}) {
  if (reviews.count === 0 || reviews.average === null) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: reviews.average,
      reviewCount: reviews.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.shown.map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.name },
      datePublished: r.createdAt.slice(0, 10),
      reviewBody: r.text,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
