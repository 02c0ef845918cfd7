/**
 * Fair housing in the words of a listing's description and an agent's bio (issue 47; `../shared/DOMAIN.md`, "Our
 * listings and open houses"): phrases that state a preference for or against a protected class (HUD's advertising
 * guidance, 24 CFR 100.75; California's wider list, Gov. Code 12955(c)), each with why. Describe the property, not the
 * people: "three bedrooms near two parks", not "perfect for young families"; "near St. Mark's" as a landmark is fine.
 * A list, not a judge: staff may save anyway with a written reason (audited).
 */

type Rule = { pattern: RegExp; reason: string };

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

const RULES: Rule[] = [
  {
    pattern: /\b(?:perfect|ideal|great|suited) for (?:a )?(?:young |growing |small |large )?famil(?:y|ies)\b/,
    reason: FAMILIAL,
  },
  { pattern: /\byoung famil(?:y|ies)\b/, reason: FAMILIAL },
  { pattern: /\bno (?:children|kids|minors)\b/, reason: FAMILIAL },
  { pattern: /\b(?:adults?|grown-?ups) only\b/, reason: FAMILIAL },
  { pattern: /\b(?:child|kid)-?free\b/, reason: FAMILIAL },
  { pattern: /\bempty[- ]nesters?\b/, reason: FAMILIAL },
  { pattern: /\b(?:perfect|ideal|great) for (?:singles|couples|newlyweds|bachelors?)\b/, reason: MARITAL },
  { pattern: /\bmarried couples?(?: only)?\b/, reason: MARITAL },
  { pattern: /\bbachelor pad\b/, reason: MARITAL },
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
  { pattern: /\bexclusive (?:neighbou?rhood|community|area|enclave|street)\b/, reason: RACE },
  { pattern: /\brestricted (?:neighbou?rhood|community|area)\b/, reason: RACE },
  {
    pattern:
      /\b(?:white|black|hispanic|latino|latina|asian|mexican|chinese|korean|filipino|african|european|ethnic) (?:neighbou?rhood|community|area|family|families|buyers?)\b/,
    reason: RACE,
  },
  { pattern: /\b(?:integrated|segregated) (?:neighbou?rhood|community)\b/, reason: RACE },
  { pattern: /\bno immigrants\b/, reason: RACE },
  { pattern: /\benglish[- ]speaking only\b/, reason: RACE },
  { pattern: /\b(?:male|female|men|women|man|woman|gentlemen|ladies) only\b/, reason: SEX },
  { pattern: /\b(?:perfect|ideal|great) for (?:a )?(?:man|woman|gentleman|lady)\b/, reason: SEX },
  { pattern: /\bno (?:wheelchairs?|handicapped|disabled)\b/, reason: DISABILITY },
  { pattern: /\b(?:able-bodied|physically fit|not for the (?:disabled|handicapped))\b/, reason: DISABILITY },
  {
    pattern:
      /\b(?:perfect|ideal|great) for (?:retirees|seniors|students|young professionals|young people|the elderly)\b/,
    reason: AGE,
  },
  { pattern: /\byoung professionals?\b/, reason: AGE },
  { pattern: /\bno (?:section 8|section-8|vouchers?|housing assistance|welfare)\b/, reason: INCOME },
  { pattern: /\bstraight couples?\b/, reason: ORIENTATION },
  { pattern: /\bno (?:veterans|military)\b/, reason: VETERAN },
];

export type FairHousingFlag = { phrase: string; reason: string };

/** Each phrase found in `text` (as written there) and why it is flagged, in the order they appear; none: []. */
export function fairHousingFlags(text: string | null | undefined): FairHousingFlag[] {
  if (!text) return [];
  const found: Array<FairHousingFlag & { at: number }> = [];
  for (const rule of RULES) {
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
