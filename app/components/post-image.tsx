/** A blog post's 1200×630 image: sized, so it never shifts the layout. */
export function PostImage({
  src,
  eager = false,
  className = "",
}: {
  src: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src}
      alt=""
      width={1200}
      height={630}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={`aspect-[40/21] h-auto w-full bg-slate-100 object-cover ${className}`}
    />
  );
}
