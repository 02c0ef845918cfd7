/** A listing's slug: its street and ZIP code ("1234 Elm St, San Diego, CA 92104" → "1234-elm-st-92104"). */
import { zipOf } from "~/lib/neighbourhoods";
import { slugify } from "~/lib/slug";

export function listingSlug(address: string, id: number): string {
  const street = address.split(",")[0] ?? address;
  return slugify(`${street} ${zipOf(address) ?? ""}`) || `home-${id}`;
}
