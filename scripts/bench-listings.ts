/**
 * Part of `npm run bench` (`--only=listings`): our listings on our own site (issue 47, docs/listings.md) with 2,000
 * live listings of 50 photos each, their price changes and two open houses each in the coming fortnight. Each page
 * rendered alone (a query the page cache never stores: 500 sequential views after 200; goal p95 <= 10 ms), then
 * `/homes`, a listing's page and `/open-houses` under load as the page cache serves them, next to a bare server
 * answering the same bytes (goal >= 90 % of its requests/s). Prints; asserts nothing.
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
const ZIPS = ["92104", "92103", "92109", "92037", "92116"] as const;

/** Writes `listings` live listings with `photos` photos each, in one database transaction of plain inserts. */
export function fillListings(db: Db, counts: { agents: number; listings: number; photos: number }) {
  const sqlite = db.$client;
  const now = Date.now();
  const day = 86_400_000;
  sqlite.transaction(() => {
    const user = sqlite.prepare(
      "INSERT INTO users (id, email, first_name, last_name, is_agent, license_number, license_expires_on) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    const inTwoYears = new Date(now + 730 * day).toISOString().slice(0, 10);
    for (let a = 0; a < counts.agents; a++) {
      user.run(`bench-agent-${a}`, `agent${a}@agency.test`, `Agent${a}`, "Moss", 1, String(10_000_000 + a), inTwoYears);
    }
    const transaction = sqlite.prepare(
      "INSERT INTO transactions (user_id, type, property_address, home_value_cents, tier, status, assigned_agent_id, year_built) VALUES (?, 'selling', ?, ?, 2, 'active', ?, 1962) RETURNING id",
    );
    // Each listing's agreement in force (the rule of app/lib/listing-state.ts: the start-up's day job keeps them live).
    const agreement = sqlite.prepare(
      "INSERT INTO agreements (transaction_id, client_id, kind, title, fields, starts_on, ends_on, status, unsigned_key, unsigned_sha256) VALUES (?, ?, 'listing', 'Listing agreement', '{\"flatFee\":\"$10,000\"}', '2026-01-01', ?, 'signed', 'agreements/bench', ?)",
    );
    const listing = sqlite.prepare(
      "INSERT INTO home_listings (transaction_id, slug, seller_yes_at, mls_entered_on, price_cents, beds, baths, square_feet, lot_square_feet, description, zip, state, published_at) VALUES (?, ?, ?, '2026-01-05', ?, ?, '2.5', 1650, 5000, ?, ?, 'live', ?)",
    );
    const price = sqlite.prepare('INSERT INTO listing_prices (transaction_id, price_cents, "on") VALUES (?, ?, ?)');
    const image = sqlite.prepare("INSERT INTO images (id, variants) VALUES (?, ?)");
    const photo = sqlite.prepare(
      "INSERT INTO listing_photos (transaction_id, image_id, position, alt) VALUES (?, ?, ?, ?)",
    );
    const open = sqlite.prepare(
      "INSERT INTO open_houses (transaction_id, starts_at, ends_at, host_id, token) VALUES (?, ?, ?, ?, ?)",
    );
    const variants = JSON.stringify(
      [400, 800, 1600].map((w) => ({ name: w, width: w, height: (w * 3) / 4, size: 50_000 })),
    );
    for (let i = 0; i < counts.listings; i++) {
      const clientId = `bench-seller-${i}`;
      user.run(clientId, `seller${i}@example.com`, `Seller${i}`, "Home", 0, null, null);
      const zip = ZIPS[i % ZIPS.length]!;
      const cents = 60_000_000 + (i % 80) * 2_500_000;
      const agent = `bench-agent-${i % counts.agents}`;
      const { id } = transaction.get(clientId, `${100 + i} Juniper St, San Diego, CA ${zip}`, cents, agent) as {
        id: number;
      };
      const published = now - (i % 90) * day - i * 1000;
      agreement.run(id, clientId, inTwoYears, "0".repeat(64));
      listing.run(
        id,
        `${100 + i}-juniper-st-${zip}`,
        published,
        cents,
        2 + (i % 4),
        "A Craftsman bungalow with three bedrooms near two parks. ".repeat(12),
        zip,
        published,
      );
      price.run(id, cents + 2_500_000, "2026-01-05");
      price.run(id, cents, "2026-02-10");
      for (let p = 0; p < counts.photos; p++) {
        const imageId = `${i.toString(16).padStart(8, "0")}${p.toString(16).padStart(24, "0")}`;
        image.run(imageId, variants);
        photo.run(id, imageId, p + 1, `Room ${p + 1}: the living room with its fireplace`);
      }
      for (let o = 0; o < 2; o++) {
        const start = now + ((i % 13) + 1 + o) * day;
        open.run(id, start, start + 2 * 3600_000, agent, `bench${i}x${o}`.padEnd(24, "0"));
      }
    }
  })();
}

export async function benchListings(options: { port: number; dir: string }) {
  // The reference: the same list pages on an empty database (nothing to show), rendered alone.
  const empty = freshBenchDatabase(options.dir, "listings-empty", "Alex");
  empty.db.$client.close();
  const reference = await startBenchServer(options.port + 9, {
    DATABASE_URL: empty.database,
    MAIL_TICK_SECONDS: "3600",
  });
  try {
    for (const path of ["/homes", "/open-houses", "/sold"]) {
      const { cold, status, ...timed } = await sequentialTimes(`${reference.base}${path}?fresh=1`, {});
      console.log(
        `listings: GET ${path} rendered, empty database (reference)${status === 200 ? "" : ` (${status})`}: ${describeTimes(timed, GOAL_P95)}${describeCold(cold)}`,
      );
    }
  } finally {
    reference.server.kill();
  }
  const { database, db } = freshBenchDatabase(options.dir, "listings", "Alex");
  const counts = { agents: 40, listings: 2000, photos: 50 };
  const started = performance.now();
  fillListings(db, counts);
  console.log(
    `listings: ${counts.listings} live listings with ${counts.photos} photos each, 4,000 open houses, written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  db.$client.close();
  const { base, server } = await startBenchServer(options.port, { DATABASE_URL: database, MAIL_TICK_SECONDS: "3600" });
  try {
    for (const path of [
      "/homes",
      "/homes?zip=92104&minPrice=700000&maxPrice=1500000&beds=3",
      "/homes?page=80",
      "/homes/2099-juniper-st-92116",
      "/homes/100-juniper-st-92104?photo=37",
      "/open-houses",
      "/open-houses?page=40",
      "/sitemap.xml",
    ]) {
      const url = `${base}${path}${path.includes("?") ? "&" : "?"}fresh=1`;
      const { cold, status, ...timed } = await sequentialTimes(url, {});
      console.log(
        `listings: GET ${path} rendered${status === 200 ? "" : ` (${status})`}: ${describeTimes(timed, GOAL_P95)}${describeCold(cold)}`,
      );
    }
    await cachedAgainstBare(
      "listings",
      base,
      ["/homes", "/homes/2099-juniper-st-92116", "/open-houses"],
      options.port + 5,
      GOAL_CACHED_RATIO,
    );
  } finally {
    server.kill();
  }
}
