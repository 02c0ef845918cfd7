/**
 * The proof on the public site (docs/proof.md): an agent's card and photo, a sold home, a review and
 * its stars. Every agent's card names their DRE license and the responsible broker's (10 CCR 2773) in the
 * same type as the rest of the card; photos carry their width and height (no layout shift) and load lazily
 * below the fold. Text is React's: a bio or a review is escaped, never HTML.
 */
import { Link } from "@remix-run/react";
import { card } from "~/components/card";
import type { SiteConfig } from "~/config/site";
import { formatMoney } from "~/lib/money";
import type { ImageSources } from "~/lib/images";

export type AgentCardData = {
  slug: string;
  name: string;
  title: string | null;
  license: string;
  phone: string | null;
  email: string;
  areas: string[];
  photo: ImageSources | null;
};

export type SaleCardData = {
  id: number;
  place: string;
  closedMonth: string;
  priceCents: number;
  feeCents: number;
  savedCents: number;
  /** Where the fee comes from; `estimated`: the tier table, no listing agreement signed. */
  feeBasis: "listing_agreement" | "buyer_agreement" | "estimated" | null;
  side: "buying" | "selling";
  agent: { slug: string; name: string } | null;
  /** The photo the seller allowed (their answer on /sold), and the sold page when it is shown. */
  photo?: { src: string; srcSet: string; alt: string } | null;
  url?: string | null;
};

/** What every saving compares (B&P 17500: a comparison says what it compares), beside each figure. */
export const SAVING_BASIS =
  "compared with a 3 % listing commission on the same price; a seller may also pay a buyer's broker";

/** The basis of a saving, linking to where the rule and an example are written out (/sold#how). */
export function SavingBasis({ className = "", capital = false }: { className?: string; capital?: boolean }) {
  return (
    <span className={className}>
      {capital ? SAVING_BASIS.charAt(0).toUpperCase() + SAVING_BASIS.slice(1) : SAVING_BASIS} (
      <Link to="/sold#how" className="underline">
        how we count
      </Link>
      )
    </span>
  );
}

export type ReviewCardData = {
  id: number;
  rating: number;
  text: string;
  name: string;
  agent: { slug: string; name: string } | null;
  createdAt: string;
  reply: string | null;
};

/** A square photo, or the person's initials where there is none. */
export function AgentPhoto({
  name,
  photo,
  size,
  eager = false,
}: {
  name: string;
  photo: ImageSources | null;
  size: number;
  eager?: boolean;
}) {
  if (!photo) {
    const initials = name
      .split(/\s+/)
      .map((w) => w[0])
      .join("")
      .slice(0, 2)
      .toUpperCase();
    return (
      <span
        aria-hidden="true"
        style={{ width: size, height: size }}
        className="flex shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800"
      >
        {initials}
      </span>
    );
  }
  return (
    <img
      src={photo.src}
      srcSet={photo.srcSet}
      sizes={`${size}px`}
      width={size}
      height={size}
      alt={`Photo of ${name}`}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="shrink-0 rounded-full bg-slate-100 object-cover"
      style={{ width: size, height: size }}
    />
  );
}

/** "Agent · DRE #01234567 · Responsible broker: Jordan Reyes, DRE #01987654", one size with the card's text. */
export function LicenseLine({
  license,
  site,
}: {
  license: string;
  site: Pick<SiteConfig, "broker" | "brokerLicense">;
}) {
  return (
    <p className="text-sm text-slate-600">
      DRE #{license} · Responsible broker: {site.broker}, DRE #{site.brokerLicense}
    </p>
  );
}

export function AgentCard({
  agent,
  site,
  eager = false,
  fill = true,
}: {
  agent: AgentCardData;
  site: Pick<SiteConfig, "broker" | "brokerLicense">;
  eager?: boolean;
  /** As tall as its grid cell (a row of cards); false where it sits in a column of its own (a listing's side). */
  fill?: boolean;
}) {
  return (
    <article className={`flex ${fill ? "h-full" : ""} gap-4 ${card} p-5`}>
      <AgentPhoto name={agent.name} photo={agent.photo} size={96} eager={eager} />
      <div className="min-w-0 space-y-1">
        <h3 className="text-lg font-semibold text-slate-900">
          <Link to={`/agents/${agent.slug}`} className="hover:underline">
            {agent.name}
          </Link>
        </h3>
        {agent.title ? <p className="text-sm text-slate-700">{agent.title}</p> : null}
        <LicenseLine license={agent.license} site={site} />
        {agent.areas.length > 0 ? <p className="text-sm text-slate-600">Serves {agent.areas.join(", ")}</p> : null}
      </div>
    </article>
  );
}

/**
 * A sold home: "Sold", the month, the price, the flat fee paid and "Saved $18,750" with what it compares; a purchase
 * "Bought", the month and the price only (a buyer paid no listing fee, so nothing is saved against one).
 */
export function SaleCard({ sale }: { sale: SaleCardData }) {
  const selling = sale.side === "selling";
  const estimated = sale.feeBasis === "estimated";
  return (
    <article className={`h-full ${card} overflow-hidden`} data-testid="sale-card">
      {sale.photo ? (
        <img
          src={sale.photo.src}
          srcSet={sale.photo.srcSet}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          alt={sale.photo.alt}
          width={800}
          height={600}
          loading="lazy"
          className="aspect-[4/3] w-full object-cover"
          data-testid="sale-photo"
        />
      ) : null}
      <div className="p-5">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
          {selling ? "Sold" : "Bought"} · {sale.closedMonth}
        </p>
        <h3 className="mt-1 text-lg font-semibold text-slate-900">
          {sale.url ? (
            <Link to={sale.url} className="text-brand-700 underline">
              {sale.place}
            </Link>
          ) : (
            sale.place
          )}
        </h3>
        <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Price</dt>
          <dd className="text-right font-medium">{formatMoney(sale.priceCents)}</dd>
          {selling ? (
            <>
              <dt className="text-slate-600">{estimated ? "Flat fee (estimated)" : "Flat fee paid"}</dt>
              <dd className="text-right font-medium">{formatMoney(sale.feeCents)}</dd>
            </>
          ) : null}
        </dl>
        {selling && sale.savedCents > 0 ? (
          <>
            <p className="mt-3 text-xl font-bold text-green-800">
              {estimated ? "Saved about" : "Saved"} {formatMoney(sale.savedCents)}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              <SavingBasis />.
            </p>
          </>
        ) : null}
        {sale.agent ? (
          <p className="mt-1 text-sm text-slate-700">
            With <Link to={`/agents/${sale.agent.slug}`}>{sale.agent.name}</Link>.
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** Five stars, filled to the rating, read as "4 out of 5 stars". */
export function Stars({ rating, className = "" }: { rating: number; className?: string }) {
  const rounded = Math.round(rating);
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className={`text-amber-700 ${className}`}>
      {"★".repeat(rounded)}
      <span className="text-slate-400">{"★".repeat(5 - rounded)}</span>
    </span>
  );
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "America/Los_Angeles",
});

export function ReviewCard({ review }: { review: ReviewCardData }) {
  return (
    <article className={`h-full ${card} p-5`} data-testid="review">
      <Stars rating={review.rating} className="text-lg" />
      <p className="mt-2 whitespace-pre-line text-slate-800">{review.text}</p>
      <p className="mt-3 text-sm text-slate-600">
        {review.name} · <time dateTime={review.createdAt}>{dateFormat.format(new Date(review.createdAt))}</time>
        {review.agent ? (
          <>
            {" "}
            · about <Link to={`/agents/${review.agent.slug}`}>{review.agent.name}</Link>
          </>
        ) : null}
      </p>
      {review.reply ? (
        <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm">
          <p className="font-semibold text-slate-800">Our reply</p>
          <p className="mt-1 whitespace-pre-line text-slate-700">{review.reply}</p>
        </div>
      ) : null}
    </article>
  );
}

/** "4.8 out of 5 · 120 reviews". */
export function ReviewSummary({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-slate-800">
      <Stars rating={average} className="text-xl" />
      <span>
        <strong>{average.toFixed(1)}</strong> out of 5 · {count.toLocaleString("en-US")}{" "}
        {count === 1 ? "review" : "reviews"}
      </span>
    </p>
  );
}
