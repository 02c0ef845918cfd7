/**
 * Part of `npm run bench`: offers (docs/decisions/029-offers.md). A sale with 30 offers of 4 rounds each
 * (the offer and three counters, each with its history), all shared: the workspace and the portal that
 * compare them by net (goal p95 <= 20 ms), the same with one offer opened, and the workspace of a sale
 * with no offers (reference). 500 sequential views after 200 (bench-server.ts). Prints; asserts nothing.
 */
import { createEstimate } from "~/models/estimate.server";
import { initializeMilestones } from "~/models/milestone.server";
import { applyOfferEvent } from "~/models/offer-moves.server";
import { createOffer } from "~/models/offer.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import {
  BENCH_SECRET,
  describeCold,
  describeTimes,
  sequentialTimes,
  sessionCookie,
  startBenchServer,
  freshBenchDatabase,
} from "./bench-server";

const OFFERS = 30;
const ROUNDS = 4;
const GOAL_P95 = 20;

export async function benchOffers(options: { port: number; dir: string }) {
  const { database, db, admin } = freshBenchDatabase(options.dir, "offers", "Alex");
  const seller = upsertUserFromClaims(db, { email: "seller@example.com", firstName: "Bench", lastName: "Seller" });
  const open = (email: string, address: string) => {
    const t = createTransaction(
      db,
      admin,
      { email, type: "selling", propertyAddress: address, homeValue: "850000" },
      { notify: false },
    );
    initializeMilestones(db, admin, t.id);
    return t;
  };
  const sale = open(seller.email, "1 Offer St");
  const quiet = open("quiet@example.com", "2 Offer St");
  createEstimate(db, seller, sale.id, {
    name: "at $850,000",
    inputs: { price: "850000", loanPayoffs: "400000", annualPropertyTax: "9000" },
  });
  const expiresAt = new Date(Date.now() + 3 * 24 * 3600e3).toISOString();
  let first = 0;
  db.transaction(() => {
    for (let i = 0; i < OFFERS; i++) {
      const offer = createOffer(db, admin, sale.id, {
        buyerName: `Buyer ${i + 1}`,
        buyerAgent: `Agent ${i + 1}`,
        price: String(820_000 + i * 2_500),
        financing: i % 5 === 0 ? "cash" : "conventional",
        deposit: String(20_000 + i * 500),
        sellerCredit: String((i % 4) * 2_500),
        buyerAgentPay: String(20_000 + (i % 3) * 1_000),
        expiresAt,
        shared: true,
      });
      first ||= offer.id;
      for (let r = 1; r < ROUNDS; r++) {
        applyOfferEvent(db, admin, offer.id, {
          type: "counter",
          by: r % 2 ? "seller" : "buyer",
          terms: { price: String(830_000 + i * 2_500 + r * 1_000), expiresAt },
          note: `Round ${r + 1}`,
        });
      }
    }
  });
  db.$client.prepare("DELETE FROM email_outbox").run();
  const adminCookie = await sessionCookie(db, admin.id);
  const sellerCookie = await sessionCookie(db, seller.id);
  db.$client.close();

  const { base, server } = await startBenchServer(options.port, {
    DATABASE_URL: database,
    SESSION_SECRET: BENCH_SECRET,
    MAIL_DIR: `${options.dir}/mail`,
  });
  try {
    for (const [label, path, cookie, goal] of [
      [
        `/admin/transactions/{id}, ${OFFERS} offers of ${ROUNDS} rounds`,
        `/admin/transactions/${sale.id}`,
        adminCookie,
        GOAL_P95,
      ],
      [`/client-portal, the same sale`, "/client-portal", sellerCookie, GOAL_P95],
      [
        `/admin/transactions/{id}?offer=… (one opened)`,
        `/admin/transactions/${sale.id}?offer=${first}`,
        adminCookie,
        GOAL_P95,
      ],
      [
        `/admin/transactions/{id}, a sale with no offers (reference)`,
        `/admin/transactions/${quiet.id}`,
        adminCookie,
        0,
      ],
    ] as const) {
      const { cold, status, ...timed } = await sequentialTimes(`${base}${path}`, { cookie });
      console.log(
        `offers: GET ${label}${status === 200 ? "" : ` (${status})`}: ${describeTimes(timed, goal)}` +
          describeCold(cold),
      );
    }
  } finally {
    server.kill();
  }
}
