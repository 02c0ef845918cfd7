/**
 * The site's slugs, one rule: accents folded ("Peñasquitos" → "penasquitos"), "&" read as "and", anything else not a
 * letter or digit a hyphen, trimmed to a length. Articles, agents' pages and listings' pages use it.
 */
export function slugify(text: string, max = 100): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}
