import { formatMoney } from "~/lib/money";
import { TIERS } from "~/lib/pricing";

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="pricing-title" className="text-center text-3xl font-bold text-brand-900">
          Simple, Flat-Fee Pricing
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          One fee by the value of your home, due only when your sale closes. No percentage, no surprises.
        </p>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {TIERS.map((tier) => (
            <article
              key={tier.tier}
              aria-labelledby={`tier-${tier.tier}`}
              className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
                tier.popular ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"
              }`}
            >
              {tier.popular ? (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
                  Most Popular
                </p>
              ) : null}
              <h3 id={`tier-${tier.tier}`} className="text-lg font-semibold text-slate-900">
                {tier.name}
              </h3>
              <p className="mt-1 text-sm text-slate-600">{tier.range}</p>
              <p className="mt-4 text-4xl font-bold text-brand-900">{formatMoney(tier.feeCents)}</p>
              <p className="text-sm text-slate-600">flat fee, due on completion</p>
              <ul className="mt-6 space-y-2 text-sm text-slate-700">
                {tier.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <svg
                      aria-hidden="true"
                      width="16"
                      height="16"
                      viewBox="0 0 16 16"
                      className="mt-0.5 shrink-0 text-green-600"
                    >
                      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
                    </svg>
                    {feature}
                  </li>
                ))}
              </ul>
              <div className="mt-auto pt-6">
                <a
                  href="#contact"
                  className={`block rounded-md px-4 py-2 text-center font-semibold ${
                    tier.popular
                      ? "bg-brand-600 text-white hover:bg-brand-700"
                      : "border border-brand-600 text-brand-700 hover:bg-brand-50"
                  }`}
                >
                  Get Started
                </a>
              </div>
            </article>
          ))}
        </div>
        <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-slate-600">
          Real estate commissions are not set by law and are negotiable. Our flat fee covers the listing side;
          compensation for a buyer's agent, if any, is agreed separately and in writing.
        </p>
        <p className="mt-3 text-center">
          <a href="/start-listing" className="font-semibold text-brand-700 underline">
            Selling? Start your listing online
          </a>
        </p>
      </div>
    </section>
  );
}
