/**
 * Where a sold home is, as the public may read it (docs/proof.md): its ZIP code from the address, and
 * the neighbourhood or city a San Diego County ZIP code is known by (the US Postal Service's place names and
 * the City of San Diego's community names). A ZIP code not in the list reads "San Diego County".
 */

/** The last five-digit group of an address ("…, San Diego, CA 92104" → "92104"), or null. */
export function zipOf(address: string | null | undefined): string | null {
  const matches = address?.match(/\b9[0-6]\d{3}\b/g);
  return matches ? matches[matches.length - 1]! : null;
}

const NEIGHBOURHOODS: Readonly<Record<string, string>> = {
  "92101": "Downtown San Diego",
  "92102": "Golden Hill",
  "92103": "Hillcrest",
  "92104": "North Park",
  "92105": "City Heights",
  "92106": "Point Loma",
  "92107": "Ocean Beach",
  "92108": "Mission Valley",
  "92109": "Pacific Beach",
  "92110": "Bay Park",
  "92111": "Linda Vista",
  "92113": "Logan Heights",
  "92114": "Encanto",
  "92115": "College Area",
  "92116": "Normal Heights",
  "92117": "Clairemont",
  "92118": "Coronado",
  "92119": "San Carlos",
  "92120": "Del Cerro",
  "92121": "Sorrento Valley",
  "92122": "University City",
  "92123": "Serra Mesa",
  "92124": "Tierrasanta",
  "92126": "Mira Mesa",
  "92127": "Rancho Bernardo",
  "92128": "Rancho Bernardo",
  "92129": "Rancho Peñasquitos",
  "92130": "Carmel Valley",
  "92131": "Scripps Ranch",
  "92139": "Paradise Hills",
  "92154": "Otay Mesa",
  "92037": "La Jolla",
  "92014": "Del Mar",
  "92075": "Solana Beach",
  "92024": "Encinitas",
  "92007": "Cardiff-by-the-Sea",
  "92008": "Carlsbad",
  "92009": "Carlsbad",
  "92010": "Carlsbad",
  "92011": "Carlsbad",
  "92054": "Oceanside",
  "92056": "Oceanside",
  "92057": "Oceanside",
  "92058": "Oceanside",
  "92064": "Poway",
  "92071": "Santee",
  "92025": "Escondido",
  "92026": "Escondido",
  "92027": "Escondido",
  "92029": "Escondido",
  "92069": "San Marcos",
  "92078": "San Marcos",
  "92081": "Vista",
  "92083": "Vista",
  "92084": "Vista",
  "92019": "El Cajon",
  "92020": "El Cajon",
  "92021": "El Cajon",
  "91941": "La Mesa",
  "91942": "La Mesa",
  "91945": "Lemon Grove",
  "91950": "National City",
  "91910": "Chula Vista",
  "91911": "Chula Vista",
  "91913": "Chula Vista",
  "91914": "Chula Vista",
  "91915": "Chula Vista",
  "91932": "Imperial Beach",
};

/** The neighbourhood a ZIP code is known by ("92104" → "North Park"), or "San Diego County". */
export const neighbourhoodOf = (zip: string | null): string => (zip && NEIGHBOURHOODS[zip]) || "San Diego County";

const NAMES = [...new Set([...Object.values(NEIGHBOURHOODS), "San Diego County"])];

/** A neighbourhood as typed in a filter ("north park") as the list spells it ("North Park"), else as typed. */
export function canonicalNeighbourhood(typed: string): string {
  const wanted = typed.trim().toLowerCase();
  return NAMES.find((n) => n.toLowerCase() === wanted) ?? typed.trim();
}
