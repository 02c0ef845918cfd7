/**
 * A listing's page, /homes/{slug} (docs/listings.md): the address, the price and its changes, the facts,
 * the description, the photos (one large image and thumbnails as links: `?photo=N`, no JavaScript needed), the open
 * houses to come, "Ask about this home" (the contact form: the lead goes to the listing's agent with the home named),
 * "Schedule a showing" for buyers' agents, the agent's card, the brokerage's license line, schema.org JSON-LD. Sold:
 * "Sold" with the month, no open houses or inquiries. Hidden or unknown: 404. The view is counted by /homes/{slug}/view
 * (an image of our own: no cookie, no script), so a page served from the cache counts too.
 */
import { getZodConstraint } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { card } from "~/components/card";
import { ContactForm, ContactSent, type FieldConstraint } from "~/components/contact-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { factsLine } from "~/components/home-card";
import { formatMoney } from "~/lib/money";
import { JsonLd } from "~/components/json-ld";
import { AgentCard } from "~/components/proof";
import { env } from "~/config/env.server";
import { useSite } from "~/hooks/use-site";
import { getDb } from "~/infra/database.server";
import { contactSchema } from "~/lib/contact-schema";
import { formatSlot } from "~/lib/format";
import { formatPlainDate } from "~/lib/plain-date";
import { PAGE_SCOPE_HEADER, pageHeaders } from "~/lib/route-access";
import { pageMeta } from "~/lib/seo";
import { pageScopeHeader } from "~/models/content-version.server";
import { shownListingId } from "~/models/home-listing.server";
import { contactAction } from "~/sections/contact.server";
import { homePageData } from "~/sections/home-page.server";

const notFound = () => new Response("Listing not found", { status: 404 });

export async function loader({ params, request }: LoaderFunctionArgs) {
  const db = getDb();
  const id = shownListingId(db, params.slug ?? "");
  if (!id) throw notFound();
  // The scope is read before the data: a change in between makes the cached page stale, never wrong.
  const scope = pageScopeHeader(db, `home:${id}`);
  const home = homePageData(db, params.slug ?? "");
  if (!home) throw notFound();
  const url = new URL(request.url);
  const raw = Number(url.searchParams.get("photo") ?? "1");
  const shown = Number.isInteger(raw) && raw >= 1 && raw <= home.photos.length ? raw : 1;
  const site = env().site;
  const { transactionId: _t, agentId: _a, ...page } = home;
  return data(
    {
      ...page,
      shown,
      sent: url.searchParams.get("sent") === "1",
      license: { name: site.name, number: site.license },
      contactConstraint: getZodConstraint(contactSchema) as Record<string, FieldConstraint | undefined>,
    },
    { headers: { [PAGE_SCOPE_HEADER]: scope } },
  );
}

export const headers: HeadersFunction = pageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) => {
  if (!data) return [{ title: "Listing not found" }];
  const price = data.priceCents !== null ? formatMoney(data.priceCents) : "";
  return pageMeta(matches, {
    title: `${data.address}${price ? ` | ${price}` : ""} | San Diego Flat-Fee Real Estate`,
    description: (data.description ?? `${data.kind} for sale: ${factsLine(data)}`).slice(0, 160),
    path: `/homes/${params.slug}`,
    og: { type: "website", image: data.photos[0]?.src ?? null },
  });
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const home = homePageData(getDb(), params.slug ?? "");
  if (!home || home.sold) throw notFound();
  return contactAction(request, context, {
    sentPath: `/homes/${home.slug}?sent=1`,
    toAgentId: home.agentId ?? undefined,
    home: { transactionId: home.transactionId, address: home.address },
  });
}

export default function HomePage() {
  const home = useLoaderData<typeof loader>();
  const site = useSite();
  const large = home.photos[home.shown - 1];
  // Who answers "Ask about this home": the listing agent, by name.
  const lister = (home.agent ?? home.plainAgent)?.name ?? null;
  const facts: Array<[string, string | null]> = [
    ["Bedrooms", home.beds?.toString() ?? null],
    ["Bathrooms", home.baths?.toString() ?? null],
    ["Square feet", home.squareFeet?.toLocaleString("en-US") ?? null],
    ["Lot (sq ft)", home.lotSquareFeet?.toLocaleString("en-US") ?? null],
    ["Year built", home.yearBuilt?.toString() ?? null],
    ["Kind", home.kind],
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <JsonLd data={home.jsonLd} />
      <img src={`/homes/${home.slug}/view`} alt="" width={1} height={1} className="absolute h-px w-px opacity-0" />
      {home.sold ? (
        <p className="inline-block rounded bg-slate-800 px-3 py-1 text-sm font-bold uppercase tracking-wide text-white">
          Sold{home.soldMonth ? ` · ${home.soldMonth}` : ""}
        </p>
      ) : null}
      <h1 className="mt-2 text-3xl font-bold text-brand-900">{home.address}</h1>
      <p className="mt-1 text-2xl font-semibold" data-testid="home-price">
        {home.priceCents !== null
          ? `${home.sold ? "Sold for " : ""}${formatMoney(home.priceCents)}`
          : home.sold
            ? "Sold"
            : "Price on request"}
      </p>
      <p className="text-slate-700">{factsLine(home)}</p>

      <section id="gallery" aria-label="Photos" className="mt-6 scroll-mt-16">
        <div className="aspect-[4/3] overflow-hidden rounded-lg bg-slate-100">
          {large ? (
            <img
              src={large.src}
              srcSet={large.srcSet}
              sizes="(min-width: 1024px) 960px, 100vw"
              alt={large.alt}
              width={1600}
              height={1200}
              className="h-full w-full object-cover"
              data-testid="gallery-large"
            />
          ) : (
            <p className="flex h-full items-center justify-center text-slate-600">Photos coming soon</p>
          )}
        </div>
        {home.photos.length > 1 ? (
          <ul className="mt-2 flex gap-2 overflow-x-auto pb-2" data-testid="gallery-thumbnails">
            {home.photos.map((p, i) => (
              <li key={p.src} className="shrink-0">
                <Link
                  to={`?photo=${i + 1}#gallery`}
                  preventScrollReset
                  aria-current={i + 1 === home.shown ? "true" : undefined}
                  className={`block overflow-hidden rounded border-2 ${i + 1 === home.shown ? "border-brand-600" : "border-transparent"}`}
                >
                  <img
                    src={p.thumb}
                    alt={p.thumbAlt}
                    width={96}
                    height={72}
                    loading="lazy"
                    className="h-[72px] w-24 object-cover"
                  />
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <div className="mt-8 grid gap-8 md:grid-cols-3">
        <div className="md:col-span-2">
          {home.description ? (
            <section aria-labelledby="about-home">
              <h2 id="about-home" className="text-2xl font-semibold text-brand-900">
                About this home
              </h2>
              <p className="mt-3 whitespace-pre-line text-slate-800">{home.description}</p>
            </section>
          ) : null}
          <section aria-labelledby="facts-title" className="mt-8">
            <h2 id="facts-title" className="text-2xl font-semibold text-brand-900">
              Facts
            </h2>
            <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3">
              {facts
                .filter(([, v]) => v)
                .map(([k, v]) => (
                  <div key={k}>
                    <dt className="text-sm text-slate-600">{k}</dt>
                    <dd className="font-medium">{v}</dd>
                  </div>
                ))}
            </dl>
          </section>
          {home.prices.length > 1 ? (
            <section aria-labelledby="prices-title" className="mt-8">
              <h2 id="prices-title" className="text-2xl font-semibold text-brand-900">
                Price history
              </h2>
              <ul className="mt-3 space-y-1" data-testid="price-history">
                {home.prices.map((p) => (
                  <li key={`${p.on}-${p.price}`}>
                    {formatPlainDate(p.on)}: {formatMoney(p.priceCents)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <aside className="space-y-6">
          {!home.sold ? (
            <section aria-labelledby="open-houses-title" className={`${card} p-4`}>
              <h2 id="open-houses-title" className="text-lg font-semibold">
                Open houses
              </h2>
              {home.openHouses.length ? (
                <ul className="mt-2 space-y-1" data-testid="home-open-houses">
                  {home.openHouses.map((o) => (
                    <li key={o.start}>
                      {formatSlot(o.start)} to {formatSlot(o.end).split(", ").pop()}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-600">None scheduled yet.</p>
              )}
              <a
                href={`/homes/${home.slug}/flyer.pdf`}
                className="mt-3 inline-block font-semibold text-brand-700 underline"
              >
                Print the flyer (PDF)
              </a>
            </section>
          ) : null}
          {home.showingUrl ? (
            <p>
              <a href={home.showingUrl} className="font-semibold text-brand-700 underline">
                Schedule a showing
              </a>{" "}
              <span className="text-sm text-slate-600">(for buyers&apos; agents)</span>
            </p>
          ) : null}
          {home.agent && site ? <AgentCard agent={home.agent} site={site} fill={false} /> : null}
          {!home.agent && home.plainAgent ? (
            <div className={`${card} p-4`}>
              <p className="font-semibold">{home.plainAgent.name}</p>
              {home.plainAgent.licenseNumber ? (
                <p className="text-sm text-slate-600">DRE #{home.plainAgent.licenseNumber}</p>
              ) : null}
              <p className="text-sm">
                <a href={`mailto:${home.plainAgent.email}`} className="text-brand-700">
                  {home.plainAgent.email}
                </a>
              </p>
            </div>
          ) : null}
          <p className="text-sm text-slate-600" data-testid="brokerage-license">
            Listed by {home.license.name}, DRE #{home.license.number}
          </p>
        </aside>
      </div>

      {!home.sold ? (
        <section id="contact" aria-labelledby="contact-title" className="mt-12 scroll-mt-16">
          <h2 id="contact-title" className="text-2xl font-semibold text-brand-900">
            Ask about this home
          </h2>
          <p className="mt-2 text-slate-600">
            Your message goes to {lister ? `${lister}, the listing agent,` : "the listing agent,"} who will answer
            within one business day.
          </p>
          <div className={`mt-6 ${card} p-6 shadow-sm`}>
            {home.sent ? (
              <ContactSent answeredBy={lister ? `${lister}, the listing agent of this home,` : null} />
            ) : (
              <ContactForm constraint={home.contactConstraint} action={`/homes/${home.slug}`} />
            )}
          </div>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
