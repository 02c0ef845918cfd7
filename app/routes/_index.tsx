import { getZodConstraint } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContactForm, ContactSent, type FieldConstraint } from "~/components/contact-form";
import { PricingSection } from "~/components/pricing-section";
import { JsonLd } from "~/components/json-ld";
import { ProofSections } from "~/components/proof-sections";
import { SavingsCalculator } from "~/components/savings-calculator";
import { getDb } from "~/infra/database.server";
import { contactSchema } from "~/lib/contact-schema";
import { formatHomeValueInput } from "~/lib/pricing";
import { PAGE_SCOPE_HEADER, pageHeaders } from "~/lib/route-access";
import { pageMeta } from "~/lib/seo";
import { organizationLd } from "~/lib/organization-ld";
import { env } from "~/config/env.server";
import { licenseName } from "~/config/site";
import { card } from "~/components/card";
import { pageScopeHeader } from "~/models/content-version.server";
import { landingProof } from "~/models/public-proof.server";
import { contactAction } from "~/sections/contact.server";
import { CONTACT_SENT_PATH } from "~/components/contact-form";

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Flat-Fee Real Estate in San Diego | Save on Commission",
    description:
      "Modern real estate in San Diego: full service for a flat fee of $5,000, $10,000 or $20,000 instead of a 3% commission. Calculate your savings.",
    path: "/",
  }),
];

/**
 * The rate limit's Retry-After reaches the document answer too (the action's headers do not by themselves); the
 * page's scope (`home`: the proof it shows) reaches the page cache.
 */
export const headers: HeadersFunction = pageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const db = getDb();
  // The scope is read before the data: a change in between makes the cached page stale, never wrong.
  const scope = pageScopeHeader(db, "home");
  const proof = landingProof(db);
  return data(
    {
      homeValue: formatHomeValueInput(query.get("homeValue") ?? ""),
      /** A message was just sent (the action's redirect): the confirmation stands in the form's place. */
      sent: query.get("sent") === "1",
      // Native HTML constraints from the zod schema, computed here so the
      // browser does not need zod to render them.
      contactConstraint: getZodConstraint(contactSchema) as Record<string, FieldConstraint | undefined>,
      proof,
      organization: organizationLd({ ...env().site, licenseLabel: licenseName(env().site) }, env().APP_URL || "/", {
        average: proof.reviews.average,
        count: proof.reviews.count,
        shown: proof.reviews.latest,
      }),
    },
    { headers: { [PAGE_SCOPE_HEADER]: scope } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return contactAction(request, context, { sentPath: CONTACT_SENT_PATH });
}

export default function Index() {
  const { homeValue, contactConstraint, sent, proof, organization } = useLoaderData<typeof loader>();
  return (
    <>
      {/* The brokerage's own description: its address and license, and the reviews this page shows. */}
      <JsonLd data={organization} />
      <section
        id="home"
        className="scroll-mt-16 bg-gradient-to-b from-brand-50 to-white px-4 py-20 text-center sm:py-28"
      >
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">
          Flat-fee brokerage · San Diego County
        </p>
        <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-brand-900 sm:text-5xl">
          Modern Real Estate in San Diego
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
          Full-service help buying or selling your home, for one flat fee instead of a 3% commission. Follow every step
          of your transaction online.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <a href="#pricing" className="rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
            View Pricing
          </a>
          <a
            href="#calculator"
            className="rounded-md border border-brand-600 bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Calculate Savings
          </a>
        </div>
      </section>
      <PricingSection />
      <ProofSections proof={proof} />
      <SavingsCalculator initialValue={homeValue} />
      <section id="contact" aria-labelledby="contact-title" className="scroll-mt-16 px-4 py-16">
        <div className="mx-auto max-w-3xl">
          <h2 id="contact-title" className="text-center text-3xl font-bold text-brand-900">
            Get Your Free Consultation
          </h2>
          <p className="mt-3 text-center text-slate-600">
            Tell us about your home or your search. An agent will call you within one business day.
          </p>
          <div className={`mt-8 ${card} p-6 shadow-sm`}>
            {sent ? <ContactSent /> : <ContactForm constraint={contactConstraint} />}
          </div>
        </div>
      </section>
    </>
  );
}
