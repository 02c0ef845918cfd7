/**
 * Fair housing in the words of a listing's description and an agent's bio (`../shared/DOMAIN.md`, "Our
 * listings and open houses"): phrases that state a preference for or against a protected class (HUD's advertising
 * guidance, 24 CFR 100.75; California's wider list, Gov. Code 12955(c)), each with why. Describe the property, not the
 * people: "three bedrooms near two parks", not "perfect for young families"; "near St. Mark's" as a landmark is fine.
 * A list, not a judge: staff may save anyway with a written reason, which the broker approves
 * (app/models/fair-housing-review.server.ts). A text is read as a person reads it (`readable`): Unicode NFKC (full-width
 * letters), invisible characters removed, look-alike letters folded, runs of spaces, line breaks and hyphens one space;
 * the saved text stays as typed. Housing for older persons (HOPA, 55 and over) may use age words.
 */

type Rule = { pattern: RegExp; reason: string };

/** Zero-width spaces and joiners, the word joiner, the byte-order mark, the soft hyphen: read as nothing. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\uFEFF]/g;
/** Letters of other scripts that look like Latin ones (Cyrillic, Greek), folded to them. */
const LOOK_ALIKES: Record<string, string> = {
  "\u0430": "a",
  "\u0435": "e",
  "\u043E": "o",
  "\u0440": "p",
  "\u0441": "c",
  "\u0443": "y",
  "\u0445": "x",
  "\u0456": "i",
  "\u0458": "j",
  "\u0455": "s",
  "\u04BB": "h",
  "\u0501": "d",
  "\u051B": "q",
  "\u051D": "w",
  "\u0410": "a",
  "\u0412": "b",
  "\u0415": "e",
  "\u041A": "k",
  "\u041C": "m",
  "\u041D": "h",
  "\u041E": "o",
  "\u0420": "p",
  "\u0421": "c",
  "\u0422": "t",
  "\u0425": "x",
  "\u0423": "y",
  "\u0406": "i",
  "\u03B1": "a",
  "\u03B5": "e",
  "\u03BF": "o",
  "\u03C1": "p",
  "\u03BD": "v",
  "\u03B9": "i",
  "\u03BA": "k",
  "\u0391": "a",
  "\u0392": "b",
  "\u0395": "e",
  "\u0397": "h",
  "\u0399": "i",
  "\u039A": "k",
  "\u039C": "m",
  "\u039D": "n",
  "\u039F": "o",
  "\u03A1": "p",
  "\u03A4": "t",
  "\u03A7": "x",
  "\u03A5": "y",
  "\u0396": "z",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "g");

/** A text as a person reads it: what the rules match against (the saved text stays as typed). */
export function readable(text: string): string {
  return text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c] ?? c)
    .replace(/[\s\u00A0\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\-\u2010-\u2015\u2212_]+/g, " ")
    .trim();
}

const FAMILIAL = "states a preference about familial status (children, families)";
const RELIGION = "suggests a preference by religion";
const RACE = "suggests a preference by race, colour or national origin";
const SEX = "states a preference by sex";
const DISABILITY = "states a limitation by disability";
const AGE = "states a preference by age (a protected class in California)";
const INCOME = "refuses a source of income (protected in California)";
const MARITAL = "states a preference by marital status (protected in California)";
const ORIENTATION = "states a preference by sexual orientation (protected in California)";
const VETERAN = "states a limitation by veteran or military status (protected in California)";

/** Words after "family" that describe the home's use, not who may live there ("great for family gatherings"). */
const FAMILY_USE = "(?! (?:gatherings?|dinners?|meals?|reunions?|parties|party|events?|room|time|fun|holidays?))";
/** Words after "exclusive community" that name an amenity, not who may live there ("exclusive community pool"). */
const AMENITY =
  "(?! (?:pool|clubhouse|club house|gym|fitness|amenities|amenity|park|center|centre|garden|gardens|spa|tennis|access|beach))";

const RULES: Rule[] = [
  {
    pattern: new RegExp(
      `\\b(?:perfect|ideal|great|suited) for (?:a )?(?:young |growing |small |large )?famil(?:y|ies)\\b${FAMILY_USE}`,
    ),
    reason: FAMILIAL,
  },
  { pattern: /\byoung famil(?:y|ies)\b/, reason: FAMILIAL },
  { pattern: /\bfamily friendly\b/, reason: FAMILIAL },
  { pattern: /\bno (?:children|kids|minors)\b/, reason: FAMILIAL },
  { pattern: /\b(?:adults?|grown ?ups) only\b/, reason: FAMILIAL },
  { pattern: /\b(?:child|kid) ?free\b/, reason: FAMILIAL },
  { pattern: /\bempty nesters?\b/, reason: FAMILIAL },
  { pattern: /\b(?:perfect|ideal|great) for (?:singles|couples|newlyweds|bachelors?)\b/, reason: MARITAL },
  { pattern: /\bmarried couples?(?: only)?\b/, reason: MARITAL },
  { pattern: /\bsingles? only\b/, reason: MARITAL },
  {
    pattern: /\bwalking distance (?:to|from) (?:the |a )?(?:church|synagogue|mosque|temple|parish)\b/,
    reason: RELIGION,
  },
  {
    pattern:
      /\b(?:christian|catholic|jewish|muslim|hindu|buddhist|mormon) (?:home|neighbou?rhood|community|family|families|area|buyers?)\b/,
    reason: RELIGION,
  },
  { pattern: new RegExp(`\\bexclusive (?:neighbou?rhood|community|area|enclave|street)\\b${AMENITY}`), reason: RACE },
  { pattern: /\brestricted (?:neighbou?rhood|community|area)\b/, reason: RACE },
  {
    pattern:
      /\b(?:white|black|hispanic|latino|latina|asian|mexican|chinese|korean|filipino|african|european|ethnic) (?:neighbou?rhood|community|area|family|families|buyers?)\b/,
    reason: RACE,
  },
  { pattern: /\b(?:integrated|segregated) (?:neighbou?rhood|community)\b/, reason: RACE },
  { pattern: /\bno immigrants\b/, reason: RACE },
  { pattern: /\benglish speaking only\b/, reason: RACE },
  { pattern: /\b(?:male|female|men|women|man|woman|gentlemen|ladies) only\b/, reason: SEX },
  { pattern: /\b(?:perfect|ideal|great) for (?:a )?(?:man|woman|gentleman|lady)\b/, reason: SEX },
  { pattern: /\bno (?:wheelchairs?|handicapped|disabled|walkers|service animals)\b/, reason: DISABILITY },
  { pattern: /\b(?:able bodied|physically fit|not for the (?:disabled|handicapped))\b/, reason: DISABILITY },
  { pattern: /\bmust (?:be able to )?(?:climb|use) (?:the )?stairs\b/, reason: DISABILITY },
  {
    pattern:
      /\b(?:perfect|ideal|great) for (?:retirees|seniors|students|young professionals|young people|the elderly)\b/,
    reason: AGE,
  },
  { pattern: /\byoung professionals?\b/, reason: AGE },
  { pattern: /\bno (?:section 8|vouchers?|housing assistance|welfare)\b/, reason: INCOME },
  { pattern: /\bstraight couples?\b/, reason: ORIENTATION },
  { pattern: /\bno (?:veterans|military)\b/, reason: VETERAN },
];

export type FairHousingFlag = { phrase: string; reason: string };

/**
 * Each phrase found in `text` (as a person reads it) and why it is flagged, in the order they appear; none: []. For
 * housing for older persons (`olderPersons`: HOPA, marked by the broker) age words are lawful and not flagged.
 */
export function fairHousingFlags(
  raw: string | null | undefined,
  options: { olderPersons?: boolean } = {},
): FairHousingFlag[] {
  if (!raw) return [];
  const text = readable(raw);
  const found: Array<FairHousingFlag & { at: number }> = [];
  for (const rule of RULES) {
    if (options.olderPersons && rule.reason === AGE) continue;
    const pattern = new RegExp(rule.pattern.source, "gi");
    for (const match of text.matchAll(pattern)) {
      const at = match.index ?? 0;
      if (found.some((f) => at >= f.at && at < f.at + f.phrase.length)) continue;
      found.push({ phrase: match[0], reason: rule.reason, at });
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ phrase, reason }) => ({ phrase, reason }));
}

/** The 400's message: each phrase and why. */
export const fairHousingMessage = (flags: FairHousingFlag[]) =>
  `Fair housing: ${flags.map((f) => `"${f.phrase}" ${f.reason}`).join("; ")}. Describe the property, not the people, or save with a reason.`;
