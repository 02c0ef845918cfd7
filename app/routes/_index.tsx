import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [
  { title: "Flat-Fee Real Estate in San Diego" },
  {
    name: "description",
    content: "Modern real estate in San Diego: sell or buy for a flat fee instead of a 3% commission.",
  },
];

export default function Index() {
  return (
    <>
      <section id="home" className="scroll-mt-16 bg-white px-4 py-20 text-center">
        <h1 className="text-4xl font-bold tracking-tight text-brand-900 sm:text-5xl">
          Modern Real Estate in San Diego
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Full service for a flat fee, not a 3% commission.
        </p>
        <div className="mt-8 flex justify-center gap-4">
          <a href="#pricing" className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white">
            View Pricing
          </a>
          <a href="#calculator" className="rounded-md border border-brand-600 px-5 py-3 font-semibold text-brand-700">
            Calculate Savings
          </a>
        </div>
      </section>
      <section id="pricing" className="scroll-mt-16 px-4 py-16 text-center">
        <h2 className="text-3xl font-bold">Simple, Flat-Fee Pricing</h2>
      </section>
      <section id="calculator" className="scroll-mt-16 bg-white px-4 py-16 text-center">
        <h2 className="text-3xl font-bold">Calculate Your Savings</h2>
      </section>
      <section id="contact" className="scroll-mt-16 px-4 py-16 text-center">
        <h2 className="text-3xl font-bold">Get Your Free Consultation</h2>
      </section>
    </>
  );
}
