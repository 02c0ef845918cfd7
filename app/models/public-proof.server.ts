/**
 * What the public pages show of the proof, shaped for their cards (app/components/proof.tsx): the
 * landing page's three sections, an agent's page. Each read uses its index and the kept counts
 * (docs/proof.md), so no page's cost grows with the records.
 */
import type { Db } from "~/db/client.server";
import { getPublicAgent, pagePublicAgents, type PublicAgent } from "~/models/agent-profile.server";
import { listReviews, reviewStats, type PublicReview } from "~/models/review.server";
import { latestSold, soldTotals, type PublicSale } from "~/models/sold-home.server";
import { AGENT_REVIEWS_PAGE } from "~/lib/proof-schema";

/** How many of each the landing page shows. */
export const LANDING_COUNT = { sold: 3, reviews: 3, agents: 4 } as const;

export const saleCard = ({
  id,
  place,
  closedMonth,
  priceCents,
  feeCents,
  savedCents,
  feeBasis,
  side,
  agent,
  photo,
  url,
}: PublicSale) => ({ id, place, closedMonth, priceCents, feeCents, savedCents, feeBasis, side, agent, photo, url });

export const reviewCard = (r: PublicReview) => ({ ...r, createdAt: r.createdAt.toISOString() });

export const agentCard = ({ slug, name, title, license, phone, email, areas, photo }: PublicAgent) => ({
  slug,
  name,
  title,
  license,
  phone,
  email,
  areas,
  photo,
});

/** The landing page's "Homes we sold", "What our clients say" and "Our agents" (each empty while it has nothing). */
export function landingProof(db: Db) {
  const agents = pagePublicAgents(db, 1, LANDING_COUNT.agents);
  return {
    sold: { latest: latestSold(db, LANDING_COUNT.sold).map(saleCard), ...soldTotals(db) },
    reviews: {
      latest: listReviews(db, { page: 1, limit: LANDING_COUNT.reviews }).items.map(reviewCard),
      ...reviewStats(db),
    },
    agents: { shown: agents.items.map(agentCard), count: agents.total },
  };
}
export type LandingProof = ReturnType<typeof landingProof>;

/** An agent's page: the person, their six newest sales shown, their reviews (12 a page) and their average. */
export function agentPage(db: Db, slug: string, page: number) {
  const agent = getPublicAgent(db, slug);
  return {
    agent,
    sold: latestSold(db, 6, agent.id).map(saleCard),
    reviews: {
      ...listReviews(db, { agentId: agent.id, page, limit: AGENT_REVIEWS_PAGE }),
      ...reviewStats(db, agent.id),
    },
  };
}
