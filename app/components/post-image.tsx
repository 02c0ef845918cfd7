import type { ImageSources } from "~/lib/images";

/**
 * A blog post's image, 40:21 and sized, so it never shifts the layout: an uploaded one from its WebP
 * files (`srcSet`, with `sizes` for where it is shown), or an external https:// URL at 1200×630.
 */
export function PostImage({
  src,
  image,
  sizes,
  eager = false,
  className = "",
}: {
  src?: string | null;
  image?: ImageSources | null;
  /** How wide the image is shown (the `sizes` attribute), for an uploaded image. */
  sizes?: string;
  eager?: boolean;
  className?: string;
}) {
  const common = {
    loading: eager ? ("eager" as const) : ("lazy" as const),
    decoding: "async" as const,
    className: `aspect-[40/21] h-auto w-full bg-slate-100 object-cover ${className}`,
  };
  if (image) {
    return (
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt=""
        {...common}
      />
    );
  }
  if (!src) return null;
  return <img src={src} width={1200} height={630} alt="" {...common} />;
}
