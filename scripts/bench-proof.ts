/**
 * Part of `npm run bench` (`--only=proof`): the proof on the public site (issue 45, docs/proof.md) with 200 agents,
 * 5,000 sold homes and 20,000 reviews. Each page rendered alone (a query the page cache never stores: 500
 * sequential views after 200; goal p95 <= 10 ms), then `/`, `/agents`, `/sold` and `/reviews` under load as the
 * page cache serves them, next to a bare server answering the same bytes (goal >= 90 % of its requests/s).
 * Prints; asserts nothing.
 */
import type { Db } from "~/db/client.server";
import {
  describeCold,
  describeTimes,
  freshBenchDatabase,
  startBenchServer,
  sequentialTimes,
  cachedAgainstBare,
} from "./bench-server";

const GOAL_P95 = 10;
const GOAL_CACHED_RATIO = 0.9;
const NEIGHBOURHOODS = [
  ["92104", "North Park"],
  ["92103", "Hillcrest"],
  ["92109", "Pacific Beach"],
  ["92037", "La Jolla"],
  ["92116", "Normal Heights"],
] as const;

/**
 * Writes `agents` licensed agents with profiles, `sold` completed sales shown with consent and `reviews` published
 * reviews (their requests, transactions and clients), in one database transaction of plain inserts: the triggers
 * keep the counts as they would for each.
 */
export function fillProof(db: Db, counts: { agents: number; sold: number; reviews: number }) {
  const sqlite = db.$client;
  const now = Date.now();
  const month = 30 * 86_400_000;
  sqlite.transaction(() => {
    const user = sqlite.prepare(
      "INSERT INTO users (id, email, first_name, last_name, is_agent, phone, license_number, team_position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const profile = sqlite.prepare(
      "INSERT INTO agent_profiles (user_id, slug, title, bio, languages, areas) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const agentIds: string[] = [];
    for (let i = 0; i < counts.agents; i++) {
      const id = `bench-agent-${i}`;
      agentIds.push(id);
      user.run(id, `agent${i}@agency.test`, `Agent${i}`, "Moss", 1, "619-555-0100", String(10_000_000 + i), i + 1);
      profile.run(
        id,
        `agent${i}-moss`,
        "Realtor",
        `Bio of agent ${i}. `.repeat(10),
        "English, Spanish",
        "North Park, 92104",
      );
    }
    const client = sqlite.prepare("INSERT INTO users (id, email, first_name, last_name) VALUES (?, ?, ?, ?)");
    const transaction = sqlite.prepare(
      "INSERT INTO transactions (user_id, type, property_address, home_value_cents, tier, status, closed_at, assigned_agent_id) VALUES (?, 'selling', ?, ?, 2, 'completed', ?, ?) RETURNING id",
    );
    const sold = sqlite.prepare(
      "INSERT INTO sold_homes (transaction_id, user_id, agent_id, side, address, zip, neighbourhood, closed_at, price_cents, fee_cents, saved_cents, asked_at, answered_at, shown, detail) VALUES (?, ?, ?, 'selling', ?, ?, ?, ?, ?, 1000000, ?, ?, ?, 1, 'neighbourhood')",
    );
    const request = sqlite.prepare(
      "INSERT INTO review_requests (transaction_id, user_id, email, name, token_hash, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
    );
    const review = sqlite.prepare(
      "INSERT INTO reviews (request_id, transaction_id, user_id, agent_id, rating, text, display_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const people = Math.max(counts.sold, counts.reviews);
    for (let i = 0; i < people; i++) {
      const clientId = `bench-client-${i}`;
      client.run(clientId, `client${i}@example.com`, `Client${i}`, "Buyer");
      const agentId = agentIds.length ? agentIds[i % agentIds.length]! : null;
      const [zip, area] = NEIGHBOURHOODS[i % NEIGHBOURHOODS.length]!;
      const closedAt = now - (i % 60) * month - i * 1000;
      const price = 80_000_000 + (i % 50) * 1_000_000;
      const { id } = transaction.get(
        clientId,
        `${100 + i} Palm St, San Diego, CA ${zip}`,
        price,
        closedAt,
        agentId,
      ) as { id: number };
      if (i < counts.sold) {
        sold.run(
          id,
          clientId,
          agentId,
          `${100 + i} Palm St, San Diego, CA ${zip}`,
          zip,
          area,
          closedAt,
          price,
          (price * 3) / 100 - 1_000_000,
          closedAt,
          closedAt,
        );
      }
      if (i < counts.reviews) {
        const req = request.get(
          id,
          clientId,
          `client${i}@example.com`,
          `Client${i} Buyer`,
          `bench-${i}`,
          now + month,
          closedAt,
        ) as { id: number };
        review.run(
          req.id,
          id,
          clientId,
          agentId,
          (i % 5) + 1,
          `Review ${i}: they sold our home for a flat fee. `.repeat(4),
          `Client${i} B.`,
          closedAt,
          closedAt,
        );
      }
    }
  })();
}

export async function benchProof(options: { port: number; dir: string }) {
  // The reference: the same pages on an empty database (no proof to show), rendered alone.
  const empty = freshBenchDatabase(options.dir, "proof-empty", "Alex");
  empty.db.$client.close();
  const reference = await startBenchServer(options.port + 9, {
    DATABASE_URL: empty.database,
    MAIL_TICK_SECONDS: "3600",
  });
  try {
    for (const path of ["/", "/agents", "/sold", "/reviews"]) {
      const { cold, status, ...timed } = await sequentialTimes(`${reference.base}${path}?fresh=1`, {});
      console.log(
        `proof: GET ${path} rendered, empty database (reference)${status === 200 ? "" : ` (${status})`}: ${describeTimes(timed, GOAL_P95)}${describeCold(cold)}`,
      );
    }
  } finally {
    reference.server.kill();
  }
  const { database, db } = freshBenchDatabase(options.dir, "proof", "Alex");
  const counts = { agents: 200, sold: 5000, reviews: 20_000 };
  const started = performance.now();
  fillProof(db, counts);
  console.log(
    `proof: ${counts.agents} agents, ${counts.sold} sold homes, ${counts.reviews} reviews written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  db.$client.close();
  const { base, server } = await startBenchServer(options.port, { DATABASE_URL: database, MAIL_TICK_SECONDS: "3600" });
  try {
    // Rendered alone: a query no page reads is never stored by the page cache, so each view is rendered.
    for (const path of [
      "/",
      "/agents",
      "/agents?page=8",
      "/agents/agent7-moss",
      "/sold",
      "/sold?zip=92104&page=40",
      "/reviews",
      "/reviews?page=800",
    ]) {
      const url = `${base}${path}${path.includes("?") ? "&" : "?"}fresh=1`;
      const { cold, status, ...timed } = await sequentialTimes(url, {});
      console.log(
        `proof: GET ${path} rendered${status === 200 ? "" : ` (${status})`}: ${describeTimes(timed, GOAL_P95)}${describeCold(cold)}`,
      );
    }
    await cachedAgainstBare("proof", base, ["/", "/agents", "/sold", "/reviews"], options.port + 5, GOAL_CACHED_RATIO);
  } finally {
    server.kill();
  }
}
