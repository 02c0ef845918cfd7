/**
 * An agent's page: their photo, name, title, DRE license with the responsible broker's (10 CCR 2773),
 * phone and e-mail, languages, areas, bio, their sold homes and reviews (12 a page), schema.org `RealEstateAgent`
 * with its `aggregateRating` and `review`s, and "Contact <first name>": the contact form, whose lead goes to
 * them. Anyone not shown (unknown, deactivated, unlicensed) answers 404.
 */
import { getZodConstraint } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { card } from "~/components/card";
import { ContactForm, ContactSent, type FieldConstraint } from "~/components/contact-form";
import { AgentPhoto, LicenseLine, ReviewCard, ReviewSummary, SaleCard } from "~/components/proof";
import { Pager } from "~/components/pager";
import { env } from "~/config/env.server";
import { useSite } from "~/hooks/use-site";
import { getDb } from "~/infra/database.server";
import { contactSchema } from "~/lib/contact-schema";
import { NotFoundError } from "~/lib/errors";
import { telHref } from "~/lib/format";
import { PAGE_SCOPE_HEADER, pageHeaders } from "~/lib/route-access";
import { pageMeta } from "~/lib/seo";
import { shownAgentIdBySlug } from "~/models/agent-profile.server";
import { pageScopeHeader } from "~/models/content-version.server";
import { agentPage, reviewCard } from "~/models/public-proof.server";
import { AGENT_REVIEWS_PAGE } from "~/lib/proof-schema";
import { contactAction } from "~/sections/contact.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { JsonLd } from "~/components/json-ld";
import { reviewsLd } from "~/lib/organization-ld";

const notFound = () => new Response("Agent not found", { status: 404 });

function pageOf(slug: string, page: number) {
  try {
    return agentPage(getDb(), slug, page);
  } catch (error) {
    if (error instanceof NotFoundError) throw notFound();
    throw error;
  }
}

const pageParam = (url: URL) => {
  const raw = url.searchParams.get("page") ?? "1";
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
};

export async function loader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const db = getDb();
  const id = shownAgentIdBySlug(db, params.slug ?? "");
  if (!id) throw notFound();
  // The scope is read before the data: a change in between makes the cached page stale, never wrong.
  const scope = pageScopeHeader(db, `agent:${id}`);
  const { agent, sold, reviews } = pageOf(params.slug ?? "", pageParam(url));
  const site = env().site;
  const base = env().APP_URL;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    name: agent.name,
    url: `${base}/agents/${agent.slug}`,
    ...(agent.photo ? { image: `${base}${agent.photo.src}` } : {}),
    email: agent.email,
    ...(agent.phone ? { telephone: agent.phone } : {}),
    ...(agent.areas.length ? { areaServed: agent.areas } : {}),
    ...(agent.languages.length ? { knowsLanguage: agent.languages } : {}),
    identifier: { "@type": "PropertyValue", propertyID: "California DRE license", value: agent.license },
    worksFor: { "@type": "RealEstateAgent", name: site.name, url: base, address: site.address },
    // Only the reviews on this page are marked up.
    ...reviewsLd({
      average: reviews.average,
      count: reviews.count,
      shown: reviews.items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    }),
  };
  return data(
    {
      agent: {
        slug: agent.slug,
        name: agent.name,
        firstName: agent.name.split(/\s+/)[0]!,
        title: agent.title,
        bio: agent.bio,
        languages: agent.languages,
        areas: agent.areas,
        license: agent.license,
        email: agent.email,
        phone: agent.phone,
        photo: agent.photo,
      },
      sold,
      reviews: { ...reviews, items: reviews.items.map(reviewCard) },
      sent: url.searchParams.get("sent") === "1",
      contactConstraint: getZodConstraint(contactSchema) as Record<string, FieldConstraint | undefined>,
      jsonLd,
    },
    { headers: { [PAGE_SCOPE_HEADER]: scope } },
  );
}

export const headers: HeadersFunction = pageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) => {
  if (!data) return [{ title: "Agent not found" }];
  const { agent } = data;
  return [
    ...pageMeta(matches, {
      title: `${agent.name}, ${agent.title ?? "Real Estate Agent"} | San Diego Flat-Fee Real Estate`,
      description: (agent.bio ?? `${agent.name}, licensed California real estate agent, DRE #${agent.license}.`).slice(
        0,
        160,
      ),
      path: `/agents/${params.slug}`,
      og: { type: "website", image: agent.photo?.src ?? null },
    }),
  ];
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { agent } = pageOf(params.slug ?? "", 1);
  return contactAction(request, context, { sentPath: `/agents/${agent.slug}?sent=1`, toAgentId: agent.id });
}

export default function AgentPage() {
  const { agent, sold, reviews, sent, contactConstraint, jsonLd } = useLoaderData<typeof loader>();
  const site = useSite();
  const pageCount = Math.max(1, Math.ceil(reviews.total / AGENT_REVIEWS_PAGE));
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <JsonLd data={jsonLd} />
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <AgentPhoto name={agent.name} photo={agent.photo} size={160} eager />
        <div className="space-y-2">
          <h1 className="text-3xl font-bold text-brand-900">{agent.name}</h1>
          {agent.title ? <p className="text-lg text-slate-700">{agent.title}</p> : null}
          {site ? <LicenseLine license={agent.license} site={site} /> : null}
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            {agent.phone ? (
              <a href={telHref(agent.phone)} className="inline-flex min-h-6 items-center font-medium text-brand-700">
                {agent.phone}
              </a>
            ) : null}
            <a href={`mailto:${agent.email}`} className="inline-flex min-h-6 items-center font-medium text-brand-700">
              {agent.email}
            </a>
          </p>
          {agent.languages.length > 0 ? <p className="text-slate-700">Speaks {agent.languages.join(", ")}</p> : null}
          {agent.areas.length > 0 ? <p className="text-slate-700">Serves {agent.areas.join(", ")}</p> : null}
          <ReviewSummary average={reviews.average} count={reviews.count} />
        </div>
      </div>
      {agent.bio ? (
        <section aria-labelledby="about-title" className="mt-10">
          <h2 id="about-title" className="text-2xl font-semibold text-brand-900">
            About {agent.firstName}
          </h2>
          <p className="mt-3 whitespace-pre-line text-slate-800">{agent.bio}</p>
        </section>
      ) : null}
      {sold.length > 0 ? (
        <section aria-labelledby="sold-title" className="mt-10">
          <h2 id="sold-title" className="text-2xl font-semibold text-brand-900">
            Homes {agent.firstName} helped with
          </h2>
          <ul className="mt-4 grid gap-6 md:grid-cols-3">
            {sold.map((sale) => (
              <li key={sale.id}>
                <SaleCard sale={sale} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="reviews-title" className="mt-10">
        <h2 id="reviews-title" className="text-2xl font-semibold text-brand-900">
          Reviews
        </h2>
        {reviews.items.length === 0 ? (
          <p className="mt-3 text-slate-600">No reviews of {agent.firstName} yet.</p>
        ) : (
          <>
            <ul className="mt-4 grid gap-6 md:grid-cols-2">
              {reviews.items.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
            <Pager page={reviews.page} pageCount={pageCount} href={(p) => `/agents/${agent.slug}?page=${p}`} />
          </>
        )}
      </section>
      <section id="contact" aria-labelledby="contact-title" className="mt-12 scroll-mt-16">
        <h2 id="contact-title" className="text-2xl font-semibold text-brand-900">
          Contact {agent.firstName}
        </h2>
        <p className="mt-2 text-slate-600">
          Your message goes to {agent.firstName}, who will call you within one business day.
        </p>
        <div className={`mt-6 ${card} p-6 shadow-sm`}>
          {sent ? (
            <ContactSent answeredBy={agent.name} />
          ) : (
            <ContactForm constraint={contactConstraint} action={`/agents/${agent.slug}`} />
          )}
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
