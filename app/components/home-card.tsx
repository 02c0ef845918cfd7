/**
 * A listing as /homes and /open-houses list it: its first photo (a fixed 4:3 box: no layout shift), the
 * price, the facts, the address, linked to its page.
 */
import { Link } from "@remix-run/react";
import { card } from "~/components/card";
import { formatMoney } from "~/lib/money";

export type HomeCardData = {
  slug: string;
  address: string;
  priceCents: number | null;
  beds: number | null;
  baths: number | null;
  squareFeet: number | null;
  photo: { src: string; srcSet: string; alt: string } | null;
};

/** "3 bd · 2.5 ba · 1,650 sq ft". */
export const factsLine = (h: Pick<HomeCardData, "beds" | "baths" | "squareFeet">) =>
  [
    h.beds !== null ? `${h.beds} bd` : null,
    h.baths !== null ? `${h.baths} ba` : null,
    h.squareFeet !== null ? `${h.squareFeet.toLocaleString("en-US")} sq ft` : null,
  ]
    .filter(Boolean)
    .join(" · ");

export function HomeCard({ home }: { home: HomeCardData }) {
  return (
    <article className={`h-full overflow-hidden ${card}`} data-testid="home-card">
      <div className="aspect-[4/3] bg-slate-100">
        {home.photo ? (
          <img
            src={home.photo.src}
            srcSet={home.photo.srcSet}
            sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
            alt={home.photo.alt}
            width={800}
            height={600}
            loading="lazy"
            className="h-full w-full object-cover"
          />
        ) : null}
      </div>
      <div className="p-4">
        <p className="text-xl font-bold text-slate-900">
          {home.priceCents !== null ? formatMoney(home.priceCents) : "Price on request"}
        </p>
        <p className="text-sm text-slate-700">{factsLine(home)}</p>
        <h3 className="mt-1 font-semibold">
          <Link to={`/homes/${home.slug}`} className="text-brand-700 hover:underline">
            {home.address}
          </Link>
        </h3>
      </div>
    </article>
  );
}
