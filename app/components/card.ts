/**
 * A card's frame: the white, rounded, bordered box of the site's panels, sections and list frames. Each
 * use adds its own spacing (`${card} p-6`); Tailwind reads the classes from this file.
 */
export const card = "rounded-xl border border-slate-200 bg-white";

/**
 * Where an anchored section lands when the page scrolls to it (`#documents`): below the sticky site
 * navigation, and on small screens below the portal's sticky section navigation too.
 */
export const anchorOffset = "scroll-mt-32 sm:scroll-mt-20";
