/**
 * The landing page's proof, after pricing: "Homes we sold" (the three newest and what all shown
 * sellers saved), "What our clients say" (the average, the count and the three newest, whatever their stars) and
 * "Our agents". Each is left out while it has nothing to show.
 */
import { Link } from "@remix-run/react";
import {
  AgentCard,
  ReviewCard,
  ReviewSummary,
  SaleCard,
  SavingBasis,
  type AgentCardData,
  type ReviewCardData,
  type SaleCardData,
} from "~/components/proof";
import { useSite } from "~/hooks/use-site";
import { formatMoney } from "~/lib/money";

export type ProofData = {
  sold: { latest: SaleCardData[]; count: number; savedCents: number };
  reviews: { latest: ReviewCardData[]; average: number | null; count: number };
  agents: { shown: AgentCardData[]; count: number };
};

const more = "font-semibold text-brand-700 hover:underline";

export function ProofSections({ proof }: { proof: ProofData }) {
  const site = useSite();
  return (
    <>
      {proof.sold.latest.length > 0 ? (
        <section id="sold" aria-labelledby="sold-title" className="scroll-mt-16 bg-slate-50 px-4 py-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="sold-title" className="text-center text-3xl font-bold text-brand-900">
              Homes we sold
            </h2>
            {proof.sold.savedCents > 0 ? (
              <>
                <p className="mt-3 text-center text-lg text-slate-700" data-testid="sellers-saved">
                  Our sellers have saved {formatMoney(proof.sold.savedCents)}
                </p>
                <p className="mt-1 text-center text-sm text-slate-700">
                  <SavingBasis capital />
                </p>
              </>
            ) : null}
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {proof.sold.latest.map((sale) => (
                <li key={sale.id}>
                  <SaleCard sale={sale} />
                </li>
              ))}
            </ul>
            <p className="mt-6 text-center">
              <Link to="/sold" className={more}>
                See all {proof.sold.count.toLocaleString("en-US")} homes
              </Link>
            </p>
          </div>
        </section>
      ) : null}
      {proof.reviews.latest.length > 0 ? (
        <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-16 px-4 py-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="reviews-title" className="text-center text-3xl font-bold text-brand-900">
              What our clients say
            </h2>
            <div className="mt-3 flex justify-center">
              <ReviewSummary average={proof.reviews.average} count={proof.reviews.count} />
            </div>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {proof.reviews.latest.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
            <p className="mt-6 text-center">
              <Link to="/reviews" className={more}>
                Read every review
              </Link>
            </p>
          </div>
        </section>
      ) : null}
      {proof.agents.shown.length > 0 && site ? (
        <section id="agents" aria-labelledby="agents-title" className="scroll-mt-16 bg-slate-50 px-4 py-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="agents-title" className="text-center text-3xl font-bold text-brand-900">
              Our agents
            </h2>
            <ul className="mt-8 grid gap-6 md:grid-cols-2">
              {proof.agents.shown.map((agent) => (
                <li key={agent.slug}>
                  <AgentCard agent={agent} site={site} />
                </li>
              ))}
            </ul>
            <p className="mt-6 text-center">
              <Link to="/agents" className={more}>
                {proof.agents.count === 1 ? "Meet our agent" : `Meet all ${proof.agents.count} of our agents`}
              </Link>
            </p>
          </div>
        </section>
      ) : null}
    </>
  );
}
