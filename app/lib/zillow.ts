/**
 * Reads what a Zillow listing URL itself says: the zpid and, when present, the
 * address. Zillow's pages are never fetched (its terms forbid it); price, beds
 * and photos are not in the URL. Pure; see docs/domain.md for the forms.
 */

export type ParsedZillowUrl = {
  zillowId: string;
  address: string | null;
  street: string | null;
  unit: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

const KNOWN_CITIES = [
  "San Diego",
  "La Jolla",
  "Chula Vista",
  "National City",
  "El Cajon",
  "La Mesa",
  "Lemon Grove",
  "Spring Valley",
  "Imperial Beach",
  "Coronado",
  "Oceanside",
  "Carlsbad",
  "Encinitas",
  "Escondido",
  "Poway",
  "Santee",
  "Vista",
  "San Marcos",
  "Del Mar",
  "Solana Beach",
  "Bonita",
  "Ramona",
  "Lakeside",
  "Alpine",
  "Fallbrook",
  "Valley Center",
  "Rancho Santa Fe",
  "Cardiff By The Sea",
  "Cardiff",
  "San Ysidro",
  "Rancho Bernardo",
  "Rancho Penasquitos",
  "Pacific Beach",
  "Point Loma",
  "Julian",
].sort((a, b) => b.split(" ").length - a.split(" ").length);

const STREET_SUFFIXES = new Set([
  "st",
  "ave",
  "blvd",
  "dr",
  "rd",
  "ln",
  "ct",
  "way",
  "pl",
  "ter",
  "cir",
  "pkwy",
  "hwy",
  "trl",
  "sq",
  "loop",
  "row",
  "walk",
  "aly",
  "plz",
  "path",
  "pt",
  "cv",
  "xing",
]);
const UNIT_WORDS = new Set(["apt", "unit", "ste", "#", "spc", "bldg", "lot"]);

const isZillowHost = (host: string) => host === "zillow.com" || host.endsWith(".zillow.com");

function parseSlug(slug: string) {
  const tokens = slug.split("-").filter(Boolean);
  if (tokens.length < 3) return null;
  const zip = /^\d{5}$/.test(tokens.at(-1)!) ? tokens.pop()! : null;
  const state = tokens.length && /^[A-Za-z]{2}$/.test(tokens.at(-1)!) ? tokens.pop()!.toUpperCase() : null;
  if (!zip || !state || tokens.length === 0) return null;

  let city: string | null = null;
  const lower = tokens.map((t) => t.toLowerCase());
  for (const candidate of KNOWN_CITIES) {
    const words = candidate.toLowerCase().split(" ");
    const tail = lower.slice(-words.length);
    if (tokens.length > words.length && tail.join(" ") === words.join(" ")) {
      city = candidate;
      tokens.splice(-words.length);
      break;
    }
  }

  // Unit: APT/UNIT/STE/# followed by its number.
  let unit: string | null = null;
  const unitAt = tokens.findIndex((t, i) => i > 0 && UNIT_WORDS.has(t.toLowerCase()));
  if (unitAt > 0 && tokens[unitAt + 1]) {
    const word = tokens[unitAt]!.toUpperCase();
    unit = `${word === "#" ? "#" : word} ${tokens[unitAt + 1]!.toUpperCase()}`.replace("# ", "#");
    const after = tokens.slice(unitAt + 2);
    tokens.splice(unitAt);
    if (!city && after.length) city = after.join(" ");
  } else if (!city) {
    // No known city: the street ends at its suffix (Blvd, St, ...); the rest is the city.
    const suffixAt = tokens.findIndex((t, i) => i > 0 && STREET_SUFFIXES.has(t.toLowerCase()));
    if (suffixAt > 0 && suffixAt < tokens.length - 1) {
      city = tokens.slice(suffixAt + 1).join(" ");
      tokens.splice(suffixAt + 1);
    }
  }
  const street = tokens.join(" ");
  const address = `${street}${unit ? ` ${unit}` : ""}, ${city ? `${city}, ` : ""}${state} ${zip}`;
  return { street, unit, city, state, zip, address };
}

/** The zpid and address of a Zillow listing URL, or null when it is not one. */
export function parseZillowUrl(input: string): ParsedZillowUrl | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (!["http:", "https:"].includes(url.protocol) || !isZillowHost(url.hostname.toLowerCase())) return null;
  let parts: string[];
  try {
    parts = url.pathname
      .split("/")
      .filter(Boolean)
      .map((p) => decodeURIComponent(p));
  } catch {
    return null; // a malformed percent-escape (%ZZ, a lone %) is not a listing URL
  }
  const [kind, ...rest] = parts;
  if (kind !== "homedetails" && kind !== "homes") return null;
  const zpidPart = rest.find((p) => /^\d+_zpid$/.test(p));
  if (!zpidPart) return null;
  const zillowId = zpidPart.replace("_zpid", "");
  const slug = kind === "homedetails" ? rest.find((p) => p !== zpidPart) : undefined;
  const parsed = slug ? parseSlug(slug) : null;
  return {
    zillowId,
    address: parsed?.address ?? null,
    street: parsed?.street ?? null,
    unit: parsed?.unit ?? null,
    city: parsed?.city ?? null,
    state: parsed?.state ?? null,
    zip: parsed?.zip ?? null,
  };
}

export function zillowListingUrl(zillowId: string) {
  return `https://www.zillow.com/homedetails/${encodeURIComponent(zillowId)}_zpid/`;
}

export function parsedMessage(parsed: ParsedZillowUrl) {
  return parsed.address
    ? `Found Zillow listing ${parsed.zillowId}: ${parsed.address}. Price, bedrooms and photos are not in the link: please enter them.`
    : `Found Zillow listing ${parsed.zillowId}. The link has no address: please enter it, with the price.`;
}

export const PARSE_EMPTY_MESSAGE = "Please enter a Zillow URL first";
export const PARSE_FAILED_MESSAGE = "Failed to parse Zillow URL";

/**
 * The Parse action of the portal and of POST /api/listings/parse-zillow: an
 * empty URL, a URL that is not a listing, or the listing with its message.
 */
export function parseListingUrl(
  input: string | null | undefined,
): { ok: true; parsed: ParsedZillowUrl; message: string } | { ok: false; message: string } {
  const url = (input ?? "").trim();
  if (!url) return { ok: false, message: PARSE_EMPTY_MESSAGE };
  const parsed = url.length > 2000 ? null : parseZillowUrl(url);
  if (!parsed) return { ok: false, message: PARSE_FAILED_MESSAGE };
  return { ok: true, parsed, message: parsedMessage(parsed) };
}
