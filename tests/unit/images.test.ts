/**
 * An image's addresses and sizes from one module (app/lib/images.ts): a small original is never enlarged, whatever
 * shows it (a blog post, an agent's photo, a listing's photo), and a page gets its thumbnail and its id from the
 * sources, never by parsing an address back.
 */
import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, imageKey, imagePath, imageSources, photoSources } from "~/lib/images";

const ID = "a".repeat(32);

describe("an image's sources", () => {
  it("a large original: three widths, the middle one as src, the smallest as thumbnail", () => {
    const variants = IMAGE_WIDTHS.map((w) => ({ name: w, width: w, height: (w * 3) / 4 }));
    expect(imageSources(ID, variants)).toEqual({
      imageId: ID,
      src: `/images/${ID}-800.webp`,
      thumb: `/images/${ID}-400.webp`,
      srcSet: `/images/${ID}-400.webp 400w, /images/${ID}-800.webp 800w, /images/${ID}-1600.webp 1600w`,
      width: 1600,
      height: 1200,
    });
  });

  it("a listing photo 300 px wide is never offered larger than it is", () => {
    // Stored under each width's name, each file the original's own 300 px.
    const variants = IMAGE_WIDTHS.map((w) => ({ name: w, width: 300, height: 200 }));
    const photo = photoSources({ imageId: ID, variants, alt: "The kitchen" });
    expect(photo.srcSet).toBe(`/images/${ID}-400.webp 300w`);
    expect(photo).toMatchObject({ src: `/images/${ID}-400.webp`, width: 300, height: 200, alt: "The kitchen" });
  });

  it("a 1,000 px original: its 1600 file is its own 1,000 px, listed once", () => {
    const variants = [
      { name: 400, width: 400, height: 300 },
      { name: 800, width: 800, height: 600 },
      { name: 1600, width: 1000, height: 750 },
    ];
    expect(imageSources(ID, variants).srcSet).toBe(
      `/images/${ID}-400.webp 400w, /images/${ID}-800.webp 800w, /images/${ID}-1600.webp 1000w`,
    );
  });

  it("addresses and storage keys come from the same place", () => {
    expect(imagePath(ID, 800)).toBe(`/images/${ID}-800.webp`);
    expect(imageKey(ID, 800)).toBe(`images/${ID}-800.webp`);
  });
});
