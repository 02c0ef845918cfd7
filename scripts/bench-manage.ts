/**
 * Part of `npm run bench` (`--only=manage`): a sale's workspace (docs/workspace.md) with everything at once: 10
 * agreements, 20 showings to come, 30 offers of 4 rounds, 200 documents, 50 photos, 5 open houses and 300 messages;
 * its overview (goal p95 <= 15 ms) and each tab (<= 20 ms), beside those of a sale with none (what the page itself
 * costs); and the landing page from the page cache while showings of a
 * listing are approved and cancelled twice a second, next to the same load with each change raising the public
 * pages' version as the triggers before issue 43 did (every public page emptied) and next to a bare node:http
 * server with its bytes. The data are written as rows (agreements, showings, documents), so that the same script
 * measures an earlier commit too. Prints; asserts nothing.
 */
import { randomBytes } from "node:crypto";
import { initializeMilestones } from "~/models/milestone.server";
import { applyOfferEvent } from "~/models/offer-moves.server";
import { createOffer } from "~/models/offer.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { openDatabase } from "~/db/client.server";
import {
  BENCH_SECRET,
  describeCold,
  describeTimes,
  sequentialTimes,
  sessionCookie,
  startBareServer,
  startBenchServer,
  freshBenchDatabase,
} from "./bench-server";
import { describeLoad, load } from "./load";

const AGREEMENTS = 10;
const SHOWINGS = 20;
const OFFERS = 30;
const ROUNDS = 4;
const DOCUMENTS = 200;
const PHOTOS = 50;
const OPEN_HOUSES = 5;
const MESSAGES = 300;
const GOAL_P95 = 20;
const GOAL_OVERVIEW_P95 = 15;
const GOAL_CACHED_RATIO = 0.9;

export async function benchManage(options: { port: number; dir: string }) {
  const { database, db, admin } = freshBenchDatabase(options.dir, "manage", "Alex");
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
  const sale = open(seller.email, "1 Manage St");
  const quiet = open("quiet@example.com", "2 Manage St");
  const sql = db.$client;
  const now = Date.now();
  const expiresAt = new Date(now + 3 * 24 * 3600e3).toISOString();
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
      for (let r = 1; r < ROUNDS; r++) {
        applyOfferEvent(db, admin, offer.id, {
          type: "counter",
          by: r % 2 ? "seller" : "buyer",
          terms: { price: String(830_000 + i * 2_500 + r * 1_000), expiresAt },
          note: `Round ${r + 1}`,
        });
      }
    }
    const addDocument = sql.prepare(
      `INSERT INTO documents (transaction_id, name, content_type, size, sha256, storage_key, uploaded_by_role, created_at)
       VALUES (?, ?, 'application/pdf', 120000, ?, ?, 'admin', ?)`,
    );
    for (let i = 0; i < DOCUMENTS; i++) {
      addDocument.run(sale.id, `Document ${i + 1}.pdf`, "0".repeat(64), `documents/bench/${i}`, now - i * 60_000);
    }
    const addAgreement = sql.prepare(
      `INSERT INTO agreements (transaction_id, client_id, kind, title, fields, starts_on, ends_on, status,
        unsigned_key, unsigned_sha256, created_at, sent_at)
       VALUES (?, ?, 'listing', ?, '{}', '2027-01-01', '2027-06-30', ?, ?, ?, ?, ?)`,
    );
    const addSigner = sql.prepare(
      `INSERT INTO agreement_signers (agreement_id, position, role, name, email, user_id, signed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < AGREEMENTS; i++) {
      const status = i < 3 ? "draft" : i < 7 ? "sent" : "signed";
      const { lastInsertRowid } = addAgreement.run(
        sale.id,
        seller.id,
        `Listing agreement ${i + 1}`,
        status,
        `agreements/bench/${i}`,
        "0".repeat(64),
        now - i * 3_600_000,
        status === "draft" ? null : now - i * 3_600_000,
      );
      const signed = status === "signed" ? now - i * 1_800_000 : null;
      addSigner.run(lastInsertRowid, 0, "client", "Bench Seller", seller.email, seller.id, signed);
      addSigner.run(lastInsertRowid, 1, "agent", "Alex Admin", "bench-admin@agency.test", admin.id, signed);
    }
    sql
      .prepare(
        `INSERT INTO showing_settings (transaction_id, token, rules, access_instructions)
         VALUES (?, ?, ?, 'Lockbox 1234')`,
      )
      .run(
        sale.id,
        randomBytes(24).toString("base64url"),
        JSON.stringify({
          hours: Array.from({ length: 7 }, () => [{ from: "09:00", to: "20:00" }]),
          noticeHours: 1,
          slotMinutes: 30,
          blockedDates: [],
          autoApprove: false,
        }),
      );
    const addShowing = sql.prepare(
      `INSERT INTO showings (transaction_id, status, source, start, "end", slots, agent_name, brokerage, license_number,
        phone, email, people, agent_token, created_at, updated_at)
       VALUES (?, ?, 'page', ?, ?, '[]', ?, 'Harbor Homes', '01234567', '619-555-0199', ?, 2, ?, ?, ?)`,
    );
    for (let i = 0; i < SHOWINGS; i++) {
      const start = now + (i + 1) * 3 * 3_600_000;
      addShowing.run(
        sale.id,
        i % 4 === 0 ? "requested" : "approved",
        start,
        start + 1_800_000,
        `Agent ${i + 1}`,
        `agent${i}@harbor.example`,
        randomBytes(24).toString("base64url"),
        now,
        now,
      );
    }
    // The listing: its page, 50 photos, 5 open houses to come; and a thread of 300 messages.
    sql
      .prepare(
        `UPDATE home_listings SET price_cents = 85000000, beds = 3, baths = '2', description = 'A bench home.'
         WHERE transaction_id = ?`,
      )
      .run(sale.id);
    const addImage = sql.prepare(`INSERT INTO images (id, variants, created_at) VALUES (?, ?, ?)`);
    const addPhoto = sql.prepare(
      `INSERT INTO listing_photos (transaction_id, image_id, position, alt, created_at) VALUES (?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < PHOTOS; i++) {
      const imageId = randomBytes(16).toString("hex");
      addImage.run(imageId, JSON.stringify([{ name: 640, width: 640, height: 480, size: 40_000 }]), now);
      addPhoto.run(sale.id, imageId, i, `Room ${i + 1}`, now);
    }
    const addOpenHouse = sql.prepare(
      `INSERT INTO open_houses (transaction_id, starts_at, ends_at, host_id, token, created_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < OPEN_HOUSES; i++) {
      const start = now + (i + 2) * 7 * 24 * 3_600_000;
      addOpenHouse.run(
        sale.id,
        start,
        start + 7_200_000,
        admin.id,
        randomBytes(18).toString("base64url"),
        admin.id,
        now,
      );
    }
    const addMessage = sql.prepare(
      `INSERT INTO messages (transaction_id, author_id, author_role, author_name, body, via, created_at)
       VALUES (?, ?, ?, ?, ?, 'portal', ?)`,
    );
    for (let i = 0; i < MESSAGES; i++) {
      const fromClient = i % 2 === 0;
      addMessage.run(
        sale.id,
        fromClient ? seller.id : admin.id,
        fromClient ? "client" : "admin",
        fromClient ? "Bench Seller" : "Alex Admin",
        `Message ${i + 1} about the showings, the offers and the inspection.`,
        now - (MESSAGES - i) * 600_000,
      );
    }
  });
  sql.prepare("DELETE FROM email_outbox").run();
  const adminCookie = await sessionCookie(db, admin.id);
  db.$client.close();

  const { base, server } = await startBenchServer(options.port, {
    DATABASE_URL: database,
    SESSION_SECRET: BENCH_SECRET,
    MAIL_DIR: `${options.dir}/mail`,
    MAIL_TICK_SECONDS: "3600",
  });
  try {
    // The workspace: its overview (goal p95 <= 15 ms) and each tab (<= 20 ms), the big deal's and, for reference,
    // those of a sale with none of it (what the page itself costs).
    const big = `${AGREEMENTS} agreements, ${SHOWINGS} showings, ${OFFERS} offers, ${DOCUMENTS} documents, ${PHOTOS} photos, ${OPEN_HOUSES} open houses, ${MESSAGES} messages`;
    console.log(`manage: the big deal: ${big}`);
    for (const [tab, path, goal] of [
      ["overview", "", GOAL_OVERVIEW_P95],
      ["Offers", "/offers", GOAL_P95],
      ["Agreements", "/agreements", GOAL_P95],
      ["Showings", "/showings", GOAL_P95],
      ["Documents", "/documents", GOAL_P95],
      ["Messages", "/messages", GOAL_P95],
      ["Money", "/money", GOAL_P95],
      ["Listing", "/listing", GOAL_P95],
      ["Contract dates", "/contract", GOAL_P95],
      ["History", "/history", GOAL_P95],
    ] as const) {
      for (const [deal, id, dealGoal] of [
        ["the big deal", sale.id, goal],
        ["a sale with none of it (reference)", quiet.id, 0],
      ] as const) {
        const { cold, status, ...timed } = await sequentialTimes(`${base}/admin/transactions/${id}${path}`, {
          cookie: adminCookie,
        });
        console.log(
          `manage: GET /admin/transactions/{id}${path} (${tab}), ${deal}${status === 200 ? "" : ` (${status})`}: ` +
            `${describeTimes(timed, dealGoal)}${describeCold(cold)}`,
        );
      }
    }

    // The landing page from the cache while showings change (approved, cancelled) twice a second.
    const headers = { "accept-encoding": "gzip, deflate, br", accept: "text/html" };
    const bytes = Buffer.from(await (await fetch(`${base}/`, { headers })).arrayBuffer());
    const bare = await startBareServer(options.port + 5, bytes);
    const writer = openDatabase(database);
    const flip = writer.$client.prepare(
      `UPDATE showings SET status = CASE status WHEN 'approved' THEN 'cancelled' ELSE 'approved' END
       WHERE id = (SELECT min(id) FROM showings WHERE transaction_id = ?)`,
    );
    const raisePublic = writer.$client.prepare("UPDATE content_version SET version = version + 1 WHERE id = 1");
    try {
      const baseline = await load(`http://localhost:${options.port + 5}/`, { headers });
      console.log(`manage: load, bare node:http with the landing page's bytes: ${describeLoad(baseline)}`);
      for (const [label, change] of [
        ["showings changing (each change empties its own page)", () => flip.run(sale.id)],
        [
          "showings changing, each raising the public pages' version as before issue 43",
          () => {
            flip.run(sale.id);
            raisePublic.run();
          },
        ],
      ] as const) {
        const timer = setInterval(change, 500);
        try {
          const cached = await load(`${base}/`, { headers });
          const ratio = cached.rps / baseline.rps;
          console.log(
            `manage: load, GET / (cached) with ${label}: ${describeLoad(cached)}; ${(ratio * 100).toFixed(0)} % of bare ` +
              `(goal >= ${GOAL_CACHED_RATIO * 100} %: ${ratio >= GOAL_CACHED_RATIO ? "met" : "NOT met"})`,
          );
        } finally {
          clearInterval(timer);
        }
      }
    } finally {
      bare.kill();
      writer.$client.close();
    }
  } finally {
    server.kill();
  }
}
