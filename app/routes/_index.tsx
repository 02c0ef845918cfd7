import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  CONTACT_SENT_PATH,
  ContactForm,
  ContactSent,
  type ContactActionData,
  type FieldConstraint,
} from "~/components/contact-form";
import { PricingSection } from "~/components/pricing-section";
import { SavingsCalculator } from "~/components/savings-calculator";
import { getDb } from "~/infra/database.server";
import { contactSchema } from "~/lib/contact-schema";
import { readForm } from "~/infra/http.server";
import { clientIpOf, consumeRateLimit, contactLimitMessage, retryAfterHeaders } from "~/infra/rate-limit.server";
import { env } from "~/config/env.server";
import { formatHomeValueInput } from "~/lib/pricing";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { submitContact } from "~/models/lead-intake.server";
import { card } from "~/components/card";

const CONTACT_SENT = {
  title: "Message sent!",
  description: "Thank you for your message! We will contact you soon.",
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Flat-Fee Real Estate in San Diego | Save on Commission",
    description:
      "Modern real estate in San Diego: full service for a flat fee of $5,000, $10,000 or $20,000 instead of a 3% commission. Calculate your savings.",
    path: "/",
  });

/** The rate limit's Retry-After reaches the document answer too (the action's headers do not by themselves). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  return {
    homeValue: formatHomeValueInput(query.get("homeValue") ?? ""),
    /** A message was just sent (the action's redirect): the confirmation stands in the form's place. */
    sent: query.get("sent") === "1",
    // Native HTML constraints from the zod schema, computed here so the
    // browser does not need zod to render them.
    contactConstraint: getZodConstraint(contactSchema) as Record<string, FieldConstraint | undefined>,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return data<ContactActionData>({ result: submission.reply(), failed: false }, { status: 400 });
  }
  const limit = await consumeRateLimit("contact", clientIpOf(context));
  if (!limit.ok) {
    return data<ContactActionData>(
      { result: submission.reply(), failed: false, limited: contactLimitMessage(limit, env().site.phone) },
      { status: 429, headers: retryAfterHeaders(limit) },
    );
  }
  try {
    submitContact(getDb(), submission.value);
  } catch (error) {
    console.error("[contact] could not store a submission:", error);
    return data<ContactActionData>({ result: submission.reply(), failed: true }, { status: 500 });
  }
  return redirectWithToast(`${CONTACT_SENT_PATH}#contact`, CONTACT_SENT);
}

export default function Index() {
  const { homeValue, contactConstraint, sent } = useLoaderData<typeof loader>();
  return (
    <>
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
